// cuBLASLt's matmul for the products cuBLAS's fixed heuristic serves poorly (small batched
// ones): an algorithm chosen once per shape, by cuBLASLt's heuristic or by timing its
// candidates, and cached for the process (NDGPU_GEMM, docs/cuda_backend.md).
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

class CudaBackend;

// The element, compute and scale types (cudaDataType, cublasComputeType_t) and host
// alpha = 1, beta = 0 of `call`, as cublas_gemm chose them.
struct GemmTypes {
  int data = 0, compute = 0, scale = 0;
  const void* one = nullptr;
  const void* zero = nullptr;
};

// Runs `call` on cuBLASLt; `tune` times up to 8 of the heuristic's candidates on the first
// call of a shape and keeps the fastest. False when cuBLASLt cannot take it (no library, no
// algorithm, a broadcast operand): the caller runs cuBLAS.
bool cublaslt_gemm(CudaBackend& backend, int device, const GemmCall& call, const GemmTypes& types,
                   bool tune);

}  // namespace ndgpu::cuda
