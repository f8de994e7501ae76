// Shared pieces of the quick tier's front-end (quick/compile.hpp): tokens, C++ arithmetic
// types and the register emitter. Internal to src/kernel/quick_*.cpp.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernel/quick/compile.hpp"

namespace ndgpu::kernel::quick {

using interp::Type;

// Thrown anywhere in the front-end: the body is not interpretable, the caller compiles it.
struct Reject {
  std::string why;
};
[[noreturn]] void reject(std::string why);

// A C++ arithmetic type. A 64-bit integer also records whether it is spelled long long on the
// host and on the device (int64_t differs): it decides only min/max overload resolution.
struct CType {
  Type t = interp::I32;
  bool host_ll = false, dev_ll = false;
  bool operator==(const CType&) const = default;
};

CType ctype_of(Type t);    // as the kernel dialect spells a dtype: 64-bit is long long
CType long_ctype(Type t);  // long / unsigned long (ptrdiff_t, size_t, 'l' literals)
bool is_float(Type t);
bool is_integer(Type t);  // bool included
bool is_signed_int(Type t);
CType promote(CType c);               // C++ integral promotion
CType common_type(CType a, CType b);  // the usual arithmetic conversions
const char* type_name(Type t);

// A type spelled with keywords in any order (long unsigned int, ...), counted per keyword.
struct Specifiers {
  int n_signed = 0, n_unsigned = 0, n_char = 0, n_short = 0, n_int = 0, n_long = 0;
  int n_bool = 0, n_float = 0, n_double = 0, n_auto = 0;
  bool any() const;
};
bool is_type_keyword(std::string_view word);  // a keyword that may start a type
void count_specifier(Specifiers& s, std::string_view word);
CType type_from_specifiers(const Specifiers& s);       // rejects invalid combinations and auto
bool typedef_name(std::string_view name, CType& out);  // size_t, int32_t, ...
bool is_reserved_word(std::string_view name);          // C++ keywords and alternative tokens

enum class TokKind { Ident, Literal, Punct, End };
struct Token {
  TokKind kind = TokKind::End;
  std::string text;             // the identifier or punctuator
  CType type;                   // a literal's type
  unsigned long long bits = 0;  // a literal's value, stored as its type (union Reg); for End:
                                // 1 when the body ends in a // comment
};
std::vector<Token> tokenize(std::string_view body);

// A value in a register. `runtime`: it depends on a parameter or `i`; otherwise the C++
// compiler may fold it at compile time.
struct Value {
  int reg = 0;
  CType type;
  bool temp = false;  // a temporary register, freed when consumed
  bool runtime = false;
};

// Registers, constants and instructions of the body.
class Emitter {
 public:
  int fresh_register();  // a register never used before: its init value survives
  int take_register();   // a free temporary register, or a fresh one
  Value constant(CType type, unsigned long long bits);
  Value op1(interp::Op op, Type type, CType result, Value a);
  Value op2(interp::Op op, Type type, CType result, Value a, Value b);
  Value select(CType result, Value cond, Value a, Value b);
  Value convert(Value v, CType to);
  void assign(int reg, Value v);  // v already has the destination's type
  void release(const Value& v);
  interp::Program finish(const std::vector<interp::Instr>& prologue,
                         const std::vector<interp::Instr>& epilogue) const;

 private:
  interp::Instr& emit(interp::Op op, Type type, int dst, int a, int b = 0, int c = 0);

  std::vector<interp::Instr> code_;
  std::vector<unsigned long long> init_;
  std::vector<int> free_;
  std::map<std::pair<int, unsigned long long>, int> constants_;
};

// A variable the body may name: a parameter or a local.
struct Variable {
  int reg = -1;  // assigned when first mentioned
  CType type;
  bool is_const = false, visible = true, runtime = true;
  int param = -1;  // the parameter's index, or -1 for a local
  bool output = false, read = false, written = false;
};

// Math and min/max/abs calls: the result of `name(args)`, or a rejection.
bool is_function_name(std::string_view name);
Value call_function(Emitter& em, std::string_view name, std::vector<Value> args);

}  // namespace ndgpu::kernel::quick
