// Along an axis: cumulative_sum/prod, ediff1d, trapezoid, cross; and the 1-D routines
// interp and convolve, each one kernel over the output.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/math/routine_helpers.hpp"

namespace ndgpu {
using math::uf;

namespace {

NDArray cumulative(bool product, const NDArray& x, std::optional<int64_t> axis,
                   std::optional<DType> dtype, const OptArray& out, bool include_initial) {
  if (x.ndim() == 0) throw ValueError("The input must be at least one-dimensional");
  if (!axis && x.ndim() > 1)
    throw ValueError(
        "For arrays which have more than one dimension ``axis`` argument is required.");
  const int ax = normalize_axis(axis.value_or(0), x.ndim());
  NDArray r = product ? cumprod(x, ax, dtype) : cumsum(x, ax, dtype);
  if (include_initial) {
    Shape s = r.shape();
    s[size_t(ax)] = 1;
    NDArray first = product ? ones(s, r.dtype()) : zeros(s, r.dtype());
    const NDArray parts[2] = {first, r};
    r = concatenate(parts, ax);
  }
  if (!out) return r;
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

}  // namespace

NDArray cumulative_sum(const NDArray& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                       const OptArray& out, bool include_initial) {
  return cumulative(false, x, axis, dtype, out, include_initial);
}

NDArray cumulative_prod(const NDArray& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                        const OptArray& out, bool include_initial) {
  return cumulative(true, x, axis, dtype, out, include_initial);
}

NDArray ediff1d(const NDArray& ary, const OptArray& to_end, const OptArray& to_begin) {
  NDArray flat = ary.reshape(Shape{ary.size()});
  std::vector<NDArray> parts;
  const DType t = ary.dtype();
  auto edge = [&](const NDArray& e, const char* name) {
    if (!can_cast(e.dtype(), t, Casting::SameKind))
      throw TypeError(std::string("dtype of `") + name +
                      "` must be compatible with input `ary` under the `same_kind` rule.");
    parts.push_back(e.reshape(Shape{e.size()}).astype(t));
  };
  if (to_begin) edge(*to_begin, "to_begin");
  parts.push_back(diff(flat));
  if (to_end) edge(*to_end, "to_end");
  if (parts.size() == 1) return parts[0];
  return concatenate(parts, 0);
}

// NumPy's: sum of d * (y[1:] + y[:-1]) / 2.0 along the axis.
NDArray trapezoid(const NDArray& y, const OptArray& x, double dx, int64_t axis) {
  const int ax = normalize_axis(axis, y.ndim());
  Operand d = Scalar::py_float(dx);
  if (x) {
    if (x->ndim() == 1) {
      Shape s(size_t(y.ndim()), 1);
      s[size_t(ax)] = x->shape()[0] - 1;
      d = diff(*x).reshape(s);
    } else {
      d = diff(*x, 1, axis);
    }
  }
  NDArray pairs =
      uf("add", {math::slice_along(y, ax, 1, std::nullopt), math::slice_along(y, ax, {}, -1)});
  NDArray area = uf("true_divide", {uf("multiply", {d, pairs}), Scalar::py_float(2.0)});
  return sum(area, std::vector<int64_t>{ax});
}

// Vectors of 2 or 3 components on axisa/axisb; two 2-vectors give the z component alone.
NDArray cross(const NDArray& a_in, const NDArray& b_in, int64_t axisa, int64_t axisb, int64_t axisc,
              std::optional<int64_t> axis) {
  if (axis) axisa = axisb = axisc = *axis;
  if (a_in.ndim() == 0 || b_in.ndim() == 0)
    throw ValueError("At least one array has zero dimension");
  const NDArray a = moveaxis(a_in, {normalize_axis(axisa, a_in.ndim())}, {-1});
  const NDArray b = moveaxis(b_in, {normalize_axis(axisb, b_in.ndim())}, {-1});
  const int64_t na = a.shape().back(), nb = b.shape().back();
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3))
    throw ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  auto comp = [](const NDArray& v, int64_t k) {
    std::vector<IndexItem> items{EllipsisIndex{}, k};
    return v.index(items);
  };
  const NDArray a0 = comp(a, 0), a1 = comp(a, 1), b0 = comp(b, 0), b1 = comp(b, 1);
  NDArray z = uf("subtract", {uf("multiply", {a0, b1}), uf("multiply", {a1, b0})});
  if (na == 2 && nb == 2) return z;
  // NumPy's formulas, a missing third component dropping its terms (not multiplied by 0,
  // which would turn inf into nan).
  NDArray c0, c1;
  if (na == 3 && nb == 3) {
    const NDArray a2 = comp(a, 2), b2 = comp(b, 2);
    c0 = uf("subtract", {uf("multiply", {a1, b2}), uf("multiply", {a2, b1})});
    c1 = uf("subtract", {uf("multiply", {a2, b0}), uf("multiply", {a0, b2})});
  } else if (na == 2) {
    const NDArray b2 = comp(b, 2);
    c0 = uf("multiply", {a1, b2});
    c1 = uf("negative", {uf("multiply", {a0, b2})});
  } else {
    const NDArray a2 = comp(a, 2);
    c0 = uf("negative", {uf("multiply", {a2, b1})});
    c1 = uf("multiply", {a2, b0});
  }
  const Shape shapes[3] = {c0.shape(), c1.shape(), z.shape()};
  const Shape s_all = broadcast_shapes(shapes);
  const NDArray parts[3] = {c0.broadcast_to(s_all), c1.broadcast_to(s_all), z.broadcast_to(s_all)};
  NDArray r = stack(parts, -1);
  return moveaxis(r, {-1}, {normalize_axis(axisc, r.ndim())});
}

namespace {

// interp's period: xp taken modulo the period and sorted (on the host: the samples are few
// and ndgpu has no sort yet), fp in that order, one sample wrapped onto each end (NumPy's).
std::pair<NDArray, NDArray> periodic_samples(const NDArray& xp, const NDArray& fp, double period) {
  const int64_t n = xp.size();
  std::vector<double> x(static_cast<size_t>(n));
  uf("remainder", {xp.astype(DType::Float64, false), Scalar::py_float(period)}).to_host(x.data());
  const size_t item = size_t(fp.itemsize());
  std::vector<char> f(size_t(n) * item);
  fp.to_host(f.data());
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) order[size_t(k)] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b) { return x[size_t(a)] < x[size_t(b)]; });
  std::vector<double> xs(size_t(n) + 2);
  std::vector<char> fs((size_t(n) + 2) * item);
  for (int64_t k = 0; k < n; ++k) {
    xs[size_t(k) + 1] = x[size_t(order[size_t(k)])];
    std::memcpy(&fs[(size_t(k) + 1) * item], &f[size_t(order[size_t(k)]) * item], item);
  }
  xs[0] = xs[size_t(n)] - period;
  xs[size_t(n) + 1] = xs[1] + period;
  std::memcpy(&fs[0], &fs[size_t(n) * item], item);
  std::memcpy(&fs[(size_t(n) + 1) * item], &fs[item], item);
  return {from_host(xs.data(), Shape{n + 2}, DType::Float64),
          from_host(fs.data(), Shape{n + 2}, fp.dtype())};
}

}  // namespace

NDArray interp(const NDArray& x, const NDArray& xp, const NDArray& fp, std::optional<Scalar> left,
               std::optional<Scalar> right, std::optional<double> period) {
  if (xp.ndim() != 1 || fp.ndim() != 1) throw ValueError("Data points must be 1-D sequences");
  if (xp.size() != fp.size()) throw ValueError("fp and xp are not of the same length");
  if (xp.size() == 0) throw ValueError("array of sample points is empty");
  const bool cplx = is_complex(fp.dtype());
  const DType ft = cplx ? DType::Complex128 : DType::Float64;
  if (period) {
    if (*period == 0) throw ValueError("period must be a non-zero value");
    const auto [xs, fs] = periodic_samples(xp, fp.astype(ft, false), std::fabs(*period));
    const Scalar p = Scalar::py_float(std::fabs(*period));
    return interp(uf("remainder", {x.astype(DType::Float64, false), p}), xs, fs);
  }
  static const kernel::ElementwiseDefinition def(
      {.in_params = "float64 x, raw float64 xp, raw F fp, F vleft, F vright, bool has_left, "
                    "bool has_right",
       .out_params = "F y",
       .operation =
           "const long long n = xp.size();"
           "if (x != x) { y = F(x); }"
           "else if (x < xp[0]) { y = has_left ? vleft : fp[0]; }"
           "else if (x > xp[n - 1]) { y = has_right ? vright : fp[n - 1]; }"
           "else if (x == xp[n - 1]) { y = fp[n - 1]; }"
           "else { long long lo = 0, hi = n - 1;"  // xp[lo] <= x < xp[hi]
           "  while (hi - lo > 1) { long long mid = (lo + hi) / 2; if (xp[mid] <= x) lo = mid; "
           "else hi = mid; }"
           "  if (xp[lo] == x) { y = fp[lo]; } else {"
           "  const F slope = (fp[hi] - fp[lo]) / F(xp[hi] - xp[lo]);"
           "  y = slope * F(x - xp[lo]) + fp[lo];"
           "  if (ndgpu::isnan_(y)) { y = slope * F(x - xp[hi]) + fp[hi];"
           "    if (ndgpu::isnan_(y) && fp[lo] == fp[hi]) y = fp[lo]; } } }",
       .name = "ndgpu_interp"});
  const NDArray xf = x.astype(DType::Float64, false);
  const Operand args[7] = {xf,
                           xp.astype(DType::Float64, false),
                           fp.astype(ft, false),
                           Scalar::typed(ft, left ? left->as_complex() : 0.0),
                           Scalar::typed(ft, right ? right->as_complex() : 0.0),
                           Scalar::py_bool(left.has_value()),
                           Scalar::py_bool(right.has_value())};
  return kernel::run_elementwise(def, args)[0];
}

NDArray convolve(const NDArray& a_in, const NDArray& v_in, const std::string& mode) {
  if (a_in.size() == 0) throw ValueError("a cannot be empty");
  if (v_in.size() == 0) throw ValueError("v cannot be empty");
  const bool swap = v_in.size() > a_in.size();
  const NDArray& a = swap ? v_in : a_in;
  const NDArray& v = swap ? a_in : v_in;
  const int64_t n = a.size(), m = v.size();
  int64_t len, shift;
  if (mode == "full") {
    len = n + m - 1, shift = 0;
  } else if (mode == "same") {
    len = n, shift = (m - 1) / 2;
  } else if (mode == "valid") {
    len = n - m + 1, shift = m - 1;
  } else {
    throw ValueError("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  }
  const DType t = promote_types(a.dtype(), v.dtype());
  static const kernel::ElementwiseDefinition def(
      {.in_params = "raw T a, raw T v, int64 shift",
       .out_params = "T y",
       .operation = "const long long n = a.size(), m = v.size(); T s = T(0);"
                    "const long long k = i + shift;"
                    "const long long lo = k - n + 1 > 0 ? k - n + 1 : 0;"
                    "const long long hi = k < m - 1 ? k : m - 1;"
                    "for (long long j = lo; j <= hi; ++j) s += a[k - j] * v[j];"
                    "y = s",
       .name = "ndgpu_convolve"});
  NDArray out = NDArray::empty(Shape{len}, t);
  const Operand args[4] = {a.reshape(Shape{n}).astype(t, false),
                           v.reshape(Shape{m}).astype(t, false), Scalar::py_int(shift), out};
  kernel::run_elementwise(def, args);
  return out;
}

}  // namespace ndgpu
