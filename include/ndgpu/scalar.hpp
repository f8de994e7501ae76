// A host scalar passed to an operation: a Python scalar (weak, NEP 50) or a typed one.
#pragma once
#include <complex>
#include <cstdint>
#include <string>
#include <variant>

#include "ndgpu/dtype.hpp"
#include "ndgpu/ndarray.hpp"

namespace ndgpu {

class Scalar {
 public:
  // Python scalars: weak, only their kind takes part in promotion.
  static Scalar py_bool(bool v);
  static Scalar py_int(int64_t v);
  static Scalar py_uint(uint64_t v);  // a Python int above INT64_MAX
  // A Python int outside [INT64_MIN, UINT64_MAX], kept as its nearest double: it converts to
  // floats, compares outside every integer dtype, and raises OverflowError for integers.
  static Scalar py_big_int(double nearest);
  static Scalar py_float(double v);
  static Scalar py_complex(std::complex<double> v);
  // A typed scalar (NumPy scalar): strong, like a 0-d array.
  static Scalar typed(DType dtype, std::complex<double> v);
  static Scalar typed_int(DType dtype, int64_t v);
  static Scalar typed_uint(DType dtype, uint64_t v);

  DType dtype() const { return dtype_; }  // for weak scalars: the default dtype of the kind
  bool weak() const { return weak_; }
  WeakKind weak_kind() const;
  PromotionOperand promotion() const;

  // Writes the value converted to `target` (itemsize(target) bytes) at `out`. A weak Python
  // int that does not fit an integer target raises OverflowError as NumPy 2 does.
  void store_as(DType target, void* out) const;
  double as_double() const;
  std::complex<double> as_complex() const;
  int64_t as_int64() const;
  std::string repr() const;
  // For a weak Python int and an integer `target`: -1 below the target's range, +1 above
  // it, 0 inside it (or for any other scalar).
  int outside_range(DType target) const;

 private:
  enum class Rep : uint8_t { Bool, Int, UInt, BigInt, Float, Complex };
  Rep rep_ = Rep::Int;
  DType dtype_ = DType::Int64;
  bool weak_ = true;
  bool b_ = false;
  int64_t i_ = 0;
  uint64_t u_ = 0;
  std::complex<double> c_{};  // also holds floats in its real part
};

// An operand of an operation: an array or a scalar.
using Operand = std::variant<NDArray, Scalar>;

}  // namespace ndgpu
