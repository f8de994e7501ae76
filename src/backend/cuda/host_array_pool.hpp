// Page-locked buffers for arrays handed to the host (`ndarray.get()`): the DMA engine writes
// them at full speed, where a pageable destination is limited by the host's page faults and
// copies (~13 GB/s against ~54 GB/s on an H200 host). Page-locking is slow (~0.6 ms per MiB),
// so a request never waits for it: a miss returns nullptr (the caller copies through the
// staging path) and prepares a buffer of that size in the background for the next request.
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

#include "backend/cuda/memory_pool.hpp"
#include "backend/cuda/pinned_pool.hpp"

namespace ndgpu::cuda {

class HostArrayPool {
 public:
  static constexpr size_t kRound = size_t(1) << 20;  // 1 MiB: few distinct sizes
  using Spawn = std::function<void(std::function<void()>)>;

  // Holds at most `limit` bytes of page-locked memory; requests under `min_bytes` are left to
  // ordinary memory. `spawn` runs a background task (default: an async task; see
  // wait_for_host_pool_tasks).
  HostArrayPool(RawAllocator& raw, size_t limit, size_t min_bytes, Spawn spawn = {});
  HostArrayPool(const HostArrayPool&) = delete;
  HostArrayPool& operator=(const HostArrayPool&) = delete;

  // A cached buffer of at least nbytes, or nullptr (see above). Never blocks on the driver.
  void* try_acquire(size_t nbytes);
  // Back to the cache; the buffer stays page-locked for the next array.
  void release(void* ptr);
  // Whether [ptr, ptr + nbytes) lies in a buffer of this pool.
  bool owns(const void* ptr, size_t nbytes) const;
  struct Stats {
    size_t held, cached;  // page-locked bytes in all, and of those waiting for reuse
  };
  Stats stats() const;
  // Frees every cached buffer (buffers in use stay until released).
  void free_cached();

 private:
  void prepare(size_t rounded);  // the background task: page-lock one buffer

  RawAllocator& raw_;
  size_t limit_, min_bytes_;
  Spawn spawn_;
  mutable std::mutex mutex_;
  SizedFreeList free_;                     // cached buffers
  std::map<const char*, size_t> buffers_;  // every buffer held, by address
  std::set<size_t> pending_;               // sizes being prepared
  size_t held_ = 0;
};

}  // namespace ndgpu::cuda
