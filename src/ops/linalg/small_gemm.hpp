// float32 products of stacks of small matrices on kernels of ndgpu's own (small_gemm.cpp).
#pragma once
#include "ndgpu/ndarray.hpp"

namespace ndgpu {

// Whether the product fits the kernels (float32, m, n, k ≤ 64) and they serve it: by default
// on CUDA; on either backend with NDGPU_GEMM=kernel; never with another NDGPU_GEMM route.
bool small_gemm_wanted(Device device, DType t, int64_t m, int64_t n, int64_t k, int64_t batch);
// c (batch, m, n) = a @ b for C-contiguous float32 stacks a (batch or 1, m, k) and b (batch or
// 1, k, n); a stack of one matrix is repeated over the batch.
void small_gemm(const NDArray& a, const NDArray& b, NDArray& c, int64_t m, int64_t n, int64_t k,
                int64_t batch);

}  // namespace ndgpu
