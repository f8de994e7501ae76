// cuSOLVER's dense API, opened on first use (the toolkit's libcusolver, or
// NDGPU_CUSOLVER): one handle per device and stream, workspaces from ndgpu's memory pool.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

class CudaBackend;

// Runs the stack `call` on `device`'s stream `call.stream`: a batched library routine where
// one serves it, else one call per problem; returns the first nonzero info (read back once),
// or 0 at once without `call.check`.
int cusolver_run(CudaBackend& backend, int device, const SolverCall& call);

// Runs the stack on cuSOLVER's or cuBLAS's batched routines (potrfBatched, syevjBatched,
// getrfBatched, getrsBatched), each problem's info into `dinfo`, when they serve it (small
// matrices by default; NDGPU_SOLVER_BATCHED=0 off, =1 at every size they allow); false otherwise.
bool solver_batched(CudaBackend& backend, int device, void* cusolver_handle, const SolverCall& call,
                    int* dinfo);

// One Gesvd problem on the Jacobi SVD (gesvdj) up to order 2048 or when NDGPU_SVD=gesvdj asks
// for it, its info into `dinfo`; false leaves it to gesvd.
bool cusolver_gesvdj(CudaBackend& backend, int device, void* cusolver_handle,
                     const SolverCall& call, int* dinfo);

}  // namespace ndgpu::cuda
