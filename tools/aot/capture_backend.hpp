// A CUDA backend without a GPU: device k stands for architecture archs[k]. Compiling hands
// the source to a callback, launching does nothing, memory is host memory. Run through it,
// the engines take every decision they take on a GPU, so the kernels they ask for are the
// ones a real sm_XX device would compile, with the same cache keys.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ndgpu/backend.hpp"

namespace ndgpu::aot {

struct CaptureHooks {
  // Called for each compile; returns the "binary" handed to on_load (may be empty).
  std::function<CompiledBinary(int device, const KernelSource&)> on_compile;
  // Called for each load, with the compile (from on_compile, the disk cache or the pack).
  std::function<void(int device, const CompiledBinary&, const KernelSource&)> on_load;
  // Keep freed blocks by size and hand them out again, as the CUDA pool does (for timing
  // the host path of small ops: benchmarks/cpp/host_path.cpp). Single-threaded use only.
  bool reuse_memory = false;
};

std::unique_ptr<Backend> make_capture_backend(std::vector<int> archs, CaptureHooks hooks);
// The same standing in for the CPU backend: a real one answers the compiler identity and
// what decides geometry (threads, block limits), so keys equal the run-time ones.
std::unique_ptr<Backend> make_cpu_capture_backend(CaptureHooks hooks);

}  // namespace ndgpu::aot
