// Statistics beyond the reductions, as NumPy's: covariance and correlation (cov, corrcoef,
// correlate) and histograms over several dimensions (histogramdd, histogram2d).
#pragma once
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ndgpu/ndarray.hpp"

namespace ndgpu {

// numpy.cov: rows are variables (rowvar) or columns are; ddof (an integer value) overrides
// bias; fweights (integer counts) and aweights weigh the observations; dtype defaults to the
// inputs' type promoted with float64.
struct CovOptions {
  std::optional<NDArray> y = {};
  bool rowvar = true;
  bool bias = false;
  std::optional<double> ddof = {};
  std::optional<NDArray> fweights = {}, aweights = {};
  std::optional<DType> dtype = {};
};
NDArray cov(const NDArray& m, const CovOptions& options = {});
// Pearson's correlation coefficients, cov normalised by the standard deviations, clipped to
// [-1, 1] (each part for complex).
NDArray corrcoef(const NDArray& x, const std::optional<NDArray>& y = {}, bool rowvar = true,
                 std::optional<DType> dtype = {});
// c[k] = sum_n a[n + k] * conj(v[n]) of 1-D sequences; mode "valid", "same" or "full".
NDArray correlate(const NDArray& a, const NDArray& v, const std::string& mode = "valid");

// One dimension's bins for histogramdd: a count of equal bins or increasing edges.
struct BinSpec {
  int64_t count = 10;
  std::optional<NDArray> edges = {};
};
struct HistogramddOptions {
  std::vector<BinSpec> bins = {};  // one per dimension; empty: `every` for each
  BinSpec every = {};
  std::vector<std::optional<std::pair<double, double>>> range = {};  // empty or one per dim
  bool density = false;
  std::optional<NDArray> weights = {};
};
// numpy.histogramdd over the (N, D) sample (a 1-D sample is (N, 1)): float64 counts (or
// weighted sums, or densities) of shape (bins...), and each dimension's edges.
std::pair<NDArray, std::vector<NDArray>> histogramdd(const NDArray& sample,
                                                     const HistogramddOptions& options = {});
// numpy.histogram2d(x, y): histogramdd of the two columns; (hist, xedges, yedges).
std::tuple<NDArray, NDArray, NDArray> histogram2d(const NDArray& x, const NDArray& y,
                                                  const HistogramddOptions& options = {});

}  // namespace ndgpu
