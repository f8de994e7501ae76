#include "backend/cpu/host_block_cache.hpp"

#include <sys/mman.h>

#include <cstdlib>

namespace ndgpu::cpu {

void* HostBlockCache::take(size_t nbytes) {
  const size_t size = block_size(nbytes);
  {
    std::lock_guard lk(mu_);
    auto it = free_.find(size);
    if (it != free_.end()) {
      void* p = it->second;
      free_.erase(it);
      cached_ -= size;
      return p;
    }
  }
  void* p = std::aligned_alloc(kUnit, size);
  if (p) ::madvise(p, size, MADV_HUGEPAGE);  // advice only: an error changes nothing
  return p;
}

void HostBlockCache::give(void* p, size_t nbytes) {
  const size_t size = block_size(nbytes);
  std::lock_guard lk(mu_);
  // Past the capacity, the largest cached blocks go back first, then this one if need be.
  while (cached_ + size > capacity_ && !free_.empty()) {
    auto last = std::prev(free_.end());
    std::free(last->second);
    cached_ -= last->first;
    free_.erase(last);
  }
  if (size > capacity_) {
    std::free(p);
    return;
  }
  free_.emplace(size, p);
  cached_ += size;
}

void HostBlockCache::release_all() {
  std::lock_guard lk(mu_);
  for (auto& [size, p] : free_) std::free(p);
  free_.clear();
  cached_ = 0;
}

size_t HostBlockCache::cached_bytes() const {
  std::lock_guard lk(mu_);
  return cached_;
}

size_t HostBlockCache::cached_blocks() const {
  std::lock_guard lk(mu_);
  return free_.size();
}

}  // namespace ndgpu::cpu
