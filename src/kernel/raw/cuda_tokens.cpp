// The tokenizer behind the CUDA source readers (kernel signatures, struct layouts).
#include "kernel/raw/cuda_tokens.hpp"

#include <cctype>

namespace ndgpu::kernel {

namespace {
bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
}  // namespace

// Comments and preprocessor lines are dropped; "::" is one token, other punctuation single.
std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  bool line_start = true;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (c == '\n') {
      line_start = true;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '\\' && (s.compare(i + 1, 1, "\n") == 0 || s.compare(i + 1, 2, "\r\n") == 0)) {
      i += s[i + 1] == '\r' ? 3 : 2;  // a line splice
    } else if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
      if (i == std::string::npos) i = s.size();
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? s.size() : e + 2;
    } else if (c == '#' && line_start) {
      while (i < s.size() && s[i] != '\n') i += (s[i] == '\\' && i + 1 < s.size()) ? 2 : 1;
    } else if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != c) j += s[j] == '\\' ? 2 : 1;
      out.push_back({Token::String, s.substr(i, std::min(j + 1, s.size()) - i)});
      i = j + 1;
      line_start = false;
    } else if (ident_start(c)) {
      size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      out.push_back({Token::Ident, s.substr(i, j - i)});
      i = j;
      line_start = false;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < s.size() && (ident_char(s[j]) || s[j] == '.')) ++j;
      out.push_back({Token::Number, s.substr(i, j - i)});
      i = j;
      line_start = false;
    } else {
      size_t n = s.compare(i, 2, "::") == 0 ? 2 : 1;
      out.push_back({Token::Punct, s.substr(i, n)});
      i += n;
      line_start = false;
    }
  }
  return out;
}

bool is(const Token& t, const char* text) {
  return t.text == text;
}

// Index of the bracket closing the one at `open`; toks.size() when unbalanced.
size_t match(const std::vector<Token>& t, size_t open) {
  const std::string o = t[open].text;
  const char* c = o == "(" ? ")" : o == "<" ? ">" : o == "[" ? "]" : "}";
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i].kind != Token::Punct) continue;
    if (t[i].text == o) ++depth;
    if (t[i].text == c && --depth == 0) return i;
  }
  return t.size();
}

// Splits [b, e) at commas outside (), <>, [] and {}.
std::vector<std::vector<Token>> split_commas(const std::vector<Token>& t, size_t b, size_t e) {
  std::vector<std::vector<Token>> parts(1);
  int depth = 0;
  for (size_t i = b; i < e; ++i) {
    const std::string& x = t[i].text;
    if (t[i].kind == Token::Punct) {
      if (x == "(" || x == "<" || x == "[" || x == "{") ++depth;
      if (x == ")" || x == ">" || x == "]" || x == "}") --depth;
      if (x == "," && depth == 0) {
        parts.emplace_back();
        continue;
      }
    }
    parts.back().push_back(t[i]);
  }
  if (parts.size() == 1 && parts[0].empty()) parts.clear();
  return parts;
}

std::string join(const std::vector<Token>& t) {
  std::string s;
  for (size_t i = 0; i < t.size(); ++i) {
    bool word = t[i].kind != Token::Punct;
    bool prev_word = i > 0 && t[i - 1].kind != Token::Punct;
    bool after_ptr = i > 0 && (is(t[i - 1], "*") || is(t[i - 1], "&")) && word;
    if (i > 0 && ((word && prev_word) || after_ptr)) s += ' ';
    s += t[i].text;
  }
  return s;
}

}  // namespace ndgpu::kernel
