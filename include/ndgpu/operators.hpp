// The C++ operators of NDArray, as Python's: `a + b`, `a * 2`, `a < b`, `a += 1`, `-a`,
// `~a`, `!a`. C++ numbers act as Python scalars (weak, NEP 50); each operator is a ufunc call.
#pragma once
#include "ndgpu/host_numbers.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

// The ufunc behind each operator.
enum class BinaryOperator : uint8_t {
  Add,
  Subtract,
  Multiply,
  TrueDivide,
  Remainder,
  BitwiseAnd,
  BitwiseOr,
  BitwiseXor,
  LeftShift,
  RightShift,
  Equal,
  NotEqual,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
};
// `a op b`; two arrays take the dispatch shortcut of call_binary.
NDArray apply_operator(BinaryOperator op, const Operand& a, const Operand& b);
// `a op= b`: the result written into `a` (out=a, 'same_kind' casting as NumPy's).
void apply_operator_inplace(BinaryOperator op, NDArray& a, const Operand& b);

#define NDGPU_BINARY_OPERATOR(symbol, op)                              \
  inline NDArray operator symbol(const NDArray& a, const NDArray& b) { \
    return apply_operator(BinaryOperator::op, a, b);                   \
  }                                                                    \
  inline NDArray operator symbol(const NDArray& a, const Scalar& b) {  \
    return apply_operator(BinaryOperator::op, a, b);                   \
  }                                                                    \
  inline NDArray operator symbol(const Scalar& a, const NDArray& b) {  \
    return apply_operator(BinaryOperator::op, a, b);                   \
  }                                                                    \
  template <HostNumber T>                                              \
  NDArray operator symbol(const NDArray& a, T b) {                     \
    return apply_operator(BinaryOperator::op, a, host_scalar(b));      \
  }                                                                    \
  template <HostNumber T>                                              \
  NDArray operator symbol(T a, const NDArray& b) {                     \
    return apply_operator(BinaryOperator::op, host_scalar(a), b);      \
  }

#define NDGPU_COMPOUND_OPERATOR(symbol, op)                        \
  inline NDArray& operator symbol(NDArray& a, const NDArray& b) {  \
    apply_operator_inplace(BinaryOperator::op, a, b);              \
    return a;                                                      \
  }                                                                \
  inline NDArray& operator symbol(NDArray& a, const Scalar& b) {   \
    apply_operator_inplace(BinaryOperator::op, a, b);              \
    return a;                                                      \
  }                                                                \
  template <HostNumber T>                                          \
  NDArray& operator symbol(NDArray& a, T b) {                      \
    apply_operator_inplace(BinaryOperator::op, a, host_scalar(b)); \
    return a;                                                      \
  }

NDGPU_BINARY_OPERATOR(+, Add)
NDGPU_BINARY_OPERATOR(-, Subtract)
NDGPU_BINARY_OPERATOR(*, Multiply)
NDGPU_BINARY_OPERATOR(/, TrueDivide)
NDGPU_BINARY_OPERATOR(%, Remainder)
NDGPU_BINARY_OPERATOR(&, BitwiseAnd)
NDGPU_BINARY_OPERATOR(|, BitwiseOr)
NDGPU_BINARY_OPERATOR(^, BitwiseXor)
NDGPU_BINARY_OPERATOR(<<, LeftShift)
NDGPU_BINARY_OPERATOR(>>, RightShift)
NDGPU_BINARY_OPERATOR(==, Equal)
NDGPU_BINARY_OPERATOR(!=, NotEqual)
NDGPU_BINARY_OPERATOR(<, Less)
NDGPU_BINARY_OPERATOR(<=, LessEqual)
NDGPU_BINARY_OPERATOR(>, Greater)
NDGPU_BINARY_OPERATOR(>=, GreaterEqual)

NDGPU_COMPOUND_OPERATOR(+=, Add)
NDGPU_COMPOUND_OPERATOR(-=, Subtract)
NDGPU_COMPOUND_OPERATOR(*=, Multiply)
NDGPU_COMPOUND_OPERATOR(/=, TrueDivide)
NDGPU_COMPOUND_OPERATOR(%=, Remainder)
NDGPU_COMPOUND_OPERATOR(&=, BitwiseAnd)
NDGPU_COMPOUND_OPERATOR(|=, BitwiseOr)
NDGPU_COMPOUND_OPERATOR(^=, BitwiseXor)
NDGPU_COMPOUND_OPERATOR(<<=, LeftShift)
NDGPU_COMPOUND_OPERATOR(>>=, RightShift)

#undef NDGPU_BINARY_OPERATOR
#undef NDGPU_COMPOUND_OPERATOR

// -a, +a (a copy, as NumPy's positive), ~a (invert) and !a (logical_not).
NDArray operator-(const NDArray& a);
NDArray operator+(const NDArray& a);
NDArray operator~(const NDArray& a);
NDArray operator!(const NDArray& a);

}  // namespace ndgpu
