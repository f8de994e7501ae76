#include "backend/cuda/pinned_pool.hpp"

#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {

PinnedPool::PinnedPool(RawAllocator& raw, size_t max_cached) : raw_(raw), max_cached_(max_cached) {}

PinnedPool::~PinnedPool() {
  try {
    free_all();
  } catch (...) {
    // At process exit the driver may be gone; the OS reclaims the pages.
  }
}

void* PinnedPool::acquire(size_t nbytes) {
  size_t rounded = (nbytes + kRound - 1) / kRound * kRound;
  if (rounded == 0) rounded = kRound;
  std::lock_guard<std::mutex> lock(mutex_);
  // Reuse a cached buffer unless it is more than twice the request.
  auto it = free_.lower_bound(rounded);
  if (it != free_.end() && it->first <= 2 * rounded) {
    void* p = it->second;
    cached_ -= it->first;
    free_.erase(it);
    return p;
  }
  void* p = raw_.raw_alloc(rounded);
  if (!p && !free_.empty()) {
    for (auto& [size, q] : free_) {
      raw_.raw_free(q);
      sizes_.erase(q);
      held_ -= size;
    }
    free_.clear();
    cached_ = 0;
    p = raw_.raw_alloc(rounded);
  }
  if (!p)
    throw OutOfMemoryError("Out of pinned host memory allocating " + std::to_string(rounded) +
                           " bytes (pinned pool holds " + std::to_string(held_) + " bytes)");
  sizes_[p] = rounded;
  held_ += rounded;
  return p;
}

void PinnedPool::release(void* ptr) {
  if (!ptr) return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = sizes_.find(ptr);
  if (it == sizes_.end()) throw ValueError("PinnedPool::release: unknown buffer");
  size_t size = it->second;
  if (cached_ + size > max_cached_) {
    raw_.raw_free(ptr);
    sizes_.erase(it);
    held_ -= size;
    return;
  }
  free_.emplace(size, ptr);
  cached_ += size;
}

size_t PinnedPool::cached_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return cached_;
}

size_t PinnedPool::held_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return held_;
}

void PinnedPool::free_all() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& [size, p] : free_) {
    raw_.raw_free(p);
    sizes_.erase(p);
    held_ -= size;
  }
  free_.clear();
  cached_ = 0;
}

}  // namespace ndgpu::cuda
