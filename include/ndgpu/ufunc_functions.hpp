// Every ufunc as a C++ function of its NumPy name: `ndgpu::sqrt(a)`, `ndgpu::power(a, 2)`,
// `ndgpu::add(a, b, {.out = c})`. Optional arguments (out, dtype, casting) in UfuncOptions.
#pragma once
#include <optional>

#include "ndgpu/operators.hpp"

namespace ndgpu {

struct UfuncOptions {
  std::optional<NDArray> out;
  std::optional<DType> dtype;
  Casting casting = Casting::SameKind;
};

// An operand of a binary ufunc function: an array, a Scalar or a C++ number (weak).
struct UfuncArg {
  Operand value;
  UfuncArg(const NDArray& a) : value(a) {}  // NOLINT: implicit, as Python's operands
  UfuncArg(const Scalar& s) : value(s) {}   // NOLINT
  UfuncArg(const Operand& o) : value(o) {}  // NOLINT
  template <HostNumber T>
  UfuncArg(T v) : value(host_scalar(v)) {}  // NOLINT
};

// One-output ufuncs not declared in ops.hpp, one and two inputs.
// clang-format off
#define NDGPU_UNARY_UFUNCS(X)                                                                  \
  X(sqrt) X(square) X(cbrt) X(reciprocal) X(log) X(log2) X(log10) X(expm1) X(exp2) X(sin)      \
  X(cos) X(tan) X(arcsin) X(arccos) X(arctan) X(sinh) X(cosh) X(tanh) X(arcsinh) X(arccosh)    \
  X(arctanh) X(degrees) X(radians) X(deg2rad) X(rad2deg) X(floor) X(ceil) X(trunc) X(rint)     \
  X(sign) X(signbit) X(fabs) X(conjugate) X(positive) X(invert) X(logical_not) X(isnan)        \
  X(isinf) X(isfinite) X(spacing) X(bitwise_count) X(rsqrt)
#define NDGPU_BINARY_UFUNCS(X)                                                                 \
  X(floor_divide) X(power) X(float_power) X(remainder) X(fmod) X(minimum) X(fmax) X(fmin)      \
  X(arctan2) X(hypot) X(copysign) X(nextafter) X(ldexp) X(heaviside) X(logaddexp)              \
  X(logaddexp2) X(gcd) X(lcm) X(bitwise_and) X(bitwise_or) X(bitwise_xor) X(left_shift)        \
  X(right_shift) X(logical_and) X(logical_or) X(logical_xor) X(equal) X(not_equal) X(less)     \
  X(less_equal) X(greater) X(greater_equal)
// clang-format on

#define NDGPU_DECLARE_UNARY(name) NDArray name(const Operand& x, const UfuncOptions& options = {});
#define NDGPU_DECLARE_BINARY(name) \
  NDArray name(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options = {});
NDGPU_UNARY_UFUNCS(NDGPU_DECLARE_UNARY)
NDGPU_BINARY_UFUNCS(NDGPU_DECLARE_BINARY)
#undef NDGPU_DECLARE_UNARY
#undef NDGPU_DECLARE_BINARY

// NumPy's aliases.
NDArray abs(const Operand& x, const UfuncOptions& options = {});
NDArray conj(const Operand& x, const UfuncOptions& options = {});
NDArray bitwise_not(const Operand& x, const UfuncOptions& options = {});
NDArray divide(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options = {});
NDArray mod(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options = {});

// ops.hpp's ufuncs with options, and with a C++ number on either side (`maximum(0, x)`).
NDArray exp(const Operand& x, const UfuncOptions& options);
NDArray log1p(const Operand& x, const UfuncOptions& options);
NDArray absolute(const Operand& x, const UfuncOptions& options);
NDArray negative(const Operand& x, const UfuncOptions& options);
#define NDGPU_OPS_BINARY(name)                                                     \
  NDArray name(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options); \
  template <HostNumber T>                                                          \
  NDArray name(T a, const NDArray& b) {                                            \
    return name(UfuncArg(a), UfuncArg(b), UfuncOptions{});                         \
  }                                                                                \
  template <HostNumber T>                                                          \
  NDArray name(const NDArray& a, T b) {                                            \
    return name(UfuncArg(a), UfuncArg(b), UfuncOptions{});                         \
  }
NDGPU_OPS_BINARY(add)
NDGPU_OPS_BINARY(subtract)
NDGPU_OPS_BINARY(multiply)
NDGPU_OPS_BINARY(true_divide)
NDGPU_OPS_BINARY(maximum)
#undef NDGPU_OPS_BINARY

}  // namespace ndgpu
