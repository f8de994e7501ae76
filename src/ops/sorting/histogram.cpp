// digitize, bincount and histogram over sorted data: a bin's count is the difference of two
// searchsorted positions of its edges, and a weighted bin the difference of the weights'
// running sum there, so no atomics and the same result on every backend.
#include <cmath>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/sorting/histogram_parts.hpp"

namespace ndgpu {
namespace {

NDArray ufunc(const char* name, const Operand& a, const Operand& b) {
  return call_ufunc(name, std::vector<Operand>{a, b})[0];
}
NDArray slice(const NDArray& a, std::optional<int64_t> start, std::optional<int64_t> stop) {
  return a.index(std::vector<IndexItem>{Slice{start, stop, std::nullopt}});
}
double host_double(const NDArray& a) {
  double v = 0;
  a.astype(DType::Float64).to_host(&v);
  return v;
}
bool all_true(const NDArray& a) {
  return host_double(all(a)) != 0;
}

// Sums of `weights` (or counts) of the sorted values between consecutive positions `at`.
NDArray sums_between(const NDArray& at_left, const NDArray& at_right,
                     const std::optional<NDArray>& sorted_weights) {
  if (!sorted_weights) return ufunc("subtract", at_right, at_left);
  NDArray zero = zeros(Shape{1}, sorted_weights->dtype());
  NDArray running = concatenate(std::vector<NDArray>{zero, cumsum(*sorted_weights, 0)}, 0);
  return ufunc("subtract", take(running, at_right), take(running, at_left));
}

}  // namespace

namespace ops::sorting {

NDArray counts_in_bins(const NDArray& sorted, const NDArray& edges,
                       const std::optional<NDArray>& sorted_weights) {
  // Bin i holds edges[i] <= v < edges[i + 1]; the last bin also holds its right edge.
  const int64_t nb = edges.size() - 1;
  NDArray left = searchsorted(sorted, slice(edges, {}, -1), "left");
  NDArray right_edges = searchsorted(sorted, slice(edges, 1, {}), "left");
  NDArray last_right = searchsorted(sorted, slice(edges, nb, {}), "right");
  NDArray right = concatenate(std::vector<NDArray>{slice(right_edges, {}, -1), last_right}, 0);
  return sums_between(left, right, sorted_weights);
}

NDArray equal_width_edges(double first, double last, int64_t bins, DType work) {
  const int64_t num = bins + 1;
  const double step = work == DType::Float32 ? double((float(last) - float(first)) / float(num - 1))
                                             : (last - first) / double(num - 1);
  NDArray y = arange(Scalar::py_int(0), Scalar::py_int(num), Scalar::py_int(1), work);
  y = ufunc("add", ufunc("multiply", y, Scalar::typed(work, step)), Scalar::typed(work, first));
  NDArray end = slice(y, num - 1, {});
  fill(end, Scalar::typed(work, last));
  return y;
}

}  // namespace ops::sorting

NDArray digitize(const NDArray& x, const NDArray& bins, bool right) {
  if (is_complex(x.dtype())) throw TypeError("x may not be complex");
  if (bins.ndim() != 1) throw ValueError("bins must be a 1-D array");
  const int64_t n = bins.size();
  NDArray steps = diff(bins);
  const bool increasing = all_true(ufunc("greater_equal", steps, Scalar::py_int(0)));
  if (!increasing && !all_true(ufunc("less_equal", steps, Scalar::py_int(0))))
    throw ValueError("bins must be monotonically increasing or decreasing");
  const std::string side = right ? "left" : "right";
  if (increasing) return searchsorted(bins, x, side);
  NDArray reversed = bins.index(std::vector<IndexItem>{Slice{std::nullopt, std::nullopt, -1}});
  return ufunc("subtract", Scalar::py_int(n), searchsorted(reversed, x, side));
}

NDArray bincount(const NDArray& x, const std::optional<NDArray>& weights, int64_t minlength) {
  if (minlength < 0) throw ValueError("'minlength' must not be negative");
  if (x.ndim() != 1) throw ValueError("object too deep for desired array");
  if (!is_integer(x.dtype()) && x.dtype() != DType::Bool)
    throw TypeError(std::string("Cannot cast array data from dtype('") + dtype_name(x.dtype()) +
                    "') to dtype('int64') according to the rule 'safe'");
  if (weights && weights->shape() != x.shape())
    throw ValueError("The weights and list don't have the same length.");
  const DType out_t = weights ? DType::Float64 : DType::Int64;
  NDArray xi = x.astype(DType::Int64);
  int64_t bins = minlength;
  if (x.size() > 0) {
    if (host_double(amin(xi)) < 0)
      throw ValueError("'list' argument must have no negative elements");
    bins = std::max<int64_t>(bins, int64_t(host_double(amax(xi))) + 1);
  }
  if (bins == 0) return zeros(Shape{0}, out_t);
  NDArray order = argsort(xi, {.axis = -1});
  NDArray sorted = take(xi, order);
  NDArray values = arange(Scalar::py_int(0), Scalar::py_int(bins), Scalar::py_int(1), DType::Int64);
  std::optional<NDArray> w;
  if (weights) w = take(weights->astype(DType::Float64), order);
  return sums_between(searchsorted(sorted, values, "left"), searchsorted(sorted, values, "right"),
                      w);
}

namespace {

// numpy's _get_outer_edges and bin count for `bins` given as a count or a rule.
ops::sorting::EqualBins equal_bins(const NDArray& a, const HistogramOptions& o) {
  if (o.rule && o.weights)
    throw TypeError(
        "Automated estimation of the number of bins is not supported for weighted data");
  if (!o.rule && o.bins < 1) throw ValueError("`bins` must be positive, when an integer");
  ops::sorting::EqualBins e;
  e.range_given = o.range.has_value();
  if (o.range) {
    e.first = o.range->first, e.last = o.range->second;
    if (e.first > e.last) throw ValueError("max must be larger than min in range parameter.");
    if (!std::isfinite(e.first) || !std::isfinite(e.last))
      throw ValueError("supplied range of [" + std::to_string(e.first) + ", " +
                       std::to_string(e.last) + "] is not finite");
  } else if (a.size() > 0) {
    e.first = host_double(amin(a)), e.last = host_double(amax(a));
    if (!std::isfinite(e.first) || !std::isfinite(e.last))
      throw ValueError("autodetected range of [" + std::to_string(e.first) + ", " +
                       std::to_string(e.last) + "] is not finite");
  }
  if (e.first == e.last) e.first -= 0.5, e.last += 0.5;
  e.bins = o.rule ? ops::sorting::bins_by_rule(a, *o.rule, e.first, e.last, e.range_given) : o.bins;
  return e;
}

NDArray equal_edges(const NDArray& a, const ops::sorting::EqualBins& e) {
  // numpy's bin type is the data's float type (float64 for integers); its linspace runs in
  // that type when the edges came from the data's float32 min and max, else in float64.
  const DType t = is_floating(a.dtype()) ? a.dtype() : DType::Float64;
  const DType work = e.range_given || t != DType::Float32 ? DType::Float64 : DType::Float32;
  return ops::sorting::equal_width_edges(e.first, e.last, e.bins, work).astype(t);
}

NDArray given_edges(const NDArray& edges) {
  if (edges.ndim() != 1) throw ValueError("`bins` must be 1d, when an array");
  if (!all_true(ufunc("greater_equal", diff(edges), Scalar::py_int(0))))
    throw ValueError("`bins` must increase monotonically, when an array");
  return edges;
}

}  // namespace

NDArray histogram_bin_edges(const NDArray& a, const HistogramOptions& o) {
  return o.edges ? given_edges(*o.edges) : equal_edges(a, equal_bins(a, o));
}

namespace {

// Counts by the backend's library histogram (CUB's on CUDA) where it has one: float data
// with given edges of its own type, the last edge nudged up one step so that values on it count
// in the last bin, as NumPy's do. nullopt leaves the work to the sort-based path.
std::optional<NDArray> library_counts(const NDArray& a, const NDArray& edges) {
  Device device = current_device();
  const DType t = a.dtype();
  if (device.type != DeviceType::CUDA || (t != DType::Float32 && t != DType::Float64) ||
      edges.dtype() != t || a.size() >= (int64_t(1) << 31) || edges.size() < 2 ||
      edges.size() > (int64_t(1) << 30))
    return std::nullopt;
  NDArray levels = ascontiguousarray(edges).astype(t, true);
  NDArray last = slice(levels, edges.size() - 1, {});
  const double top = host_double(last);
  if (!std::isfinite(top)) return std::nullopt;
  const double above = t == DType::Float32 ? double(std::nextafter(float(top), INFINITY))
                                           : std::nextafter(top, INFINITY);
  fill(last, Scalar::typed(t, above));
  NDArray data = ascontiguousarray(ravel(a));
  NDArray counts = NDArray::empty_on(device, Shape{edges.size() - 1}, DType::Int32);
  HistogramCall call;
  call.type = t == DType::Float32 ? ScanType::F32 : ScanType::F64;
  call.n = data.size();
  call.samples = data.data();
  call.levels = levels.data();
  call.bins = int(edges.size() - 1);
  call.counts = static_cast<int32_t*>(counts.data());
  call.stream = current_stream(device);
  if (!backend_for(device).histogram(device.index, call)) return std::nullopt;
  return counts.astype(DType::Int64);
}

}  // namespace

std::pair<NDArray, NDArray> histogram(const NDArray& a, const HistogramOptions& o) {
  check_device(a.device());
  if (o.weights && o.weights->shape() != a.shape())
    throw ValueError("weights should have the same shape as a.");
  std::optional<NDArray> fast;
  NDArray edges;
  if (o.edges) {
    edges = given_edges(*o.edges);
    if (!o.weights) fast = library_counts(a, edges);
  } else {
    const ops::sorting::EqualBins e = equal_bins(a, o);
    edges = equal_edges(a, e);
    if (!o.weights) fast = ops::sorting::equal_bin_counts(a, edges, e);
  }
  if (fast) {
    NDArray hist = *fast;
    if (o.density) hist = ufunc("true_divide", ufunc("true_divide", hist, sum(hist)), diff(edges));
    return {hist, edges};
  }
  NDArray flat = ravel(a);
  std::optional<NDArray> w;
  NDArray sorted;
  if (o.weights) {
    NDArray order = argsort(flat, {.axis = -1});
    sorted = take(flat, order);
    w = take(ravel(*o.weights), order);
  } else {
    sorted = sort(flat, {.axis = -1});
  }
  NDArray hist = ops::sorting::counts_in_bins(sorted, edges, w);
  if (o.density) {
    NDArray widths = diff(edges);
    NDArray total = sum(hist);
    hist = ufunc("true_divide", ufunc("true_divide", hist, total), widths);
  } else if (w) {
    hist = hist.astype(o.weights->dtype());  // numpy sums into the weights' dtype
  }
  return {hist, edges};
}

}  // namespace ndgpu
