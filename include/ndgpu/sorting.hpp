// Sorting, as NumPy's: every function works on the current device and raises NumPy's errors.
// Sorts are stable whatever `kind` asks (CUB's radix sorts on CUDA, a radix sort on the
// CPU); NaNs sort last, complex numbers lexicographically (docs/sorting.md).
#pragma once
#include <optional>
#include <string>

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
