// unique of integers whose range is no wider than their count: a flag (or a count) per value
// of the range, set in one pass; the flags' positions are the sorted values, with no sort.
#pragma once
#include <optional>

#include "ndgpu/sorting.hpp"

namespace ndgpu {

// Nothing when the dense form does not apply (not an integer dtype, uint64, return_index, too
// few elements, or a range wider than the count): the caller sorts instead.
std::optional<UniqueResult> unique_dense(const NDArray& flat, const Shape& shape,
                                         const UniqueOptions& options);

}  // namespace ndgpu
