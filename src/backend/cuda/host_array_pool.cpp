#include "backend/cuda/host_array_pool.hpp"

#include <chrono>
#include <future>
#include <vector>

#include "backend/cuda/entry_points.hpp"

namespace ndgpu::cuda {

namespace {

// Page-locks run as async tasks that wait_for_host_pool_tasks() can wait for: they call the
// driver, which exit() tears down.
struct BackgroundTasks {
  std::mutex mu;
  std::vector<std::future<void>> running;
};
BackgroundTasks& background() {
  static BackgroundTasks* t = new BackgroundTasks;  // never destroyed
  return *t;
}

void run_in_background(std::function<void()> task) {
  BackgroundTasks& t = background();
  std::lock_guard<std::mutex> lock(t.mu);
  std::erase_if(t.running, [](std::future<void>& f) {
    return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  t.running.push_back(std::async(std::launch::async, std::move(task)));
}

}  // namespace

void wait_for_host_pool_tasks() {
  BackgroundTasks& t = background();
  std::lock_guard<std::mutex> lock(t.mu);
  for (auto& f : t.running) f.wait();
  t.running.clear();
}

HostArrayPool::HostArrayPool(RawAllocator& raw, size_t limit, size_t min_bytes, Spawn spawn)
    : raw_(raw), limit_(limit), min_bytes_(min_bytes), spawn_(std::move(spawn)) {
  if (!spawn_) spawn_ = run_in_background;
}

void* HostArrayPool::try_acquire(size_t nbytes) {
  if (nbytes < min_bytes_ || limit_ == 0) return nullptr;
  size_t rounded = (nbytes + kRound - 1) / kRound * kRound;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (void* p = free_.take(rounded)) return p;
    if (pending_.count(rounded) || held_ + rounded > limit_) return nullptr;
    pending_.insert(rounded);
    held_ += rounded;  // reserved now, so concurrent misses respect the limit
  }
  spawn_([this, rounded] { prepare(rounded); });
  return nullptr;
}

void HostArrayPool::prepare(size_t rounded) {
  void* p = nullptr;
  try {
    p = raw_.raw_alloc(rounded);
  } catch (...) {
    p = nullptr;  // a failed page-lock only means later requests keep the staging path
  }
  std::lock_guard<std::mutex> lock(mutex_);
  pending_.erase(rounded);
  if (!p) {
    held_ -= rounded;
    return;
  }
  buffers_[static_cast<const char*>(p)] = rounded;
  free_.put(rounded, p);
}

void HostArrayPool::release(void* ptr) {
  if (!ptr) return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = buffers_.find(static_cast<const char*>(ptr));
  if (it == buffers_.end()) return;  // not ours: nothing to do
  free_.put(it->second, ptr);
}

bool HostArrayPool::owns(const void* ptr, size_t nbytes) const {
  const char* p = static_cast<const char*>(ptr);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = buffers_.upper_bound(p);
  if (it == buffers_.begin()) return false;
  --it;
  return p >= it->first && p + nbytes <= it->first + it->second;
}

HostArrayPool::Stats HostArrayPool::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return {held_, free_.bytes()};
}

void HostArrayPool::free_cached() {
  std::lock_guard<std::mutex> lock(mutex_);
  free_.drain([&](size_t size, void* p) {
    raw_.raw_free(p);
    buffers_.erase(static_cast<const char*>(p));
    held_ -= size;
  });
}

}  // namespace ndgpu::cuda
