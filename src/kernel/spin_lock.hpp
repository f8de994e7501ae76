// A lock for critical sections of a few instructions on the dispatch path (a table lookup):
// uncontended it costs two atomic operations, where std::mutex costs ~150 instructions.
#pragma once
#include <atomic>
#include <thread>

namespace ndgpu::kernel {

class SpinLock {
 public:
  void lock() {
    while (held_.exchange(true, std::memory_order_acquire))
      while (held_.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
  void unlock() { held_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> held_{false};
};

}  // namespace ndgpu::kernel
