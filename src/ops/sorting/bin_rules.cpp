// numpy.histogram's bin rules by name: each estimates a bin width from the data (numpy's
// _hist_bin_* functions), and the count of equal bins is the range over that width.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/sorting/histogram_parts.hpp"
#include "ops/statistics/helpers.hpp"

namespace ndgpu::ops::sorting {
namespace {

using statistics::host_double;
using statistics::ufunc;

struct Data {
  NDArray x;  // flattened, trimmed to the range
  double n = 0, ptp = 0;
};

double sqrt_rule(const Data& d) {
  return d.ptp / std::sqrt(d.n);
}
double sturges_rule(const Data& d) {
  return d.ptp / (std::log2(d.n) + 1.0);
}
double rice_rule(const Data& d) {
  return d.ptp / (2.0 * std::pow(d.n, 1.0 / 3));
}
double scott_rule(const Data& d) {
  return std::pow(24.0 * std::sqrt(std::numbers::pi) / d.n, 1.0 / 3.0) * host_double(stddev(d.x));
}
double fd_rule(const Data& d) {
  const double q[2] = {75, 25};
  NDArray p = percentile(d.x, from_host(q, Shape{2}, DType::Float64)).astype(DType::Float64);
  double quartiles[2];
  p.to_host(quartiles);
  return 2.0 * (quartiles[0] - quartiles[1]) * std::pow(d.n, -1.0 / 3.0);
}
double doane_rule(const Data& d) {
  if (d.n <= 2) return 0.0;
  const double sg1 = std::sqrt(6.0 * (d.n - 2) / ((d.n + 1.0) * (d.n + 3)));
  const double sigma = host_double(stddev(d.x));
  if (!(sigma > 0.0)) return 0.0;
  NDArray centred = ufunc("subtract", d.x, mean(d.x));
  NDArray z = ufunc("true_divide", centred, Scalar::py_float(sigma));
  const double g1 = host_double(mean(ufunc("power", z, Scalar::py_int(3))));
  return d.ptp / (1.0 + std::log2(d.n) + std::log2(1.0 + std::abs(g1) / sg1));
}
// Stone's rule: the bin count minimising the cross-validated integrated squared error; the
// data is sorted once and each candidate's counts come from its edges' positions.
double stone_rule(const Data& d, double first, double last) {
  if (d.n <= 1 || d.ptp == 0) return 0;
  NDArray sorted = sort(d.x, {.axis = -1});
  const int64_t upper = std::max<int64_t>(100, int64_t(std::sqrt(d.n)));
  double best = 0;
  int64_t best_bins = 1;
  for (int64_t bins = 1; bins <= upper; ++bins) {
    NDArray edges = histogram_bin_edges(d.x, {.bins = bins, .range = std::make_pair(first, last)});
    NDArray p = ufunc("true_divide", counts_in_bins(sorted, edges), Scalar::py_float(d.n));
    const double jhat =
        (2 - (d.n + 1) * host_double(sum(ufunc("multiply", p, p)))) / (d.ptp / double(bins));
    if (bins == 1 || jhat < best) best = jhat, best_bins = bins;
  }
  return d.ptp / double(best_bins);
}

}  // namespace

int64_t bins_by_rule(const NDArray& a, const std::string& name, double first, double last,
                     bool range_given) {
  static const char* const kNames[] = {"stone", "auto",  "doane", "fd",
                                       "rice",  "scott", "sqrt",  "sturges"};
  if (std::find_if(std::begin(kNames), std::end(kNames),
                   [&](const char* k) { return name == k; }) == std::end(kNames))
    throw ValueError("'" + name + "' is not a valid estimator for `bins`");
  Data d{ravel(a)};
  if (range_given) {
    NDArray keep = ufunc("logical_and", ufunc("greater_equal", d.x, Scalar::py_float(first)),
                         ufunc("less_equal", d.x, Scalar::py_float(last)));
    d.x = extract(keep, d.x);
  }
  if (d.x.size() == 0) return 1;
  d.n = double(d.x.size());
  d.ptp = host_double(amax(d.x)) - host_double(amin(d.x));
  double width = 0;
  if (name == "sqrt") {
    width = sqrt_rule(d);
  } else if (name == "sturges") {
    width = sturges_rule(d);
  } else if (name == "rice") {
    width = rice_rule(d);
  } else if (name == "scott") {
    width = scott_rule(d);
  } else if (name == "fd") {
    width = fd_rule(d);
  } else if (name == "doane") {
    width = doane_rule(d);
  } else if (name == "stone") {
    width = stone_rule(d, first, last);
  } else {  // auto: the smaller of Sturges and a Freedman-Diaconis kept from tiny bins
    width = std::min(std::max(fd_rule(d), sqrt_rule(d) / 2), sturges_rule(d));
  }
  if (width == 0) return 1;  // fd when the quartiles meet, stone for constant data
  if (is_integer(a.dtype()) && width < 1) width = 1;
  const double bins = std::ceil((last - first) / width);
  if (!std::isfinite(bins)) throw ValueError("cannot convert float NaN to integer");
  return int64_t(bins);
}

}  // namespace ndgpu::ops::sorting
