// The out-of-bounds record: written by the kernel that meets a bad index, read by the host
// without a copy. Reading it costs nothing, so every synchronization point looks at it.
#include "ops/indexing/bounds_record.hpp"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"

namespace ndgpu::ops {
namespace {

constexpr int kMaxDevices = 64;
thread_local bool sync_index_errors = false;  // a SyncIndexErrors lives on this thread

struct Record {
  volatile int64_t* mem;  // host memory the device writes: {state, index, size, axis}
  NDArray view;           // the same memory as a raw int64[4] kernel argument
};

std::atomic<Record*>& slot(Device d) {
  static std::array<std::array<std::atomic<Record*>, kMaxDevices>, 2> slots{};
  if (d.index < 0 || d.index >= kMaxDevices) throw ValueError("device index out of range");
  return slots[size_t(d.type == DeviceType::CUDA)][size_t(d.index)];
}

// Kept for the process: kernels in flight may still write it at exit.
Record& record(Device d) {
  auto& s = slot(d);
  if (Record* r = s.load(std::memory_order_acquire)) return *r;
  static std::mutex mu;
  std::lock_guard lock(mu);
  if (Record* r = s.load(std::memory_order_relaxed)) return *r;
  constexpr size_t kBytes = 4 * sizeof(int64_t);
  // Page-locked on CUDA, where unified addressing gives the device the host's pointer; the
  // CPU backend's device memory is host memory already.
  void* p = backend_for(d).allocate_pinned(d.index, kBytes);
  if (!p) p = new int64_t[4];
  std::memset(p, 0, kBytes);
  auto storage = std::make_shared<Storage>(d, p, kBytes, [] {});
  auto* r = new Record{static_cast<volatile int64_t*>(p),
                       NDArray(storage, 0, Shape{4}, Strides{8}, DType::Int64)};
  s.store(r, std::memory_order_release);
  return *r;
}

// Raise the record's error if it is complete; `later`: raised at a synchronization point
// after the call that met the index.
void raise_if_complete(Record& r, bool later) {
  if (r.mem[0] != 2) return;
  int64_t index = r.mem[1], size = r.mem[2], axis = r.mem[3];
  for (int k = 3; k >= 0; --k) r.mem[k] = 0;  // the state last: clean for the next report
  std::string msg = "index " + std::to_string(index) + " is out of bounds for axis " +
                    std::to_string(axis) + " with size " + std::to_string(size);
  if (later) msg += " (met by an earlier indexing call; reported at this synchronization)";
  throw IndexError(msg);
}

}  // namespace

NDArray bounds_record(Device d) {
  return record(d).view;
}

const char* const kBoundsReportPreamble =
    "__device__ inline void ndgpu_report_bounds(long long* rec, long long i, long long n,\n"
    "                                           long long axis) {\n"
    "  if (atomicCAS((unsigned long long*)rec, 0ull, 1ull) != 0ull) return;\n"
    "  rec[1] = i; rec[2] = n; rec[3] = axis;\n"
    "  __threadfence_system();\n"
    "  *(volatile long long*)rec = 2;\n"
    "}\n";

std::string bounds_report_code(const std::string& i, const std::string& n,
                               const std::string& axis) {
  return "ndgpu_report_bounds((long long*)&err[0], " + i + ", " + n + ", " + axis + ");";
}

bool defer_bounds_errors(Device d) {
  static const bool sync = [] {
    const char* env = std::getenv("NDGPU_INDEX_CHECK");
    return env && std::strcmp(env, "sync") == 0;
  }();
  return d.type == DeviceType::CUDA && !sync && !sync_index_errors;
}

void finish_bounds_check(Device d, bool deferred) {
  if (!deferred) backend_for(d).synchronize_stream(d.index, current_stream(d));
  raise_if_complete(record(d), deferred && d.type == DeviceType::CUDA);
}

}  // namespace ndgpu::ops

namespace ndgpu {

SyncIndexErrors::SyncIndexErrors() : previous_(ops::sync_index_errors) {
  ops::sync_index_errors = true;
}

SyncIndexErrors::~SyncIndexErrors() {
  ops::sync_index_errors = previous_;
}

void raise_pending_index_error(Device d) {
  auto* r = ops::slot(d).load(std::memory_order_acquire);  // none made: nothing to report
  if (r) ops::raise_if_complete(*r, true);
}

}  // namespace ndgpu
