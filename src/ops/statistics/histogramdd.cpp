// histogramdd and histogram2d, as numpy's: each sample's bin along every dimension by a
// searchsorted of that dimension's edges (outliers in bins 0 and nbin + 1), the bins joined
// by ravel_multi_index and counted by one bincount.
#include <cmath>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ndgpu/statistics.hpp"
#include "ops/sorting/histogram_parts.hpp"
#include "ops/statistics/helpers.hpp"

namespace ndgpu {
namespace {

using ops::statistics::host_double;
using ops::statistics::ufunc;

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// numpy's _get_outer_edges: the range, else the data's, widened when empty.
std::pair<double, double> outer_edges(const NDArray& col,
                                      const std::optional<std::pair<double, double>>& range) {
  double first = 0, last = 1;
  if (range) {
    std::tie(first, last) = *range;
    if (first > last) throw ValueError("max must be larger than min in range parameter.");
    if (!std::isfinite(first) || !std::isfinite(last))
      throw ValueError("supplied range of [" + number(first) + ", " + number(last) +
                       "] is not finite");
  } else if (col.size() > 0) {
    first = host_double(amin(col)), last = host_double(amax(col));
    if (!std::isfinite(first) || !std::isfinite(last))
      throw ValueError("autodetected range of [" + number(first) + ", " + number(last) +
                       "] is not finite");
  }
  if (first == last) first -= 0.5, last += 0.5;
  return {first, last};
}

NDArray dimension_edges(const NDArray& col, const BinSpec& spec,
                        const std::optional<std::pair<double, double>>& range, int64_t i) {
  const std::string name = "`bins[" + std::to_string(i) + "]` must be ";
  if (spec.edges) {
    const NDArray& e = *spec.edges;
    if (e.ndim() != 1) throw ValueError(name + "a scalar or 1d array");
    if (host_double(any(ufunc("less", diff(e), Scalar::py_int(0)))) != 0)
      throw ValueError(name + "monotonically increasing, when an array");
    return e;
  }
  if (spec.count < 1) throw ValueError(name + "positive, when an integer");
  auto [first, last] = outer_edges(col, range);
  return ops::sorting::equal_width_edges(first, last, spec.count, DType::Float64);
}

}  // namespace

std::pair<NDArray, std::vector<NDArray>> histogramdd(const NDArray& sample_in,
                                                     const HistogramddOptions& o) {
  check_device(sample_in.device());
  if (sample_in.ndim() > 2 || sample_in.ndim() == 0)
    throw ValueError("histogramdd: the sample must be an (N, D) array, not of " +
                     std::to_string(sample_in.ndim()) + " dimensions");
  const NDArray sample = sample_in.ndim() == 1 ? sample_in.reshape(Shape{-1, 1}) : sample_in;
  const int64_t dims = sample.shape()[1];
  if (!o.bins.empty() && int64_t(o.bins.size()) != dims)
    throw ValueError("The dimension of bins must be equal to the dimension of the sample x.");
  if (!o.range.empty() && int64_t(o.range.size()) != dims)
    throw ValueError("range argument must have one entry per dimension");
  std::vector<NDArray> edges, bin_of;
  std::vector<int64_t> nbin;
  for (int64_t i = 0; i < dims; ++i) {
    NDArray col = sample.index(std::vector<IndexItem>{Slice{}, i});
    const BinSpec& spec = o.bins.empty() ? o.every : o.bins[size_t(i)];
    edges.push_back(
        dimension_edges(col, spec, o.range.empty() ? std::nullopt : o.range[size_t(i)], i));
    const NDArray& e = edges.back();
    nbin.push_back(e.size() + 1);
    // Values on the last edge belong to the last bin, not to the outliers beyond it.
    NDArray last = e.index(std::vector<IndexItem>{e.size() - 1});
    bin_of.push_back(ufunc("subtract", searchsorted(e, col, "right"), ufunc("equal", col, last)));
  }
  const std::vector<ClipMode> modes(size_t(dims), ClipMode::Raise);
  NDArray flat_bin = ravel_multi_index(bin_of, nbin, modes);
  int64_t total = 1;
  for (int64_t b : nbin) total *= b;
  std::optional<NDArray> w;
  if (o.weights) w = *o.weights;
  NDArray hist = bincount(flat_bin, w, total).astype(DType::Float64);
  hist = hist.reshape(Shape(nbin.begin(), nbin.end()));
  hist = hist.index(std::vector<IndexItem>(size_t(dims), Slice{1, -1, std::nullopt}));
  if (o.density) {
    NDArray s = sum(hist);
    for (int64_t i = 0; i < dims; ++i) {
      Shape shape(size_t(dims), 1);
      shape[size_t(i)] = nbin[size_t(i)] - 2;
      hist = ufunc("true_divide", hist, diff(edges[size_t(i)]).reshape(shape));
    }
    hist = ufunc("true_divide", hist, s);
  }
  return {hist, edges};
}

std::tuple<NDArray, NDArray, NDArray> histogram2d(const NDArray& x, const NDArray& y,
                                                  const HistogramddOptions& o) {
  if (x.ndim() != 1 || y.ndim() != 1 || x.size() != y.size())
    throw ValueError("x and y must have the same length.");
  const DType t = promote_types(x.dtype(), y.dtype());
  auto [hist, edges] = histogramdd(stack(std::vector<NDArray>{x.astype(t), y.astype(t)}, 1), o);
  return {hist, edges[0], edges[1]};
}

}  // namespace ndgpu
