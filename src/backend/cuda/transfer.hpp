// Host<->device copies of pageable memory, staged through pinned buffers and pipelined: the
// host copies chunk k into one pinned buffer while the DMA engine moves chunk k-1 from
// another. Small copies go straight to the driver.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
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
  // A small copy into page-locked `dst`, waited for by watching host memory: the value itself
  // replacing a sentinel (one aligned 4- or 8-byte word), else a flag that the stream writes
  // after the copy (cuStreamWriteValue32). Either is seen 0.5-2 µs before cuStreamSynchronize
  // would return. False when nothing came within kSpinMicroseconds (long work queued before,
  // an error, a value equal to the sentinel): the caller then synchronizes, which waits
  // without spinning and reports the error.
  static constexpr uint32_t kSentinel32 = 0xFFC0DEADu;  // NaNs with payloads no math makes
  static constexpr uint64_t kSentinel64 = 0xFFF8DEADBEEFDEADull;
  bool read_pinned(void* dst, const void* src, size_t n, StreamHandle stream);

 private:
  struct Slot {
    void* buffer = nullptr;
    void* event = nullptr;  // a CUevent, recorded after the copy that uses `buffer`
    bool pending = false;
  };
  Slot& slot(int k);   // created on first use
  void wait(Slot& s);  // until the slot's last copy has finished

  static constexpr int kFlags = 64;                // one per 64-byte line, reused in turn
  static constexpr double kSpinMicroseconds = 20;  // then block: the GIL is held meanwhile

  int device_;
  PinnedPool& pinned_;
  std::once_flag flags_once_;
  uint32_t* flags_ = nullptr;  // page-locked, so the device writes them directly
  std::atomic<uint32_t> next_seq_{0};
  std::atomic<bool> flag_writes_ok_{true};  // false once the driver refuses them
  std::mutex mutex_;                        // one staged copy at a time per device
  Slot slots_[kSlots];
};

}  // namespace ndgpu::cuda
