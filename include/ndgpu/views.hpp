// Reinterpreting views and memory overlap: ndarray.view(dtype), may_share_memory and
// shares_memory, and isfortran.
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
// numpy.isfortran: Fortran-contiguous and not also C-contiguous (so not 1-D or 0-D).
bool isfortran(const NDArray& a);

}  // namespace ndgpu
