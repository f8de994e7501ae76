// cuFFT, opened on first use (the toolkit's libcufft.so.12 or .11, or NDGPU_CUFFT): plans
// cached per device, run on the call's stream with work areas from ndgpu's memory pool.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

class CudaBackend;

void cufft_run(CudaBackend& backend, int device, const FftCall& call);
FftPlanCacheInfo cufft_plan_cache(int device, const FftPlanCacheChange& change);

}  // namespace ndgpu::cuda
