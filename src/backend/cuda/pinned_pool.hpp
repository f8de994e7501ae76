// Reusable page-locked host buffers (cuMemHostAlloc on a GPU): staging for host<->device
// copies of pageable memory. Written against RawAllocator so it is tested without a GPU.
#pragma once
#include <cstddef>
#include <map>
#include <mutex>
#include <unordered_map>

#include "backend/cuda/memory_pool.hpp"

namespace ndgpu::cuda {

// Released buffers by size; a request takes one of at least its size and at most twice it
// (a larger one would waste page-locked memory). Callers hold their own lock.
class SizedFreeList {
 public:
  void* take(size_t rounded);  // nullptr when none fits
  void put(size_t size, void* ptr);
  size_t bytes() const { return bytes_; }
  bool empty() const { return buffers_.empty(); }
  // Empties the list, calling release(size, ptr) for every buffer.
  template <class Release>
  void drain(Release&& release) {
    for (auto& [size, ptr] : buffers_) release(size, ptr);
    buffers_.clear();
    bytes_ = 0;
  }

 private:
  std::multimap<size_t, void*> buffers_;
  size_t bytes_ = 0;
};

class PinnedPool {
 public:
  static constexpr size_t kRound = size_t(1) << 16;  // 64 KiB

  // Keeps at most max_cached bytes of released buffers for reuse.
  PinnedPool(RawAllocator& raw, size_t max_cached = size_t(256) << 20);
  ~PinnedPool();
  PinnedPool(const PinnedPool&) = delete;
  PinnedPool& operator=(const PinnedPool&) = delete;

  // A buffer of at least nbytes (rounded up to 64 KiB); raises OutOfMemoryError.
  void* acquire(size_t nbytes);
  // The caller guarantees no queued copy still reads or writes the buffer.
  void release(void* ptr);
  size_t cached_bytes() const;
  size_t held_bytes() const;
  void free_all();

 private:
  void free_cached_locked();  // with mutex_ held

  RawAllocator& raw_;
  size_t max_cached_;
  mutable std::mutex mutex_;
  SizedFreeList free_;
  std::unordered_map<void*, size_t> sizes_;  // every buffer held, by address
  size_t held_ = 0;
};

}  // namespace ndgpu::cuda
