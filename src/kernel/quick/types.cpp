// C++ arithmetic types for the quick tier's front-end: promotions, the usual arithmetic
// conversions and type spellings (quick/internal.hpp).
#include <array>
#include <string_view>

#include "kernel/quick/internal.hpp"

namespace ndgpu::kernel::quick {

using namespace interp;

void reject(std::string why) {
  throw Reject{std::move(why)};
}

CType ctype_of(Type t) {
  bool wide = t == I64 || t == U64;
  return CType{t, wide, wide};
}

CType long_ctype(Type t) {
  return CType{t, false, false};
}

bool is_float(Type t) {
  return t == F32 || t == F64;
}
bool is_integer(Type t) {
  return t < F32;
}
bool is_signed_int(Type t) {
  return t == I8 || t == I16 || t == I32 || t == I64;
}

const char* type_name(Type t) {
  static constexpr std::array<const char*, kTypes> kNames = {"bool",   "int8",    "uint8",  "int16",
                                                             "uint16", "int32",   "uint32", "int64",
                                                             "uint64", "float32", "float64"};
  return t < kTypes ? kNames[t] : "?";
}

CType promote(CType c) {
  // Everything narrower than int fits in int, so it becomes int.
  return c.t < I32 ? ctype_of(I32) : c;
}

namespace {

int rank(Type t) {
  return t == I64 || t == U64 ? 2 : 1;
}  // after promotion: int or 64-bit
Type to_unsigned(Type t) {
  return t == I32 ? U32 : t == I64 ? U64 : t;
}

// Both 64-bit: long long on a platform when either is; else the 64-bit one's spelling.
CType spelled(Type t, CType a, CType b) {
  bool a_wide = rank(a.t) == 2, b_wide = rank(b.t) == 2;
  CType r{t, false, false};
  if (rank(t) != 2) return r;
  r.host_ll = (a_wide && a.host_ll) || (b_wide && b.host_ll);
  r.dev_ll = (a_wide && a.dev_ll) || (b_wide && b.dev_ll);
  return r;
}

}  // namespace

CType common_type(CType a, CType b) {
  a = promote(a);
  b = promote(b);
  if (a.t == F64 || b.t == F64) return ctype_of(F64);
  if (a.t == F32 || b.t == F32) return ctype_of(F32);
  Type t;
  bool a_signed = is_signed_int(a.t), b_signed = is_signed_int(b.t);
  if (a.t == b.t) {
    t = a.t;
  } else if (a_signed == b_signed) {
    t = rank(a.t) >= rank(b.t) ? a.t : b.t;
  } else {
    Type s = a_signed ? a.t : b.t, u = a_signed ? b.t : a.t;
    if (rank(u) >= rank(s))
      t = u;
    else if (rank(s) > rank(u))
      t = s;  // 64-bit signed holds every 32-bit unsigned value
    else
      t = to_unsigned(s);
  }
  return spelled(t, a, b);
}

bool Specifiers::any() const {
  return n_signed + n_unsigned + n_char + n_short + n_int + n_long + n_bool + n_float + n_double +
             n_auto >
         0;
}

bool is_type_keyword(std::string_view w) {
  return w == "signed" || w == "unsigned" || w == "char" || w == "short" || w == "int" ||
         w == "long" || w == "bool" || w == "float" || w == "double" || w == "auto" || w == "const";
}

void count_specifier(Specifiers& s, std::string_view w) {
  int* counters[] = {&s.n_signed, &s.n_unsigned, &s.n_char,  &s.n_short,  &s.n_int,
                     &s.n_long,   &s.n_bool,     &s.n_float, &s.n_double, &s.n_auto};
  const char* words[] = {"signed", "unsigned", "char",  "short",  "int",
                         "long",   "bool",     "float", "double", "auto"};
  for (int k = 0; k < 10; ++k)
    if (w == words[k]) ++*counters[k];
}

CType type_from_specifiers(const Specifiers& s) {
  int sign = s.n_signed + s.n_unsigned;
  int size = s.n_char + s.n_short + s.n_long;
  bool plain_int = s.n_int <= 1 && s.n_signed <= 1 && s.n_unsigned <= 1 && sign <= 1;
  if (s.n_auto) reject("auto in a combined type");
  if (s.n_bool + s.n_float + s.n_double > 0) {
    if (s.n_bool + s.n_float + s.n_double + sign + size + s.n_int != 1)
      reject("unsupported type (long double, ...)");
    return ctype_of(s.n_bool ? Bool : s.n_float ? F32 : F64);
  }
  if (!plain_int || s.n_char + s.n_short > 1 || s.n_long > 2 || (s.n_long && s.n_char + s.n_short))
    reject("invalid type specifiers");
  bool u = s.n_unsigned == 1;
  if (s.n_char) {
    if (s.n_int || !sign) reject("char (its signedness varies)");
    return ctype_of(u ? U8 : I8);
  }
  if (s.n_short) return ctype_of(u ? U16 : I16);
  if (s.n_long == 2) return ctype_of(u ? U64 : I64);
  if (s.n_long == 1) return long_ctype(u ? U64 : I64);
  if (s.n_int || sign) return ctype_of(u ? U32 : I32);
  reject("missing type");
}

bool typedef_name(std::string_view n, CType& out) {
  struct Named {
    const char* name;
    CType type;
  };
  // int64_t is long on the host (glibc) and long long under NVRTC (common.cuh).
  static const Named kNames[] = {
      {"size_t", long_ctype(U64)},
      {"ptrdiff_t", long_ctype(I64)},
      {"int8_t", ctype_of(I8)},
      {"uint8_t", ctype_of(U8)},
      {"int16_t", ctype_of(I16)},
      {"uint16_t", ctype_of(U16)},
      {"int32_t", ctype_of(I32)},
      {"uint32_t", ctype_of(U32)},
      {"int64_t", CType{I64, false, true}},
      {"uint64_t", CType{U64, false, true}},
  };
  for (const Named& k : kNames)
    if (n == k.name) {
      out = k.type;
      return true;
    }
  return false;
}

bool is_reserved_word(std::string_view n) {
  static constexpr std::string_view kWords[] = {"alignas",       "alignof",     "and",
                                                "and_eq",        "asm",         "auto",
                                                "bitand",        "bitor",       "bool",
                                                "break",         "case",        "catch",
                                                "char",          "char8_t",     "char16_t",
                                                "char32_t",      "class",       "compl",
                                                "concept",       "const",       "consteval",
                                                "constexpr",     "constinit",   "const_cast",
                                                "continue",      "co_await",    "co_return",
                                                "co_yield",      "decltype",    "default",
                                                "delete",        "do",          "double",
                                                "dynamic_cast",  "else",        "enum",
                                                "explicit",      "export",      "extern",
                                                "false",         "float",       "for",
                                                "friend",        "goto",        "if",
                                                "inline",        "int",         "long",
                                                "mutable",       "namespace",   "new",
                                                "noexcept",      "not",         "not_eq",
                                                "nullptr",       "operator",    "or",
                                                "or_eq",         "private",     "protected",
                                                "public",        "register",    "reinterpret_cast",
                                                "requires",      "return",      "short",
                                                "signed",        "sizeof",      "static",
                                                "static_assert", "static_cast", "struct",
                                                "switch",        "template",    "this",
                                                "thread_local",  "throw",       "true",
                                                "try",           "typedef",     "typeid",
                                                "typename",      "union",       "unsigned",
                                                "using",         "virtual",     "void",
                                                "volatile",      "wchar_t",     "while",
                                                "xor",           "xor_eq"};
  for (std::string_view w : kWords)
    if (n == w) return true;
  return false;
}

}  // namespace ndgpu::kernel::quick
