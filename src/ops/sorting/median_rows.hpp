// numpy.median and nanmedian along rows short enough for shared memory, without sorting.
#pragma once
#include <optional>

#include "ndgpu/ndarray.hpp"

namespace ndgpu::ops::sorting {

// The median (skip_nan: of the values other than NaN) of each row of the C-contiguous 2-D
// `rows`, in `out_t`, as numpy: the middle value or the mean of the middle pair, NaN for a row
// with a NaN (skip_nan: a row of NaNs only). Nothing where it does not apply (dtypes other than
// float32, int32 and uint32; rows longer than shared memory holds; large inputs on the CPU):
// the caller sorts.
std::optional<NDArray> median_rows(const NDArray& rows, bool skip_nan, DType out_t);

}  // namespace ndgpu::ops::sorting
