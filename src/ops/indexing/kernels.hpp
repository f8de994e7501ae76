// The indexing kernels shared by getitem, setitem and the routines: index offsets with a
// bounds check, gather, scatter and boolean compaction.
#pragma once
#include <span>
#include <vector>

#include "ndgpu/indexing.hpp"

namespace ndgpu::ops {

// One indexed axis: its length, byte stride and the axis number errors name; `in_range`: its
// indices are known to lie in [0, length) (a mask's nonzero()), so no kernel checks them.
struct IndexedAxis {
  int64_t length, stride;
  int axis;
  bool in_range = false;
};

// TypeError (NumPy's text) unless `t` is an integer dtype: index arrays are cast safely.
void require_integer_indices(DType t);
// An index of integers, slices, new axes and ellipses only (a view), and those items.
bool is_basic(std::span<const Index> index);
std::vector<IndexItem> basic_items(std::span<const Index> index);
// a[index] (at least one array index) as the scatter kernels take it: `rest` over the axes
// not indexed, the index's byte offsets, and `value` broadcast to the indexing result with the
// index axes first; cast to a's dtype (setitem's unsafe cast) unless `cast_to_a` is false.
struct ScatterPlan {
  NDArray rest, offsets, values;
};
ScatterPlan scatter_plan(const NDArray& a, std::span<const Index> index, const Operand& value,
                         bool cast_to_a = true);
// Byte offsets (int64, the broadcast shape of `indices`) of the indices into `axes`; with
// ClipMode::Raise an index outside [-n, n) raises IndexError before anything reads memory.
NDArray index_offsets(std::span<const NDArray> indices, std::span<const IndexedAxis> axes,
                      ClipMode mode);
// out[b..., r...] = rest[r...] at the offset of indices[b...] (broadcast to B already);
// `out` has shape B + R. Offsets are computed in the same kernel: a bad index reads offset
// 0 and raises IndexError after, so the output is discarded, never memory out of bounds. On
// CUDA the IndexError waits for the next synchronization (bounds_record.hpp).
void gather(const NDArray& rest, std::span<const NDArray> indices,
            std::span<const IndexedAxis> axes, ClipMode mode, NDArray& out);
// The inverse: rest[r...] at offsets[b...] = values[b..., r...].
void scatter(NDArray& rest, const NDArray& offsets, const NDArray& values);
// rest[r...] at offsets[b...] combined with values[b..., r...], atomically.
void scatter_combine(NDArray& rest, const NDArray& offsets, const NDArray& values, ScatterOp op);
// The elements of `values` where `mask` (same shape) is true, in C order, 1-D.
NDArray compact(const NDArray& mask, const NDArray& values);

}  // namespace ndgpu::ops
