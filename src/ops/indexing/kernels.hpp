// The indexing kernels shared by getitem, setitem and the routines: index offsets with a
// bounds check, gather, scatter and boolean compaction.
#pragma once
#include <span>
#include <vector>

#include "ndgpu/indexing.hpp"

namespace ndgpu::ops {

// One indexed axis: its length, byte stride and the axis number errors name.
struct IndexedAxis {
  int64_t length, stride;
  int axis;
};

// Byte offsets (int64, the broadcast shape of `indices`) of the indices into `axes`; with
// ClipMode::Raise an index outside [-n, n) raises IndexError before anything reads memory.
NDArray index_offsets(std::span<const NDArray> indices, std::span<const IndexedAxis> axes,
                      ClipMode mode);
// out[b..., r...] = rest[r...] at byte offset offsets[b...]; `out` has shape B + R.
void gather(const NDArray& rest, const NDArray& offsets, NDArray& out);
// The inverse: rest[r...] at offsets[b...] = values[b..., r...].
void scatter(NDArray& rest, const NDArray& offsets, const NDArray& values);
// The elements of `values` where `mask` (same shape) is true, in C order, 1-D.
NDArray compact(const NDArray& mask, const NDArray& values);

}  // namespace ndgpu::ops
