// Data types and NumPy 2 type promotion (NEP 50: Python scalars are "weak").
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ndgpu {

// Order matters: it is the index into the promotion tables in src/core/promotion.cpp.
enum class DType : uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  Float32,
  Float64,
  Complex64,
  Complex128,
};
inline constexpr int kNumDTypes = 14;

// NumPy's kind characters: b, i, u, f, c.
enum class DTypeKind : char { Bool = 'b', Int = 'i', UInt = 'u', Float = 'f', Complex = 'c' };

size_t itemsize(DType t);
DTypeKind kind(DType t);
const char* dtype_name(DType t);   // "float32"
const char* dtype_ctype(DType t);  // the kernel dialect's C type: "float", "complex<float>"
char dtype_char(DType t);          // NumPy's type character: 'f'
inline bool is_integer(DType t) {
  auto k = kind(t);
  return k == DTypeKind::Int || k == DTypeKind::UInt;
}
inline bool is_floating(DType t) {
  return kind(t) == DTypeKind::Float;
}
inline bool is_complex(DType t) {
  return kind(t) == DTypeKind::Complex;
}
inline bool is_inexact(DType t) {
  return is_floating(t) || is_complex(t);
}

// Accepts NumPy names and codes: "float32", "f4", "f", "float", "int", "complex", "bool", "?".
std::optional<DType> dtype_from_name(std::string_view name);
// Raises TypeError("data type 'x' not understood") when the name is unknown.
DType parse_dtype(std::string_view name);

enum class Casting { No, Equiv, Safe, SameKind, Unsafe };
std::optional<Casting> casting_from_name(std::string_view name);

DType promote_types(DType a, DType b);
bool can_cast(DType from, DType to, Casting casting = Casting::Safe);

// What a Python scalar contributes to promotion: only its kind (NEP 50).
enum class WeakKind : uint8_t { Bool, Int, Float, Complex };

// One operand of result_type: an array's dtype (strong) or a Python scalar (weak).
struct PromotionOperand {
  DType dtype;
  bool weak = false;
  WeakKind weak_kind = WeakKind::Bool;
  static PromotionOperand strong(DType t) { return {t, false, WeakKind::Bool}; }
  static PromotionOperand scalar(WeakKind k);
};

DType result_type(std::span<const PromotionOperand> operands);
DType default_dtype(WeakKind k);  // bool, int64, float64, complex128

// The dtype of the real part: complex64 -> float32; other types unchanged.
DType real_dtype(DType t);

}  // namespace ndgpu
