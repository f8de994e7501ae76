// gradient (central differences, one-sided at the edges, uniform or coordinate spacing) and
// unwrap, as NumPy computes them.
#include <cmath>

#include "ndgpu/errors.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/math/routine_helpers.hpp"

namespace ndgpu {
using math::uf;

namespace {

NDArray times(const Operand& a, const Operand& b) {
  return uf("multiply", {a, b});
}
NDArray plus(const Operand& a, const Operand& b) {
  return uf("add", {a, b});
}
NDArray minus(const Operand& a, const Operand& b) {
  return uf("subtract", {a, b});
}
NDArray over(const Operand& a, const Operand& b) {
  return uf("true_divide", {a, b});
}

// a * f0 + b * f1 + c * f2, NumPy's order of operations.
NDArray combine(const Operand& a, const NDArray& f0, const Operand& b, const NDArray& f1,
                const Operand& c, const NDArray& f2) {
  return plus(plus(times(a, f0), times(b, f1)), times(c, f2));
}

void put(NDArray& out, int axis, std::optional<int64_t> start, std::optional<int64_t> stop,
         const NDArray& v) {
  NDArray dst = math::slice_along(out, axis, start, stop);
  copy_into(dst, v);
}

// One axis's derivative into `out`, spacing a Python number or the differences of coordinates.
void gradient_axis(const NDArray& f, NDArray& out, int ax, const GradientSpacing& spacing,
                   int edge_order) {
  const int64_t n = f.shape()[size_t(ax)];
  std::optional<NDArray> dx;  // coordinate differences, shaped to broadcast along ax
  double h = 1.0;
  if (!spacing.coordinates) {
    h = spacing.distance;
  } else {
    const NDArray& x = *spacing.coordinates;
    if (x.ndim() != 1) throw ValueError("distances must be either scalars or 1d");
    if (x.size() != n)
      throw ValueError("when 1d, distances must match the length of the corresponding dimension");
    NDArray d =
        diff(is_integer(x.dtype()) || x.dtype() == DType::Bool ? x.astype(DType::Float64) : x);
    NDArray first = d.index(std::vector<IndexItem>{Slice{0, 1, std::nullopt}});
    if (math::all_true(uf("equal", {d, first}))) {  // uniform: NumPy takes the one distance
      d.astype(DType::Float64).index(std::vector<IndexItem>{int64_t(0)}).to_host(&h);
    } else {
      Shape s(size_t(f.ndim()), 1);
      s[size_t(ax)] = n - 1;
      dx = d.reshape(s);
    }
  }
  auto f_at = [&](int64_t start, std::optional<int64_t> stop) {
    return math::slice_along(f, ax, start, stop);
  };
  auto d_at = [&](int64_t start, std::optional<int64_t> stop) {
    return math::slice_along(*dx, ax, start, stop);
  };
  if (!dx) {
    put(out, ax, 1, -1, over(minus(f_at(2, {}), f_at(0, -2)), Scalar::py_float(2.0 * h)));
  } else {
    const NDArray d1 = d_at(0, -1), d2 = d_at(1, {});
    const NDArray a = over(uf("negative", {d2}), times(d1, plus(d1, d2)));
    const NDArray b = over(minus(d2, d1), times(d1, d2));
    const NDArray c = over(d1, times(d2, plus(d1, d2)));
    put(out, ax, 1, -1, combine(a, f_at(0, -2), b, f_at(1, -1), c, f_at(2, {})));
  }
  if (edge_order == 1) {
    const Operand h0 = dx ? Operand(d_at(0, 1)) : Operand(Scalar::py_float(h));
    const Operand hn = dx ? Operand(d_at(n - 2, n - 1)) : Operand(Scalar::py_float(h));
    put(out, ax, 0, 1, over(minus(f_at(1, 2), f_at(0, 1)), h0));
    put(out, ax, n - 1, {}, over(minus(f_at(n - 1, {}), f_at(n - 2, n - 1)), hn));
    return;
  }
  if (!dx) {
    const Scalar a = Scalar::py_float(-1.5 / h), b = Scalar::py_float(2.0 / h),
                 c = Scalar::py_float(-0.5 / h);
    put(out, ax, 0, 1, combine(a, f_at(0, 1), b, f_at(1, 2), c, f_at(2, 3)));
    const Scalar e = Scalar::py_float(0.5 / h), g = Scalar::py_float(-2.0 / h),
                 k = Scalar::py_float(1.5 / h);
    put(out, ax, n - 1, {},
        combine(e, f_at(n - 3, n - 2), g, f_at(n - 2, n - 1), k, f_at(n - 1, {})));
    return;
  }
  {
    const NDArray d1 = d_at(0, 1), d2 = d_at(1, 2);
    const NDArray sum12 = plus(d1, d2);
    const NDArray a =
        over(uf("negative", {plus(times(Scalar::py_float(2.0), d1), d2)}), times(d1, sum12));
    const NDArray b = over(sum12, times(d1, d2));
    const NDArray c = over(uf("negative", {d1}), times(d2, sum12));
    put(out, ax, 0, 1, combine(a, f_at(0, 1), b, f_at(1, 2), c, f_at(2, 3)));
  }
  {
    const NDArray d1 = d_at(n - 3, n - 2), d2 = d_at(n - 2, n - 1);
    const NDArray sum12 = plus(d1, d2);
    const NDArray a = over(d2, times(d1, sum12));
    const NDArray b = over(uf("negative", {sum12}), times(d1, d2));
    const NDArray c = over(plus(times(Scalar::py_float(2.0), d2), d1), times(d2, sum12));
    put(out, ax, n - 1, {},
        combine(a, f_at(n - 3, n - 2), b, f_at(n - 2, n - 1), c, f_at(n - 1, {})));
  }
}

}  // namespace

std::vector<NDArray> gradient(const NDArray& f_in, const std::vector<GradientSpacing>& spacing,
                              const std::optional<std::vector<int64_t>>& axis, int edge_order) {
  std::vector<int> axes;
  if (axis)
    for (int64_t a : *axis) axes.push_back(normalize_axis(a, f_in.ndim()));
  else
    for (int a = 0; a < f_in.ndim(); ++a) axes.push_back(a);
  if (spacing.size() != 0 && spacing.size() != 1 && spacing.size() != axes.size())
    throw TypeError("invalid number of arguments");
  if (edge_order != 1 && edge_order != 2)
    throw ValueError("'edge_order' greater than 2 not supported");
  const NDArray f = is_inexact(f_in.dtype()) ? f_in : f_in.astype(DType::Float64);
  std::vector<NDArray> outs;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (f.shape()[size_t(axes[k])] < edge_order + 1)
      throw ValueError(
          "Shape of array too small to calculate a numerical gradient, at least (edge_order + "
          "1) elements are required.");
    NDArray out = NDArray::empty(f.shape(), f.dtype());
    const GradientSpacing s = spacing.empty()       ? GradientSpacing{}
                              : spacing.size() == 1 ? spacing[0]
                                                    : spacing[k];
    gradient_axis(f, out, axes[k], s, edge_order);
    outs.push_back(out);
  }
  return outs;
}

// NumPy's: differences wrapped into [-period/2, period/2), corrections where they exceed
// `discont`, accumulated along the axis. An integer period on integers stays integral, with
// the boundary case only for an even period (NumPy's divmod(period, 2)).
NDArray unwrap(const NDArray& p, std::optional<double> discont, int64_t axis,
               const Scalar& period) {
  const int ax = normalize_axis(axis, p.ndim());
  const NDArray dd = diff(p, 1, ax);
  const double d = discont.value_or(period.as_double() / 2);
  const PromotionOperand ops[2] = {PromotionOperand::strong(dd.dtype()), period.promotion()};
  const DType t = result_type(ops);
  Scalar high = Scalar::py_float(period.as_double() / 2), low = Scalar::py_float(-high.as_double());
  bool ambiguous = true;
  if (is_integer(t)) {
    const int64_t n = period.as_int64(), half = n >= 0 ? n / 2 : -((1 - n) / 2);  // floor
    high = Scalar::py_int(half), low = Scalar::py_int(-half);
    ambiguous = n - 2 * half == 0;
  }
  NDArray ddmod = uf("add", {uf("remainder", {uf("subtract", {dd, low}), period}), low});
  if (ambiguous)
    ddmod = where(
        uf("logical_and", {uf("equal", {ddmod, low}), uf("greater", {dd, Scalar::py_int(0)})}),
        high, ddmod);
  NDArray correct = uf("subtract", {ddmod, dd});
  correct =
      where(uf("less", {uf("absolute", {dd}), Scalar::py_float(d)}), Scalar::py_int(0), correct);
  NDArray up = p.astype(t);
  NDArray tail = math::slice_along(up, ax, 1, {});
  copy_into(tail, uf("add", {math::slice_along(p, ax, 1, {}), cumsum(correct, int64_t(ax))}));
  return up;
}

}  // namespace ndgpu
