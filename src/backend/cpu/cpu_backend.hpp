// The CPU backend: host memory, host-compiler JIT and blocks run over a thread pool.
#pragma once
#include <memory>

#include "ndgpu/backend.hpp"

namespace ndgpu::cpu {

// NDGPU_CPU_DEVICES virtual devices (default 1), each with its own memory accounting.
std::unique_ptr<Backend> create_backend();

}  // namespace ndgpu::cpu
