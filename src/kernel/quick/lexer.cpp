// Tokens of an ElementwiseKernel body for the quick tier, with C++ literal typing
// ([lex.icon], [lex.fcon]) for 64-bit long.
#include <cctype>
#include <charconv>
#include <cstring>

#include "kernel/quick/internal.hpp"

namespace ndgpu::kernel::quick {
namespace {

using namespace interp;

Token make_token(TokKind kind, std::string text) {
  Token t;
  t.kind = kind;
  t.text = std::move(text);
  return t;
}

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
  return ident_start(c) || std::isdigit(static_cast<unsigned char>(c));
}

// Skips blanks and comments from `pos`.
size_t skip_space(std::string_view s, size_t pos) {
  while (pos < s.size()) {
    if (std::isspace(static_cast<unsigned char>(s[pos]))) {
      ++pos;
    } else if (s.compare(pos, 2, "//") == 0) {
      size_t end = s.find('\n', pos);
      pos = end == std::string_view::npos ? s.size() : end;
    } else if (s.compare(pos, 2, "/*") == 0) {
      size_t end = s.find("*/", pos + 2);
      if (end == std::string_view::npos) reject("unterminated comment");
      pos = end + 2;
    } else {
      break;
    }
  }
  return pos;
}

// The first type in `candidates` that holds `v` (ints are 32-bit, longs 64-bit).
CType first_fit(unsigned long long v, std::initializer_list<CType> candidates) {
  for (CType c : candidates) {
    bool fits = c.t == I32   ? v <= 0x7fffffffULL
                : c.t == U32 ? v <= 0xffffffffULL
                : c.t == I64 ? v <= 0x7fffffffffffffffULL
                             : true;
    if (fits) return c;
  }
  reject("integer literal too large");
}

// Suffixes as C++ spells them: one u or U before or after l, L, ll or LL (not lL).
CType integer_literal_type(unsigned long long v, std::string_view suffix, bool decimal) {
  std::string_view ls = suffix;
  bool has_u = !ls.empty() && (ls.front() == 'u' || ls.front() == 'U');
  if (has_u)
    ls.remove_prefix(1);
  else if (!ls.empty() && (ls.back() == 'u' || ls.back() == 'U'))
    has_u = true, ls.remove_suffix(1);
  bool is_l = ls == "l" || ls == "L", is_ll = ls == "ll" || ls == "LL";
  if (!ls.empty() && !is_l && !is_ll) reject("integer suffix '" + std::string(suffix) + "'");
  CType i = ctype_of(I32), u = ctype_of(U32), l = long_ctype(I64), ul = long_ctype(U64),
        ll = ctype_of(I64), ull = ctype_of(U64);
  if (has_u) return is_ll ? ull : is_l ? first_fit(v, {ul}) : first_fit(v, {u, ul});
  if (is_ll) return decimal ? first_fit(v, {ll}) : first_fit(v, {ll, ull});
  if (is_l) return decimal ? first_fit(v, {l}) : first_fit(v, {l, ul});
  return decimal ? first_fit(v, {i, l}) : first_fit(v, {i, u, l, ul});
}

unsigned long long literal_bits(CType t, unsigned long long v) {
  return t.t == I32 || t.t == U32 ? (v & 0xffffffffULL) : v;  // v fits: the low bytes
}

// An integer literal: decimal, 0x hex, 0b binary or 0 octal, then a suffix.
Token integer_literal(std::string_view s, size_t& pos) {
  size_t start = pos;
  int base = 10;
  if (s.compare(pos, 2, "0x") == 0 || s.compare(pos, 2, "0X") == 0)
    base = 16, pos += 2;
  else if (s.compare(pos, 2, "0b") == 0 || s.compare(pos, 2, "0B") == 0)
    base = 2, pos += 2;
  else if (s[pos] == '0')
    base = 8;
  size_t digits = pos;
  while (pos < s.size() && std::isxdigit(static_cast<unsigned char>(s[pos]))) ++pos;
  unsigned long long v = 0;
  auto [end, ec] = std::from_chars(s.data() + digits, s.data() + pos, v, base);
  if (ec != std::errc() || end != s.data() + pos) reject("malformed integer literal");
  size_t suffix = pos;
  while (pos < s.size() && ident_char(s[pos])) ++pos;
  Token t = make_token(TokKind::Literal, std::string(s.substr(start, pos - start)));
  t.type = integer_literal_type(v, s.substr(suffix, pos - suffix), base == 10);
  t.bits = literal_bits(t.type, v);
  return t;
}

// A decimal floating literal; float ones are rounded once, straight to float.
Token float_literal(std::string_view s, size_t& pos) {
  size_t start = pos;
  while (pos < s.size() && (std::isdigit(static_cast<unsigned char>(s[pos])) || s[pos] == '.'))
    ++pos;
  if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
    ++pos;
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) ++pos;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
  }
  std::string_view number = s.substr(start, pos - start);
  size_t suffix = pos;
  while (pos < s.size() && ident_char(s[pos])) ++pos;
  std::string_view sfx = s.substr(suffix, pos - suffix);
  if (!(sfx.empty() || sfx == "f" || sfx == "F"))
    reject("floating suffix '" + std::string(sfx) + "'");
  Token t = make_token(TokKind::Literal, std::string(s.substr(start, pos - start)));
  const char* first = number.data();
  const char* last = first + number.size();
  std::from_chars_result r;
  if (sfx.empty()) {
    double d = 0;
    r = std::from_chars(first, last, d);
    t.type = ctype_of(F64);
    std::memcpy(&t.bits, &d, sizeof d);
  } else {
    float f = 0;
    r = std::from_chars(first, last, f);
    t.type = ctype_of(F32);
    std::memcpy(&t.bits, &f, sizeof f);
  }
  // Out of range (overflow, or underflow to zero) is ill-formed or dubious C++.
  if (r.ec != std::errc() || r.ptr != last) reject("floating literal '" + t.text + "'");
  return t;
}

bool is_float_number(std::string_view s, size_t pos) {
  if (s.compare(pos, 2, "0x") == 0 || s.compare(pos, 2, "0X") == 0) {
    size_t p = pos + 2;
    while (p < s.size() && std::isxdigit(static_cast<unsigned char>(s[p]))) ++p;
    if (p < s.size() && (s[p] == '.' || s[p] == 'p' || s[p] == 'P')) reject("hex floating literal");
    return false;
  }
  while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
  return pos < s.size() && (s[pos] == '.' || s[pos] == 'e' || s[pos] == 'E');
}

// The generated code appends ";" right after the body, where a final // comment hides it.
bool ends_in_line_comment(std::string_view s) {
  size_t pos = 0;
  while (pos < s.size()) {
    if (s.compare(pos, 2, "//") == 0) {
      size_t end = s.find('\n', pos);
      if (end == std::string_view::npos) return true;
      pos = end + 1;
    } else if (s.compare(pos, 2, "/*") == 0) {
      size_t end = s.find("*/", pos + 2);
      if (end == std::string_view::npos) return false;  // rejected as unterminated
      pos = end + 2;
    } else {
      ++pos;
    }
  }
  return false;
}

Token number(std::string_view s, size_t& pos) {
  Token t = is_float_number(s, pos) ? float_literal(s, pos) : integer_literal(s, pos);
  if (pos < s.size() && (s[pos] == '.' || s[pos] == '\'')) reject("malformed number");
  return t;
}

Token identifier(std::string_view s, size_t& pos) {
  size_t start = pos;
  while (pos < s.size() && ident_char(s[pos])) ++pos;
  Token t = make_token(TokKind::Ident, std::string(s.substr(start, pos - start)));
  if (t.text[0] == '_') reject("reserved name '" + t.text + "'");
  if (t.text == "true" || t.text == "false") {
    t.kind = TokKind::Literal;
    t.type = ctype_of(Bool);
    t.bits = t.text == "true";
  }
  return t;
}

Token punctuator(std::string_view s, size_t& pos) {
  static constexpr std::string_view kPuncts[] = {
      "<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
      "%=",  "&=",  "|=", "^=", "++", "--", "+",  "-",  "*",  "/",  "%",  "&",  "|",  "^",
      "~",   "!",   "<",  ">",  "=",  "?",  ":",  ";",  ",",  "(",  ")",  "{",  "}"};
  // Pointers, members, scopes, subscripts, preprocessor lines, strings and chars: rejected.
  static constexpr std::string_view kRejected[] = {"->", "::", "[",  "]",  ".",  "#",  "\"",
                                                   "'",  "\\", "<:", ":>", "<%", "%>", "%:"};
  for (std::string_view r : kRejected)
    if (s.compare(pos, r.size(), r) == 0) reject("unsupported token '" + std::string(r) + "'");
  for (std::string_view p : kPuncts)
    if (s.compare(pos, p.size(), p) == 0) {
      pos += p.size();
      return make_token(TokKind::Punct, std::string(p));
    }
  reject("unexpected character '" + std::string(1, s[pos]) + "'");
}

}  // namespace

std::vector<Token> tokenize(std::string_view s) {
  // Backslashes only escape or splice lines (a spliced // comment swallows the next line).
  if (s.find('\\') != std::string_view::npos) reject("backslash");
  std::vector<Token> tokens;
  size_t pos = skip_space(s, 0);
  while (pos < s.size()) {
    char c = s[pos];
    bool digit =
        std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[pos + 1])));
    if (digit)
      tokens.push_back(number(s, pos));
    else if (ident_start(c))
      tokens.push_back(identifier(s, pos));
    else
      tokens.push_back(punctuator(s, pos));
    pos = skip_space(s, pos);
  }
  Token end = make_token(TokKind::End, "end of body");
  end.bits = ends_in_line_comment(s);
  tokens.push_back(end);
  return tokens;
}

}  // namespace ndgpu::kernel::quick
