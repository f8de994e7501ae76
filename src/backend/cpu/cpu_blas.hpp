// The CPU backend's BLAS: OpenBLAS (scipy-openblas32's wheel, or a system libopenblas/libcblas)
// opened on first use. Arrays on the CPU backend are host memory, so calls are direct.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cpu {

// Runs `call` on the host; BackendError naming the libraries tried when none is found.
void cpu_gemm(const GemmCall& call);

}  // namespace ndgpu::cpu
