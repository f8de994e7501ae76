// What the CUDA libraries' stack routines share: device scratch from ndgpu's pool (held
// for one call, freed in stream order) and the device array of a stack's matrix pointers.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "backend/cuda/cuda_backend.hpp"

namespace ndgpu::cuda {

struct Scratch {
  CudaBackend& be;
  int device;
  StreamHandle stream;
  size_t bytes;
  void* ptr;
  Scratch(CudaBackend& b, int d, StreamHandle s, size_t n)
      : be(b), device(d), stream(s), bytes(std::max<size_t>(n, 16)), ptr(b.allocate(d, bytes, s)) {}
  ~Scratch() { be.deallocate(device, ptr, bytes, stream); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

// `count` pointers base, base + stride, ... (bytes) in device memory, for the pointer-array
// batched routines.
struct PointerArray : Scratch {
  PointerArray(CudaBackend& b, int d, StreamHandle s, void* base, int64_t stride, int64_t count)
      : Scratch(b, d, s, size_t(count) * sizeof(void*)) {
    std::vector<char*> host(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i) host[size_t(i)] = static_cast<char*>(base) + i * stride;
    be.copy_to_device(device, ptr, host.data(), host.size() * sizeof(void*), stream);
  }
  void** get() const { return static_cast<void**>(ptr); }
};

}  // namespace ndgpu::cuda
