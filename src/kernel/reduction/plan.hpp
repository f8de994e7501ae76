// The reduction plan: the input's axes split into output axes and reduced axes, each group
// with its size-1 axes dropped, optionally sorted by the layout operand's strides, and merged
// where every operand steps evenly across them. Reduced axes come last.
//
//   full:    out_size == 1                       one output, many blocks and a second pass
//   rows:    the reduced axis moves fastest      a block per output row
//   columns: an output axis moves fastest        a thread per output, coalesced reads
#pragma once
#include <cstdint>
#include <vector>

#include "ndgpu/shape.hpp"

namespace ndgpu::kernel {

struct ReductionPlan {
  Shape out_shape;               // collapsed output axes (empty: one output)
  Shape red_shape;               // collapsed reduced axes (empty: nothing to reduce)
  std::vector<Strides> strides;  // per operand: out-axis strides, then reduced-axis strides
  int64_t out_size = 1, red_size = 1;
  bool index32 = false;
  int out_ndim() const { return int(out_shape.size()); }
  int red_ndim() const { return int(red_shape.size()); }
};

enum class ReduceStrategy { Rows, Columns };

// `reduced[d]` marks the axes of `shape` to reduce; `strides[k]` are operand k's byte
// strides over `shape` (0 on broadcast and, for outputs, on reduced axes). `layout` is the
// operand whose memory order the plan follows. `reorder` allows sorting axes (only when
// kernel code does not see indices); `collapse` allows merging.
ReductionPlan make_reduction_plan(const Shape& shape, const std::vector<bool>& reduced,
                                  const std::vector<Strides>& strides,
                                  const std::vector<int64_t>& itemsizes, int layout, bool reorder,
                                  bool collapse);

// Rows when the reduced axis moves faster in memory than the outputs (or one output).
ReduceStrategy choose_strategy(const ReductionPlan& plan, int layout);

}  // namespace ndgpu::kernel
