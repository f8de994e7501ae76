// Host<->device copies of pageable memory, staged through pinned buffers and pipelined: the
// host copies chunk k into one pinned buffer while the DMA engine moves chunk k-1 from
// another. Small copies go straight to the driver.
#pragma once
#include <cstddef>
#include <mutex>

#include "backend/cuda/pinned_pool.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

// memcpy split over persistent helper threads (NDGPU_COPY_THREADS, default half the cores,
// at most 8): one core's memcpy is far slower than the PCIe link, so it would be the bottleneck.
void parallel_memcpy(void* dst, const void* src, size_t n);

class Stager {
 public:
  static constexpr size_t kChunk = size_t(16) << 20;     // bytes per pipelined step
  static constexpr int kSlots = 4;                       // pinned buffers in flight
  static constexpr size_t kDirectMax = size_t(1) << 20;  // below this: one driver copy

  Stager(int device, PinnedPool& pinned);
  ~Stager();
  Stager(const Stager&) = delete;
  Stager& operator=(const Stager&) = delete;

  // Returns once `src` may be reused; the device copy is ordered on `stream`.
  void to_device(void* dst, const void* src, size_t n, StreamHandle stream);
  // Returns once `dst` holds the data (waits for `stream` up to the copy).
  void to_host(void* dst, const void* src, size_t n, StreamHandle stream);

 private:
  struct Slot {
    void* buffer = nullptr;
    void* event = nullptr;  // a CUevent, recorded after the copy that uses `buffer`
    bool pending = false;
  };
  Slot& slot(int k);   // created on first use
  void wait(Slot& s);  // until the slot's last copy has finished

  int device_;
  PinnedPool& pinned_;
  std::mutex mutex_;  // one staged copy at a time per device
  Slot slots_[kSlots];
};

}  // namespace ndgpu::cuda
