// Reinterpreting views and memory overlap: ndarray.view(dtype), may_share_memory and
// shares_memory.
#pragma once
#include "ndgpu/ndarray.hpp"

namespace ndgpu {

// The same bytes read as `dtype`. Another item size needs a contiguous last axis, whose
// length is scaled (ValueError otherwise, NumPy's messages).
NDArray view_as(const NDArray& a, DType dtype);
// Whether the byte ranges that `a` and `b` span overlap (may give false positives).
bool may_share_memory(const NDArray& a, const NDArray& b);
// Whether some byte belongs to an element of both `a` and `b` (exact).
bool shares_memory(const NDArray& a, const NDArray& b);

}  // namespace ndgpu
