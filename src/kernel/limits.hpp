// The engines' size limits, named once.
#pragma once
#include <cstdint>

#include "ndgpu/device.hpp"

namespace ndgpu::kernel {

// Byte offsets and element counts below this use 32-bit indexing. The headroom under 2^31
// covers grid-stride and chunk steps that run past the end before the loop test.
constexpr int64_t kIndex32Limit = (int64_t(1) << 31) - (int64_t(1) << 26);

// On CUDA, arrays under 4 MiB (of the widest operand) get a kernel without the vector path:
// it compiles in about half the time (NVRTC and the driver's JIT), and vector loads gain
// little where launch latency dominates. Larger arrays get the vectorised kernel.
constexpr int64_t kVectorMinBytes = int64_t(4) << 20;
inline bool small_for_vectors(Device device, int64_t n, int64_t widest) {
  return device.type == DeviceType::CUDA && n * widest < kVectorMinBytes;
}

// Calls with more elements wait for the compiled kernel: the quick tier's interpreters are
// for latency.
constexpr int64_t kQuickMaxElements = int64_t(1) << 22;

// CUDA's largest grid.x.
constexpr int64_t kMaxGridX = (int64_t(1) << 31) - 1;

}  // namespace ndgpu::kernel
