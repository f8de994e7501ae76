#include "kernel/raw/cuda_signature.hpp"

#include <cctype>
#include <map>

namespace ndgpu::kernel {
namespace {

struct Token {
  enum Kind { Ident, Number, String, Punct } kind;
  std::string text;
};

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

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

bool is(const Token& t, const char* text) { return t.text == text; }

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

const char* const kTypeWords[] = {"void", "bool", "char", "short", "int", "long", "float",
                                  "double", "signed", "unsigned", "const", "volatile",
                                  "__restrict__", "__restrict", "struct"};
bool type_word(const std::string& w) {
  for (const char* k : kTypeWords)
    if (w == k) return true;
  return false;
}

std::optional<CudaParam> read_param(std::vector<Token> p) {
  for (size_t i = 0; i < p.size(); ++i)
    if (is(p[i], "=")) p.resize(i);  // a default argument
  if (p.empty() || (p.size() == 1 && is(p[0], "void"))) return std::nullopt;
  bool array = false;
  while (!p.empty() && is(p.back(), "]")) {
    size_t k = p.size() - 1;
    while (k > 0 && !is(p[k], "[")) --k;
    p.resize(k);
    array = true;
  }
  CudaParam out;
  bool only_qualifiers = true;
  for (size_t i = 0; i + 1 < p.size(); ++i)
    only_qualifiers = only_qualifiers && (is(p[i], "const") || is(p[i], "volatile"));
  if (p.size() >= 2 && p.back().kind == Token::Ident && !type_word(p.back().text) &&
      !is(p[p.size() - 2], "::") && !only_qualifiers) {
    out.name = p.back().text;
    p.pop_back();
  }
  out.type = join(p) + (array ? "*" : "");
  return out;
}

std::vector<std::string> template_names(const std::vector<Token>& t, size_t open) {
  std::vector<std::string> names;
  for (auto& part : split_commas(t, open + 1, match(t, open))) {
    std::string name;
    for (const Token& x : part) {
      if (is(x, "=")) break;
      if (x.kind == Token::Ident) name = x.text;
    }
    names.push_back(name);
  }
  return names;
}

bool starts_linkage_block(const std::vector<Token>& t, size_t i) {
  return i >= 2 && is(t[i - 2], "extern") && t[i - 1].kind == Token::String;
}

}  // namespace

std::vector<CudaKernelDecl> parse_cuda_kernels(const std::string& source) {
  std::vector<Token> t = tokenize(source);
  std::vector<CudaKernelDecl> out;
  std::vector<bool> extern_c_block;  // per open brace
  size_t decl_start = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    const Token& x = t[i];
    if (is(x, "{")) {
      extern_c_block.push_back(starts_linkage_block(t, i) ||
                               (!extern_c_block.empty() && extern_c_block.back()));
      decl_start = i + 1;
      continue;
    }
    if (is(x, "}")) {
      if (!extern_c_block.empty()) extern_c_block.pop_back();
      decl_start = i + 1;
      continue;
    }
    if (is(x, ";")) decl_start = i + 1;
    if (!is(x, "__global__")) continue;

    CudaKernelDecl k;
    k.extern_c = !extern_c_block.empty() && extern_c_block.back();
    for (size_t j = decl_start; j < i; ++j) {
      if (is(t[j], "extern") && j + 1 < i && t[j + 1].kind == Token::String) k.extern_c = true;
      if (is(t[j], "template") && j + 1 < i && is(t[j + 1], "<")) k.template_params = template_names(t, j + 1);
    }
    // The name is the identifier before the first '(' that is not an attribute's.
    size_t j = i + 1;
    for (; j < t.size(); ++j) {
      const std::string& w = t[j].text;
      if (w == "__launch_bounds__" || w == "__attribute__" || w == "__align__" || w == "alignas" ||
          w == "__declspec") {
        if (j + 1 < t.size() && is(t[j + 1], "(")) j = match(t, j + 1);
        continue;
      }
      if (w == "(" || w == ";" || w == "{") break;
    }
    if (j >= t.size() || !is(t[j], "(") || t[j - 1].kind != Token::Ident) continue;
    k.name = t[j - 1].text;
    size_t close = match(t, j);
    if (close >= t.size()) {
      k.parsed = false;
    } else {
      for (auto& p : split_commas(t, j + 1, close))
        if (auto param = read_param(p)) k.params.push_back(*param);
      k.parsed = close + 1 < t.size() && (is(t[close + 1], "{") || is(t[close + 1], ";"));
    }
    bool seen = false;
    for (auto& prev : out) {
      if (prev.name != k.name) continue;
      seen = true;
      if (!prev.parsed && k.parsed) prev = k;
    }
    if (!seen) out.push_back(k);
    i = std::max(i, j);
  }
  return out;
}

NameExpression parse_name_expression(const std::string& expr) {
  NameExpression ne;
  std::vector<Token> t = tokenize(expr);
  size_t lt = 0;
  while (lt < t.size() && !is(t[lt], "<")) ++lt;
  for (size_t i = 0; i < lt; ++i) ne.base += t[i].text;
  if (lt < t.size()) {
    size_t close = match(t, lt);
    for (auto& part : split_commas(t, lt + 1, std::min(close, t.size()))) ne.args.push_back(join(part));
  }
  // A qualified name ("ns::k<float>") is looked up by its last component.
  size_t colon = ne.base.rfind("::");
  if (colon != std::string::npos) ne.base = ne.base.substr(colon + 2);
  return ne;
}

std::optional<CudaKernelDecl> instantiate(const std::vector<CudaKernelDecl>& kernels,
                                          const std::string& name) {
  NameExpression ne = parse_name_expression(name);
  for (const CudaKernelDecl& k : kernels) {
    if (k.name != ne.base) continue;
    CudaKernelDecl out = k;
    if (ne.args.empty()) return out;
    std::map<std::string, std::string> subst;
    for (size_t i = 0; i < ne.args.size() && i < k.template_params.size(); ++i)
      subst[k.template_params[i]] = ne.args[i];
    for (CudaParam& p : out.params) {
      std::vector<Token> t = tokenize(p.type);
      std::vector<Token> r;
      for (const Token& x : t) {
        auto it = x.kind == Token::Ident ? subst.find(x.text) : subst.end();
        if (it == subst.end()) {
          r.push_back(x);
        } else {
          auto sub = tokenize(it->second);
          r.insert(r.end(), sub.begin(), sub.end());
        }
      }
      p.type = join(r);
    }
    out.name = name;
    out.template_params.clear();
    return out;
  }
  return std::nullopt;
}

ParamType classify_param_type(const std::string& type) {
  static const std::map<std::string, DType> kTypes = {
      {"bool", DType::Bool},
      {"char", DType::Int8}, {"signed char", DType::Int8}, {"int8_t", DType::Int8},
      {"unsigned char", DType::UInt8}, {"uint8_t", DType::UInt8},
      {"short", DType::Int16}, {"short int", DType::Int16}, {"signed short", DType::Int16},
      {"int16_t", DType::Int16},
      {"unsigned short", DType::UInt16}, {"unsigned short int", DType::UInt16},
      {"uint16_t", DType::UInt16},
      {"int", DType::Int32}, {"signed", DType::Int32}, {"signed int", DType::Int32},
      {"int32_t", DType::Int32},
      {"unsigned", DType::UInt32}, {"unsigned int", DType::UInt32}, {"uint32_t", DType::UInt32},
      {"long", DType::Int64}, {"long int", DType::Int64}, {"long long", DType::Int64},
      {"long long int", DType::Int64}, {"signed long long", DType::Int64},
      {"int64_t", DType::Int64}, {"ptrdiff_t", DType::Int64}, {"intptr_t", DType::Int64},
      {"unsigned long", DType::UInt64}, {"unsigned long int", DType::UInt64},
      {"unsigned long long", DType::UInt64}, {"unsigned long long int", DType::UInt64},
      {"uint64_t", DType::UInt64}, {"size_t", DType::UInt64}, {"uintptr_t", DType::UInt64},
      {"half", DType::Float16}, {"__half", DType::Float16}, {"float16", DType::Float16},
      {"float", DType::Float32}, {"double", DType::Float64},
      {"complex<float>", DType::Complex64}, {"cuComplex", DType::Complex64},
      {"cuFloatComplex", DType::Complex64},
      {"complex<double>", DType::Complex128}, {"cuDoubleComplex", DType::Complex128}};
  std::vector<Token> t = tokenize(type), base;
  int pointers = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string& w = t[i].text;
    if (w == "*") {
      ++pointers;
    } else if (w == "const" || w == "volatile" || w == "__restrict__" || w == "__restrict" ||
               w == "restrict" || w == "struct") {
    } else if (t[i].kind == Token::Ident && i + 1 < t.size() && is(t[i + 1], "::") &&
               (w == "std" || w == "thrust" || w == "cuda" || w == "ndgpu")) {
      ++i;  // a namespace in front of complex<T> or size_t
    } else if (w == "&") {
      return {};
    } else {
      base.push_back(t[i]);
    }
  }
  std::string b = join(base);
  ParamType pt;
  pt.kind = pointers ? ParamType::Pointer : ParamType::Value;
  if (pointers > 1 || (pointers == 1 && (b == "void" || b == "char" || b == "signed char" ||
                                         b == "unsigned char"))) {
    pt.any_pointer = true;
    return pt;
  }
  if (auto it = kTypes.find(b); it != kTypes.end()) pt.dtype = it->second;
  else if (!pointers) pt.kind = ParamType::Unknown;
  return pt;
}

}  // namespace ndgpu::kernel
