#include "backend/cuda/transfer.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "backend/cuda/driver.hpp"

namespace ndgpu::cuda {
namespace {

// Persistent helpers for parallel_memcpy; created on first use and never destroyed, so
// that process exit never waits on (or joins) them.
class CopyWorkers {
 public:
  explicit CopyWorkers(int helpers) {
    for (int i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { run(i + 1); });
    for (auto& t : threads_) t.detach();
  }
  int parts() const { return int(threads_.size()) + 1; }

  void copy(char* dst, const char* src, size_t n) {
    std::lock_guard<std::mutex> one_at_a_time(call_mutex_);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      dst_ = dst, src_ = src, n_ = n;
      remaining_ = int(threads_.size());
      ++generation_;
    }
    wake_.notify_all();
    copy_part(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return remaining_ == 0; });
  }

 private:
  void copy_part(int part) {
    // Parts are 4 KiB-aligned so that no two threads write the same page.
    size_t parts_n = size_t(parts());
    size_t per = ((n_ + parts_n - 1) / parts_n + 4095) / 4096 * 4096;
    size_t begin = std::min(n_, per * size_t(part)), end = std::min(n_, begin + per);
    if (end > begin) std::memcpy(dst_ + begin, src_ + begin, end - begin);
  }
  void run(int part) {
    unsigned long seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
      }
      copy_part(part);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--remaining_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex call_mutex_, mutex_;
  std::condition_variable wake_, done_;
  char* dst_ = nullptr;
  const char* src_ = nullptr;
  size_t n_ = 0;
  int remaining_ = 0;
  unsigned long generation_ = 0;
};

CopyWorkers& copy_workers() {
  static CopyWorkers* w = [] {
    // Half the cores, at most 8: on an H200 host 1 thread stages 7 GB/s, 4 give 29, 8 give 37.
    unsigned hw = std::thread::hardware_concurrency();
    int threads = hw ? int(std::min(8u, std::max(1u, hw / 2))) : 4;
    if (const char* env = std::getenv("NDGPU_COPY_THREADS")) threads = std::atoi(env);
    if (hw && unsigned(threads) > hw) threads = int(hw);
    return new CopyWorkers(threads > 1 ? threads - 1 : 0);
  }();
  return *w;
}

}  // namespace

void parallel_memcpy(void* dst, const void* src, size_t n) {
  if (n == 0) return;  // an empty buffer's pointer may be null, which memcpy must not get
  if (n < (size_t(4) << 20)) {
    std::memcpy(dst, src, n);
    return;
  }
  CopyWorkers& w = copy_workers();
  if (w.parts() == 1)
    std::memcpy(dst, src, n);
  else
    w.copy(static_cast<char*>(dst), static_cast<const char*>(src), n);
}

}  // namespace ndgpu::cuda

#ifdef NDGPU_HAVE_CUDA_HEADERS
namespace ndgpu::cuda {

Stager::Stager(int device, PinnedPool& pinned) : device_(device), pinned_(pinned) {}

Stager::~Stager() {
  const DriverApi* api = driver_api();
  if (flags_) pinned_.release(flags_);
  for (Slot& s : slots_) {
    try {
      if (s.pending && api) api->cuEventSynchronize(static_cast<CUevent>(s.event));
      if (s.event && api) api->cuEventDestroy_v2(static_cast<CUevent>(s.event));
      if (s.buffer) pinned_.release(s.buffer);
    } catch (...) {
      // At process exit the driver may be gone already.
    }
  }
}

Stager::Slot& Stager::slot(int k) {
  Slot& s = slots_[k % kSlots];
  if (!s.buffer) s.buffer = pinned_.acquire(kChunk);
  if (!s.event) {
    CUevent e = nullptr;
    NDGPU_CU(cuEventCreate, &e, CU_EVENT_DISABLE_TIMING);
    s.event = e;
  }
  return s;
}

void Stager::wait(Slot& s) {
  if (!s.pending) return;
  NDGPU_CU(cuEventSynchronize, static_cast<CUevent>(s.event));
  s.pending = false;
}

void Stager::to_device(void* dst, const void* src, size_t n, StreamHandle stream) {
  make_current(device_);
  CUstream st = reinterpret_cast<CUstream>(stream);
  auto d = reinterpret_cast<CUdeviceptr>(dst);
  if (n <= kDirectMax) {
    // The driver stages small pageable copies itself and returns once src is consumed.
    NDGPU_CU(cuMemcpyHtoDAsync_v2, d, src, n, st);
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  const char* from = static_cast<const char*>(src);
  for (size_t off = 0, k = 0; off < n; off += kChunk, ++k) {
    size_t len = std::min(kChunk, n - off);
    Slot& s = slot(int(k));
    wait(s);
    parallel_memcpy(s.buffer, from + off, len);
    NDGPU_CU(cuMemcpyHtoDAsync_v2, d + off, s.buffer, len, st);
    NDGPU_CU(cuEventRecord, static_cast<CUevent>(s.event), st);
    s.pending = true;
  }
}

void Stager::to_host(void* dst, const void* src, size_t n, StreamHandle stream) {
  make_current(device_);
  CUstream st = reinterpret_cast<CUstream>(stream);
  auto d = reinterpret_cast<CUdeviceptr>(src);
  if (n <= kDirectMax) {
    NDGPU_CU(cuMemcpyDtoHAsync_v2, dst, d, n, st);
    NDGPU_CU(cuStreamSynchronize, st);
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  char* to = static_cast<char*>(dst);
  size_t chunks = (n + kChunk - 1) / kChunk;
  // Keep kSlots DMAs queued ahead of the host copy that drains them.
  auto issue = [&](size_t k) {
    size_t off = k * kChunk, len = std::min(kChunk, n - off);
    Slot& s = slot(int(k));
    wait(s);
    NDGPU_CU(cuMemcpyDtoHAsync_v2, s.buffer, d + off, len, st);
    NDGPU_CU(cuEventRecord, static_cast<CUevent>(s.event), st);
    s.pending = true;
  };
  for (size_t k = 0; k < chunks && k < size_t(kSlots); ++k) issue(k);
  for (size_t k = 0; k < chunks; ++k) {
    size_t off = k * kChunk, len = std::min(kChunk, n - off);
    Slot& s = slots_[k % kSlots];
    wait(s);
    parallel_memcpy(to + off, s.buffer, len);
    if (k + kSlots < chunks) issue(k + kSlots);
  }
}

namespace {

// Spins until done(), or returns false once `microseconds` have passed.
template <class Done>
bool spin_until(Done done, double microseconds) {
  using clock = std::chrono::steady_clock;
  const auto until = clock::now() + std::chrono::duration<double, std::micro>(microseconds);
  for (unsigned i = 1;; ++i) {
    if (done()) return true;
    if (i % 64 == 0 && clock::now() > until) return false;
  }
}

template <class W>
bool watch_word(void* dst, W sentinel, double microseconds) {
  auto* w = static_cast<W*>(dst);
  return spin_until([&] { return __atomic_load_n(w, __ATOMIC_ACQUIRE) != sentinel; }, microseconds);
}

}  // namespace

bool Stager::read_pinned(void* dst, const void* src, size_t n, StreamHandle stream) {
  make_current(device_);
  CUstream st = reinterpret_cast<CUstream>(stream);
  const auto d = reinterpret_cast<CUdeviceptr>(src);
  // One aligned 4- or 8-byte element (float32, float64, int64: most reads) arrives in one
  // DMA write: the host sees it replace a sentinel without a second call into the driver
  // (H200: 5.0 µs against 6.7 with the flag). A value equal to the sentinel times out into
  // the caller's synchronize, which is slower but right.
  const bool one_word =
      (n == 4 || n == 8) && d % n == 0 && reinterpret_cast<uintptr_t>(dst) % n == 0;
  if (one_word) {
    if (n == 4) __atomic_store_n(static_cast<uint32_t*>(dst), kSentinel32, __ATOMIC_RELAXED);
    if (n == 8) __atomic_store_n(static_cast<uint64_t*>(dst), kSentinel64, __ATOMIC_RELAXED);
    // Globally visible before the copy is queued, so that it cannot land after the DMA.
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  NDGPU_CU(cuMemcpyDtoHAsync_v2, dst, d, n, st);
  if (one_word)
    return n == 4 ? watch_word(dst, kSentinel32, kSpinMicroseconds)
                  : watch_word(dst, kSentinel64, kSpinMicroseconds);

  // Other sizes: a flag the stream writes after the copy.
  if (!flag_writes_ok_.load(std::memory_order_relaxed)) return false;
  std::call_once(flags_once_, [&] {
    flags_ = static_cast<uint32_t*>(pinned_.acquire(kFlags * 64));
    std::memset(flags_, 0, kFlags * 64);
  });
  uint32_t seq = ++next_seq_;
  if (seq == 0) seq = ++next_seq_;  // 0 is every flag's first value
  uint32_t* flag = flags_ + (seq % kFlags) * 16;
  // The write is fenced after the copy (the v2 call's default), so dst is complete once the
  // flag reads seq. Host memory from cuMemHostAlloc has one address on host and device (UVA).
  CUresult r = driver().cuStreamWriteValue32_v2(st, reinterpret_cast<CUdeviceptr>(flag), seq, 0);
  if (r != CUDA_SUCCESS) {
    if (r == CUDA_ERROR_NOT_SUPPORTED) flag_writes_ok_.store(false, std::memory_order_relaxed);
    return false;
  }
  return spin_until([&] { return __atomic_load_n(flag, __ATOMIC_ACQUIRE) == seq; },
                    kSpinMicroseconds);
}

}  // namespace ndgpu::cuda
#endif
