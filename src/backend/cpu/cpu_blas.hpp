// The CPU backend's BLAS: OpenBLAS (scipy-openblas32's wheel, or a system libopenblas/libcblas)
// opened on first use. Arrays on the CPU backend are host memory, so calls are direct.
#pragma once
#include "ndgpu/backend.hpp"

#include <string>

namespace ndgpu {
// A symbol of the CPU BLAS library (its scipy_ prefix added); BackendError when missing.
void* cpu_blas_symbol(const std::string& name);
}  // namespace ndgpu

namespace ndgpu::cpu {

// Runs `call` on the host; BackendError naming the libraries tried when none is found.
void cpu_gemm(const GemmCall& call);
// A stack of LAPACK problems on the host (the BLAS library's LAPACK), one after another;
// returns the first nonzero info (0 without `check`).
int cpu_solver(const SolverCall& call);
// QR, SVD, eigenproblems and least squares (geqrf, orgqr/ungqr, gesdd, syevd/heevd, geev,
// gelsd) on the host.
int cpu_decomposition(const SolverCall& call);

// LAPACK's type letter ('s', 'd', 'c', 'z'); a size as LAPACK's 32-bit int (ValueError beyond).
char lapack_letter(BlasType t);
int lapack_int(int64_t v);

}  // namespace ndgpu::cpu
