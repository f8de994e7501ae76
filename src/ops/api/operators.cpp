// NDArray's C++ operators: each one a ufunc call, arrays by the ufunc's handle.
#include "ndgpu/operators.hpp"

#include <array>

#include "ndgpu/ufunc.hpp"

namespace ndgpu {
namespace {

constexpr std::array<const char*, 16> kOperatorUfuncs = {
    "add",        "subtract",    "multiply",   "true_divide",  "remainder", "bitwise_and",
    "bitwise_or", "bitwise_xor", "left_shift", "right_shift",  "equal",     "not_equal",
    "less",       "less_equal",  "greater",    "greater_equal"};

// The handles, looked up once.
const ops::Ufunc& handle(BinaryOperator op) {
  static const auto handles = [] {
    std::array<const ops::Ufunc*, kOperatorUfuncs.size()> h{};
    for (size_t i = 0; i < h.size(); ++i) h[i] = &ufunc_handle(kOperatorUfuncs[i]);
    return h;
  }();
  return *handles[size_t(op)];
}

NDArray unary(const char* ufunc, const NDArray& a) {
  return call_unary(ufunc_handle(ufunc), a);
}

}  // namespace

NDArray apply_operator(BinaryOperator op, const Operand& a, const Operand& b) {
  if (a.index() == 0 && b.index() == 0)
    return call_binary(handle(op), std::get<NDArray>(a), std::get<NDArray>(b));
  const Operand args[2] = {a, b};
  return call_ufunc(kOperatorUfuncs[size_t(op)], args)[0];
}

void apply_operator_inplace(BinaryOperator op, NDArray& a, const Operand& b) {
  const Operand args[2] = {a, b};
  const NDArray out[1] = {a};
  call_ufunc(kOperatorUfuncs[size_t(op)], args, out, std::nullopt, Casting::SameKind);
}

NDArray operator-(const NDArray& a) {
  return unary("negative", a);
}
NDArray operator+(const NDArray& a) {
  return unary("positive", a);
}
NDArray operator~(const NDArray& a) {
  return unary("invert", a);
}
NDArray operator!(const NDArray& a) {
  return unary("logical_not", a);
}

}  // namespace ndgpu
