// quantile and percentile with weights= (method 'inverted_cdf' only, as numpy's): each row
// sorted with its weights, the weights' normalised running sum is the empirical CDF, and q
// picks the first value whose CDF reaches it. The NaN forms weigh NaN values zero: sorted
// last, they add nothing to the CDF, which reaches 1 at the last other value, so q never
// picks them, as if they were removed (numpy's _remove_nan_1d).
#include <algorithm>
#include <numeric>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/sorting/weighted_quantile.hpp"
#include "ops/statistics/helpers.hpp"

namespace ndgpu::ops::sorting {
namespace {

using statistics::host_double;
using statistics::ufunc;

// numpy's _weights_are_valid: weights of a's shape, or of the reduced axes' shape.
NDArray weights_like(const NDArray& a, const NDArray& w, const std::vector<int>& axes,
                     bool axis_given) {
  if (w.shape() == a.shape()) return w;
  if (!axis_given) throw TypeError("Axis must be specified when shapes of a and weights differ.");
  Shape along;
  for (int ax : axes) along.push_back(a.shape()[size_t(ax)]);
  if (w.shape() != along)
    throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
  // The weights' axes in increasing axis order, then length-1 axes where a is not reduced.
  std::vector<int64_t> order(axes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int64_t x, int64_t y) { return axes[size_t(x)] < axes[size_t(y)]; });
  Shape shape;
  for (int d = 0; d < a.ndim(); ++d)
    shape.push_back(std::count(axes.begin(), axes.end(), d) ? a.shape()[size_t(d)] : 1);
  return broadcast_to(w.transpose(order).reshape(shape), a.shape());
}

}  // namespace

NDArray weighted_quantile(const NDArray& a, const NDArray& q, double scale,
                          const QuantileOptions& o, const NDArray& weights, bool skip_nan) {
  check_device(a.device());
  if (o.method != "inverted_cdf")
    throw ValueError("Only method 'inverted_cdf' supports weights. Got: " + o.method + ".");
  NDArray qn = ufunc("true_divide", q.astype(DType::Float64), Scalar::py_float(scale));
  if (host_double(all(ufunc("logical_and", ufunc("greater_equal", qn, Scalar::py_int(0)),
                            ufunc("less_equal", qn, Scalar::py_int(1))))) == 0)
    throw ValueError(scale == 1 ? "Quantiles must be in the range [0, 1]"
                                : "Percentiles must be in the range [0, 100]");
  std::vector<int> axes;
  if (o.axis)
    for (int64_t ax : *o.axis) axes.push_back(normalize_axis(ax, a.ndim()));
  NDArray w = weights_like(a, weights, axes, o.axis.has_value());
  if (host_double(any(ufunc("less", w, Scalar::py_int(0)))) != 0)
    throw ValueError("Weights must be non-negative.");
  skip_nan = skip_nan && is_inexact(a.dtype());
  if (skip_nan) w = where(ufunc("isnan", a), Scalar::typed(w.dtype(), 0.0), w);
  // Reduced axes last, merged into rows, for the values and their weights alike.
  std::vector<bool> reduced(size_t(a.ndim()), !o.axis);
  for (int ax : axes) reduced[size_t(ax)] = true;
  std::vector<int64_t> perm;
  Shape kept, kept_dims;
  for (int d = 0; d < a.ndim(); ++d)
    if (!reduced[size_t(d)]) perm.push_back(d), kept.push_back(a.shape()[size_t(d)]);
  for (int d = 0; d < a.ndim(); ++d)
    if (reduced[size_t(d)]) perm.push_back(d);
  for (int d = 0; d < a.ndim(); ++d)
    kept_dims.push_back(reduced[size_t(d)] ? 1 : a.shape()[size_t(d)]);
  const int64_t rows = shape_size(kept), len = rows ? a.size() / rows : 0;
  NDArray va = ascontiguousarray(a.transpose(perm)).reshape(Shape{rows, len});
  NDArray wa = ascontiguousarray(w.transpose(perm)).reshape(Shape{rows, len});
  NDArray order = argsort(va, {.axis = -1});
  NDArray sorted = take_along_axis(va, order, -1);
  NDArray cdf = cumsum(take_along_axis(wa, order, -1), -1, DType::Float64);
  NDArray total = cdf.index(std::vector<IndexItem>{Slice{}, Slice{-1, {}, {}}});
  cdf = ufunc("true_divide", cdf, total);
  NDArray bad = ufunc("isnan", cdf.index(std::vector<IndexItem>{Slice{}, -1}));
  // A row of NaN alone (NaN first once sorted) has no weight left: numpy gives it NaN.
  if (skip_nan)
    bad = ufunc(
        "logical_and", bad,
        ufunc("logical_not", ufunc("isnan", sorted.index(std::vector<IndexItem>{Slice{}, 0}))));
  if (host_double(any(bad)) != 0) throw ValueError("Weights included NaN, inf or were all zero.");
  // q is compared in its own float type; leading zero weights must not be picked by q = 0.
  const DType qt = is_floating(q.dtype()) ? q.dtype() : DType::Float64;
  cdf = cdf.astype(qt);
  NDArray zero = ufunc("equal", cdf, Scalar::py_int(0));
  if (host_double(any(zero.index(std::vector<IndexItem>{Slice{}, 0}))) != 0)
    cdf = where(zero, Scalar::typed(qt, -1.0), cdf);
  static const kernel::ElementwiseDefinition def(
      {.in_params = "raw C cdf, raw T s, raw C q, int64 rows, int64 len",
       .out_params = "T y",
       .operation = "const long long r = i % rows, base = r * len; const C v = q[i / rows];"
                    "long long lo = 0, hi = len;"
                    "while (lo < hi) { const long long mid = (lo + hi) >> 1;"
                    "  if (cdf[base + mid] < v) lo = mid + 1; else hi = mid; }"
                    "y = s[base + (lo < len - 1 ? lo : len - 1)]",
       .name = "ndgpu_weighted_quantile"});
  const int64_t nq = q.size();
  NDArray out = NDArray::empty(Shape{nq, rows}, a.dtype());
  if (nq * rows > 0) {
    const Operand args[6] = {
        cdf, sorted, qn.astype(qt).reshape(Shape{nq}), Scalar::py_int(rows), Scalar::py_int(len),
        out};
    kernel::run_elementwise(def, args);
  }
  // A row holding NaN (sorted last) gives NaN, as numpy's; for the NaN forms, a row of NaN.
  if (is_inexact(a.dtype()) && len > 0) {
    NDArray pick = sorted.index(std::vector<IndexItem>{Slice{}, skip_nan ? 0 : -1});
    out = where(ufunc("isnan", pick), pick, out);
  }
  Shape shape = q.shape();
  for (int64_t s : o.keepdims ? kept_dims : kept) shape.push_back(s);
  return out.reshape(shape);
}

}  // namespace ndgpu::ops::sorting
