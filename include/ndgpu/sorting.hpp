// Sorting, as NumPy's: every function works on the current device and raises NumPy's errors.
// Sorts are stable whatever `kind` asks (CUB's radix sorts on CUDA, a radix sort on the
// CPU); NaNs sort last, complex numbers lexicographically (docs/sorting.md).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ndgpu/ndarray.hpp"

namespace ndgpu {

// kind: nullopt, "quicksort", "mergesort", "heapsort" or "stable"; stable cannot be given
// with kind. axis nullopt sorts the flattened array.
struct SortOptions {
  std::optional<int64_t> axis = -1;
  std::optional<std::string> kind = {};
  std::optional<bool> stable = {};
};

NDArray sort(const NDArray& a, const SortOptions& options = {});
// The int64 indices that sort `a` along the axis; equal elements keep their order.
NDArray argsort(const NDArray& a, const SortOptions& options = {});
// ndarray.sort: `a` sorted in place along options.axis (an axis is required).
void sort_inplace(NDArray& a, const SortOptions& options = {});
// The flattened array sorted as complex numbers (complex64 for small types, as NumPy).
NDArray sort_complex(const NDArray& a);

}  // namespace ndgpu

namespace ndgpu {

// Where `v`'s elements would be inserted into the sorted 1-D `a` (NaN last, as sort orders);
// side "left" or "right"; `sorter` the indices that sort `a`. int64, of v's shape.
NDArray searchsorted(const NDArray& a, const NDArray& v, const std::string& side = "left",
                     const std::optional<NDArray>& sorter = std::nullopt);

// unique over the flattened array: the sorted distinct values, and on request the first
// index of each, the inverse (of a's shape) and the counts. equal_nan keeps one NaN.
struct UniqueResult {
  NDArray values;
  std::optional<NDArray> index, inverse, counts;
};
struct UniqueOptions {
  bool return_index = false, return_inverse = false, return_counts = false;
  bool equal_nan = true;
};
UniqueResult unique(const NDArray& a, const UniqueOptions& options = {});
// unique slices along `axis` (NumPy's unique(axis=)): rows compared element by element, the
// first most significant; the inverse and counts are per slice.
UniqueResult unique_along_axis(const NDArray& a, int64_t axis, const UniqueOptions& options = {});

// isin(element, test_elements): a bool array of element's shape.
NDArray isin(const NDArray& element, const NDArray& test_elements, bool assume_unique = false,
             bool invert = false);
// The set routines of 1-D results (inputs flattened), as NumPy's.
struct IntersectResult {
  NDArray values;
  std::optional<NDArray> indices1, indices2;
};
IntersectResult intersect1d(const NDArray& a, const NDArray& b, bool assume_unique = false,
                            bool return_indices = false);
NDArray union1d(const NDArray& a, const NDArray& b);
NDArray setdiff1d(const NDArray& a, const NDArray& b, bool assume_unique = false);
NDArray setxor1d(const NDArray& a, const NDArray& b, bool assume_unique = false);

}  // namespace ndgpu

namespace ndgpu {

// Order statistics over `axis` (nullopt: all axes; several axes allowed), as numpy's: q an
// array (the result's leading axes) with values in [0, 1] (quantile) or [0, 100]
// (percentile); method one of numpy's thirteen; weak_q when q was a Python scalar (the
// result keeps a float input's dtype). The nan forms skip NaNs; the others return NaN for a
// slice holding one.
struct QuantileOptions {
  std::optional<std::vector<int64_t>> axis = {};
  std::string method = "linear";
  bool keepdims = false;
  bool weak_q = false;
  // quantile/percentile with method "inverted_cdf": weights of a's shape or of the reduced
  // axes' shape (numpy's weighted empirical CDF).
  std::optional<NDArray> weights = {};
};
NDArray quantile(const NDArray& a, const NDArray& q, const QuantileOptions& options = {});
NDArray nanquantile(const NDArray& a, const NDArray& q, const QuantileOptions& options = {});
NDArray percentile(const NDArray& a, const NDArray& q, const QuantileOptions& options = {});
NDArray nanpercentile(const NDArray& a, const NDArray& q, const QuantileOptions& options = {});
// The mean of the middle pair (float inputs keep their dtype, others give float64).
NDArray median(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = {},
               bool keepdims = false);
NDArray nanmedian(const NDArray& a, const std::optional<std::vector<int64_t>>& axis = {},
                  bool keepdims = false);

}  // namespace ndgpu

namespace ndgpu {

// The bin of each x among monotonic `bins` (increasing or decreasing), as numpy.digitize.
NDArray digitize(const NDArray& x, const NDArray& bins, bool right = false);
// Occurrences of each non-negative integer of the 1-D `x` (weighted sums with `weights`),
// at least `minlength` of them.
NDArray bincount(const NDArray& x, const std::optional<NDArray>& weights = std::nullopt,
                 int64_t minlength = 0);
// numpy.histogram with `bins` equal bins over `range` (nullopt: the data's), as many as numpy's
// `rule` ('auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt') finds, or the
// given increasing `edges`; returns (counts or weighted sums or densities, edges).
struct HistogramOptions {
  int64_t bins = 10;
  std::optional<std::string> rule = {};
  std::optional<NDArray> edges = {};
  std::optional<std::pair<double, double>> range = {};
  bool density = false;
  std::optional<NDArray> weights = {};
};
std::pair<NDArray, NDArray> histogram(const NDArray& a, const HistogramOptions& options = {});
NDArray histogram_bin_edges(const NDArray& a, const HistogramOptions& options = {});

}  // namespace ndgpu

namespace ndgpu {

// numpy.partition / argpartition: every kth element in its sorted place, smaller ones before
// and larger after. Implemented as a full stable sort, which is one valid partition.
NDArray partition(const NDArray& a, const std::vector<int64_t>& kth,
                  std::optional<int64_t> axis = -1);
NDArray argpartition(const NDArray& a, const std::vector<int64_t>& kth,
                     std::optional<int64_t> axis = -1);
// The indices sorting by the last key first, then the one before it, ... (numpy.lexsort);
// the keys share one shape and are sorted along `axis`.
NDArray lexsort(const std::vector<NDArray>& keys, int64_t axis = -1);

}  // namespace ndgpu
