// cuBLAS, opened on first use (the toolkit's libcublas.so.13 or .12, or NDGPU_CUBLAS): one
// handle per device and stream, its workspace from ndgpu's memory pool.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

class CudaBackend;

// Runs `call` on `device`'s stream `call.stream`. float32 is computed in full precision
// unless NDGPU_TF32=1 or CUPY_TF32=1 allow TensorFloat-32, as CuPy's switch.
void cublas_gemm(CudaBackend& backend, int device, const GemmCall& call);

// For cuBLAS's other routines: the handle of (device, stream), and a symbol of the library
// (nullptr when it or the library is missing).
void* cublas_handle(CudaBackend& backend, int device, StreamHandle stream);
void* cublas_symbol(const char* name);

}  // namespace ndgpu::cuda
