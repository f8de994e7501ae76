// The iteration plan (as PyTorch's TensorIterator): broadcast operands to one shape, drop
// size-1 axes, put the fastest-moving axis last, merge axes that are contiguous for every
// operand, and choose contiguous-vs-strided and 32- vs 64-bit indexing.
#pragma once
#include <cstdint>
#include <vector>

#include "ndgpu/shape.hpp"

namespace ndgpu::kernel {

struct IterationPlan {
  Shape shape;                   // collapsed iteration shape (may be empty: one element)
  std::vector<Strides> strides;  // per operand, byte strides over `shape`
  int64_t size = 0;              // elements to visit
  bool contiguous = false;       // every operand is dense with its own itemsize
  bool index32 = false;          // every index and byte offset fits in int32
  int ndim() const { return int(shape.size()); }
};

// `strides[k]` are operand k's byte strides over `shape` (0 on broadcast axes).
// `reorder` lets the plan permute axes (only when the linear index `i` has no meaning to
// the kernel); `collapse` is ElementwiseKernel's reduce_dims.
IterationPlan make_plan(const Shape& shape, std::vector<Strides> strides,
                        const std::vector<int64_t>& itemsizes, bool reorder, bool collapse);

}  // namespace ndgpu::kernel
