// Inverses of stacks of small real matrices (n ≤ 32) on a kernel of ndgpu's own (small_inv.cpp).
#pragma once
#include "ndgpu/ndarray.hpp"

namespace ndgpu::linalg::detail {

// Whether the kernel serves inv of `batch` n×n matrices in type t (float32 or float64, 1 ≤ n ≤
// 32, batch ≥ 1): by default on CUDA; on either backend with NDGPU_INV=kernel; never with
// NDGPU_INV=solver.
bool small_inv_wanted(Device device, DType t, int64_t n, int64_t batch);
// inv of a non-empty (..., n, n) stack in type t; LinAlgError when a matrix is singular.
NDArray small_inv(const NDArray& a, DType t);

}  // namespace ndgpu::linalg::detail
