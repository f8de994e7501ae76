// A stand-in for the CUDA backend. The ahead-of-time kernel tool (tools/aot) and its tests
// run the CUDA code path without a GPU: every engine decision is the one a GPU would see.
#pragma once
#include <memory>

#include "ndgpu/backend.hpp"

namespace ndgpu {

// From now on backend_for(DeviceType::CUDA) returns `b` (nullptr: the real backend again).
// The previous stand-in is kept alive: functions it handed out may still be referenced.
void substitute_cuda_backend(std::unique_ptr<Backend> b);
// The same for backend_for(DeviceType::CPU) (tools/aot captures the CPU pack's sources).
void substitute_cpu_backend(std::unique_ptr<Backend> b);

}  // namespace ndgpu
