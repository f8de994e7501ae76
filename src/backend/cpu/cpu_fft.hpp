// The CPU backend's FFT: KissFFT's C++ template (Debian's libkissfft-dev, BSD-3-Clause),
// compiled into cpu_fft.cpp when its header is present at build time; Bluestein's algorithm
// over KissFFT for lengths with a large prime factor, so no length costs O(n^2).
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cpu {

// Runs `call` on the host, batches over the thread pool; BackendError when ndgpu was built
// without KissFFT's header.
void cpu_fft(int device, const FftCall& call);
FftPlanCacheInfo cpu_fft_plan_cache(int device, const FftPlanCacheChange& change);

}  // namespace ndgpu::cpu
