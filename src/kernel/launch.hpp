// Packing kernel arguments and choosing grid sizes, shared by every engine.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel/cache/lookup.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/small_vector.hpp"

namespace ndgpu::kernel {

// Argument values laid out for a launch; pointers() follows CUDA's void** convention.
class ArgPack {
 public:
  template <class T>
  void push(const T& v) {
    push_bytes(&v, sizeof(T));
  }
  void push_bytes(const void* p, size_t n) {
    size_t chunks = (n + sizeof(Chunk) - 1) / sizeof(Chunk);
    offsets_.push_back(data_.size());
    data_.resize(data_.size() + (chunks ? chunks : 1));
    std::memcpy(data_.data() + offsets_.back(), p, n);
  }
  // Overwrites the first n bytes of argument `index` (a pointer in a recorded pack).
  void patch(size_t index, const void* p, size_t n) {
    std::memcpy(data_.data() + offsets_[index], p, n);
  }
  void** pointers() {
    ptrs_.clear();
    for (size_t off : offsets_) ptrs_.push_back(data_.data() + off);
    return ptrs_.data();
  }

 private:
  struct alignas(16) Chunk {
    std::byte b[16];
  };
  SmallVector<Chunk, 48> data_;  // inline: a typical launch allocates nothing
  SmallVector<size_t, 24> offsets_;
  SmallVector<void*, 24> ptrs_;
};

// CUDA threads per block of elementwise launches: with 128, a float32 unary loop reaches
// 97-98% of add's bandwidth on the H200 against 95.5-96% with 256 (add itself the same;
// 512: 92-95%, 64: 77%), as PyTorch's 128 do (2026-12-04, docs/architecture.md).
constexpr unsigned kElementwiseBlock = 128;

// Launches an elementwise-style kernel over n elements: on CUDA a grid that fills the
// device once (grid-stride loop) with blocks of `block` threads (whole warps); on the CPU,
// one block per chunk of work.
void launch_elementwise(Device device, const CompiledKernel& k, int64_t n, ArgPack& args,
                        unsigned block = kElementwiseBlock);

}  // namespace ndgpu::kernel
