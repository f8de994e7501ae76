// What src/backend/cuda offers the rest of ndgpu: the registry makes the backend, starts and
// waits for its background work, and wraps the CPU backend in the NVRTC check. Nothing
// outside src/backend includes a CUDA header but this one (tools may).
#pragma once
#include <memory>

#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

// The backend, or nullptr when there is no usable device.
std::unique_ptr<Backend> create_backend();
// Loads NVRTC and compiles a trivial kernel on a background thread, so that the first real
// compile does not pay for NVRTC's one-time start-up (tens of milliseconds).
void nvrtc_warm_up_async(int sm_major, int sm_minor);
// Returns once the warm-up (if one was started) has finished.
void nvrtc_wait_for_warm_up();
// Waits for the default background tasks of every host array pool.
void wait_for_host_pool_tasks();
// `inner` with every compile also done by NVRTC for sm_90, name expressions included
// (NDGPU_NVRTC_CHECK=1: CI checks CUDA compilation without a GPU). A source that compiles
// for `inner` but not with NVRTC raises CompileError.
std::unique_ptr<Backend> with_nvrtc_check(std::unique_ptr<Backend> inner);

}  // namespace ndgpu::cuda
