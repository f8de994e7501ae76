// Closeness, equality and classification: isclose, allclose, array_equal, array_equiv,
// isposinf/isneginf, isreal/iscomplex.
#include "ndgpu/errors.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/math/routine_helpers.hpp"

namespace ndgpu {
using math::uf;
using math::uf_into;

bool math::all_true(const NDArray& a) {
  bool r = false;
  all(a).to_host(&r);
  return r;
}

// NumPy 2's formula: |x - y| <= atol + rtol |y| where y is finite, or x == y; y is taken in
// its type promoted with a float.
NDArray isclose(const Operand& a, const Operand& b, double rtol, double atol, bool equal_nan) {
  Operand y = b;
  if (const NDArray* yb = std::get_if<NDArray>(&b)) {
    const PromotionOperand ops[2] = {PromotionOperand::strong(yb->dtype()),
                                     PromotionOperand::scalar(WeakKind::Float)};
    const DType t = result_type(ops);
    if (t != yb->dtype()) y = yb->astype(t);
  } else if (const Scalar& s = std::get<Scalar>(b);
             s.weak() && s.weak_kind() != WeakKind::Complex) {
    y = Scalar::py_float(s.as_double());
  }
  const Scalar vr = Scalar::py_float(rtol), va = Scalar::py_float(atol);
  NDArray bound = uf("add", {va, uf("multiply", {vr, uf("absolute", {y})})});
  NDArray close = uf("less_equal", {uf("absolute", {uf("subtract", {a, y})}), bound});
  close = uf_into("logical_and", {close, uf("isfinite", {y})}, close);
  close = uf_into("logical_or", {close, uf("equal", {a, y})}, close);
  if (equal_nan)
    close = uf_into("logical_or", {close, uf("logical_and", {uf("isnan", {a}), uf("isnan", {y})})},
                    close);
  return close;
}

bool allclose(const Operand& a, const Operand& b, double rtol, double atol, bool equal_nan) {
  return math::all_true(isclose(a, b, rtol, atol, equal_nan));
}

bool array_equal(const NDArray& a1, const NDArray& a2, bool equal_nan) {
  if (a1.shape() != a2.shape()) return false;
  NDArray eq = uf("equal", {a1, a2});
  if (equal_nan)
    eq = uf_into("logical_or", {eq, uf("logical_and", {uf("isnan", {a1}), uf("isnan", {a2})})}, eq);
  return math::all_true(eq);
}

bool array_equiv(const NDArray& a1, const NDArray& a2) {
  try {
    const Shape shapes[2] = {a1.shape(), a2.shape()};
    broadcast_shapes(shapes);
  } catch (const ValueError&) {
    return false;
  }
  return math::all_true(uf("equal", {a1, a2}));
}

namespace {
NDArray signed_inf(const NDArray& x, const OptArray& out, bool negative) {
  if (is_complex(x.dtype()))
    throw TypeError(
        "This operation is not supported for complex values because it would be ambiguous.");
  NDArray sign = uf("signbit", {x});
  if (!negative) sign = uf_into("logical_not", {sign}, sign);
  if (out) return uf_into("logical_and", {uf("isinf", {x}), sign}, *out);
  return uf("logical_and", {uf("isinf", {x}), sign});
}
}  // namespace

NDArray isposinf(const NDArray& x, const OptArray& out) {
  return signed_inf(x, out, false);
}

NDArray isneginf(const NDArray& x, const OptArray& out) {
  return signed_inf(x, out, true);
}

NDArray isreal(const NDArray& x) {
  return uf("equal", {imag(x), Scalar::py_int(0)});
}

NDArray iscomplex(const NDArray& x) {
  if (!is_complex(x.dtype())) return zeros(x.shape(), DType::Bool);
  return uf("not_equal", {imag(x), Scalar::py_int(0)});
}

}  // namespace ndgpu
