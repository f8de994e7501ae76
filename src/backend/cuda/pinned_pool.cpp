#include "backend/cuda/pinned_pool.hpp"

#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {

void* SizedFreeList::take(size_t rounded) {
  auto it = buffers_.lower_bound(rounded);
  if (it == buffers_.end() || it->first > 2 * rounded) return nullptr;
  void* p = it->second;
  bytes_ -= it->first;
  buffers_.erase(it);
  return p;
}

void SizedFreeList::put(size_t size, void* ptr) {
  buffers_.emplace(size, ptr);
  bytes_ += size;
}

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
  if (void* p = free_.take(rounded)) return p;
  void* p = raw_.raw_alloc(rounded);
  if (!p && !free_.empty()) {
    free_cached_locked();
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
  if (free_.bytes() + size > max_cached_) {
    raw_.raw_free(ptr);
    sizes_.erase(it);
    held_ -= size;
    return;
  }
  free_.put(size, ptr);
}

size_t PinnedPool::cached_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return free_.bytes();
}

size_t PinnedPool::held_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return held_;
}

void PinnedPool::free_all() {
  std::lock_guard<std::mutex> lock(mutex_);
  free_cached_locked();
}

void PinnedPool::free_cached_locked() {
  free_.drain([&](size_t size, void* p) {
    raw_.raw_free(p);
    sizes_.erase(p);
    held_ -= size;
  });
}

}  // namespace ndgpu::cuda
