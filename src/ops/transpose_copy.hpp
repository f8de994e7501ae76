// The tiled transpose copy used by copy_into (src/ops/transpose_copy.cpp).
#pragma once
#include "ndgpu/ndarray.hpp"

namespace ndgpu {

// Copies `src` into C-contiguous `dst` of the same dtype and shape through shared-memory tiles
// when src's unit-stride axis is dst's second-to-last one (x.T, batched .mT): both sides then
// read and write whole lines. Returns false, having done nothing, for any other layout.
bool transpose_copy(NDArray& dst, const NDArray& src);

}  // namespace ndgpu
