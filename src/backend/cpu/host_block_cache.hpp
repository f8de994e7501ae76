// Large host blocks kept after they are freed, for the next array of the same size: a fresh
// block from the system costs a page fault per page on its first pass (a 64 MiB array is
// 16,384 of them), which is most of an elementwise op's time. Like the CUDA pool's cache.
#pragma once
#include <cstddef>
#include <map>
#include <mutex>

namespace ndgpu::cpu {

class HostBlockCache {
 public:
  // Blocks from this size on are cached, in 2 MiB (huge page) units, transparent huge pages
  // asked for (as NumPy does from 4 MiB).
  static constexpr size_t kMinBytes = size_t(4) << 20;
  static constexpr size_t kUnit = size_t(2) << 20;

  explicit HostBlockCache(size_t capacity) : capacity_(capacity) {}
  ~HostBlockCache() { release_all(); }
  HostBlockCache(const HostBlockCache&) = delete;
  HostBlockCache& operator=(const HostBlockCache&) = delete;

  static size_t block_size(size_t nbytes) { return (nbytes + kUnit - 1) / kUnit * kUnit; }
  // A block of block_size(nbytes) bytes: a cached one when there is one, else a new one
  // (nullptr when the system has none).
  void* take(size_t nbytes);
  // Keeps the block for later; past the capacity, the largest cached blocks are freed first.
  void give(void* p, size_t nbytes);
  void release_all();
  size_t cached_bytes() const;
  size_t cached_blocks() const;

 private:
  mutable std::mutex mu_;
  std::multimap<size_t, void*> free_;  // by block size
  size_t cached_ = 0, capacity_;
};

}  // namespace ndgpu::cpu
