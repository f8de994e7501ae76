// Pieces of histogram shared by its files: counts over sorted data and numpy's bin rules.
#pragma once
#include <optional>
#include <string>
#include <utility>

#include "ndgpu/ndarray.hpp"

namespace ndgpu::ops::sorting {

// Per-bin counts of the sorted values (or sums of `sorted_weights`, sorted alike) between
// increasing edges; the last bin includes its right edge.
NDArray counts_in_bins(const NDArray& sorted, const NDArray& edges,
                       const std::optional<NDArray>& sorted_weights = std::nullopt);
// bins + 1 equal-width edges from first to last, by numpy.linspace's arithmetic in `work`
// (float32 or float64), so values on an edge fall where numpy puts them.
NDArray equal_width_edges(double first, double last, int64_t bins, DType work);
// numpy's equal bins: `bins` of them from first to last, the range given or the data's.
struct EqualBins {
  double first = 0, last = 1;
  int64_t bins = 1;
  bool range_given = false;
};
// numpy.histogram's counts (int64) of the flattened `a` in the equal bins `e` with their
// `edges`, by numpy's own index arithmetic in one pass (histogram_even.cpp); nullopt for
// dtypes it does not cover (bool, float16, complex).
std::optional<NDArray> equal_bin_counts(const NDArray& a, const NDArray& edges, const EqualBins& e);
// How many equal bins numpy's rule `name` ('auto', 'fd', 'doane', 'scott', 'stone', 'rice',
// 'sturges', 'sqrt') gives the flattened `a` over [first, last]; `range_given` trims `a` to it.
int64_t bins_by_rule(const NDArray& a, const std::string& name, double first, double last,
                     bool range_given);

}  // namespace ndgpu::ops::sorting
