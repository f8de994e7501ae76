// cuSOLVER's dense 64-bit API, opened on first use (the toolkit's libcusolver, or
// NDGPU_CUSOLVER): one handle per device and stream, workspaces from ndgpu's memory pool.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

class CudaBackend;

// Runs `call` on `device`'s stream `call.stream`; returns LAPACK's info (read back to the host).
int cusolver_run(CudaBackend& backend, int device, const SolverCall& call);

}  // namespace ndgpu::cuda
