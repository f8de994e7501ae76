// Which Backend serves a device kind, and the per-thread current stream.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cuda/entry_points.hpp"
#include "backend/substitute.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
void warm_up_compilers() {
  // An NVIDIA device node is a cheap hint that kernels will be compiled with NVRTC; starting
  // it now overlaps its one-time start-up with the CUDA context's creation.
  // NDGPU_NVRTC_WARM_UP=1 or 0 forces it on or off.
  const char* env = std::getenv("NDGPU_NVRTC_WARM_UP");
  bool on = env && *env ? std::strcmp(env, "0") != 0 : ::access("/dev/nvidiactl", F_OK) == 0;
  if (on) cuda::nvrtc_warm_up_async(9, 0);
}

// Graphs exist on CUDA only: the other backends run each launch as it is made.
void Backend::begin_capture(int, StreamHandle) {
  throw BackendError("stream capture into a graph needs the CUDA backend");
}
GraphHandle Backend::end_capture(int, StreamHandle) {
  throw BackendError("stream capture into a graph needs the CUDA backend");
}
void Backend::launch_graph(int, GraphHandle, StreamHandle) {
  throw BackendError("graphs need the CUDA backend");
}

namespace {
std::mutex background_mu;
std::vector<std::future<void>>* background_tasks = nullptr;  // never destroyed: used at exit
}  // namespace

void run_in_background(std::function<void()> task) {
  std::lock_guard lk(background_mu);
  if (!background_tasks) background_tasks = new std::vector<std::future<void>>;
  auto& tasks = *background_tasks;
  // Forget finished tasks so a long session does not accumulate them.
  std::erase_if(tasks, [](std::future<void>& f) {
    return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  tasks.push_back(std::async(std::launch::async, std::move(task)));
}

void wait_for_background_work() {
  cuda::nvrtc_wait_for_warm_up();
  cuda::wait_for_host_pool_tasks();
  for (;;) {  // a task may start another (the interpreter's compile, say)
    std::future<void> f;
    {
      std::lock_guard lk(background_mu);
      if (!background_tasks || background_tasks->empty()) return;
      f = std::move(background_tasks->back());
      background_tasks->pop_back();
    }
    if (f.valid()) f.wait();
  }
}

namespace {

std::atomic<Backend*> cuda_substitute{nullptr};

Backend* cuda_backend() {
  if (Backend* s = cuda_substitute.load(std::memory_order_acquire)) return s;
  static Backend* b = cuda::create_backend().release();  // lives for the process
  return b;
}

}  // namespace

namespace {
// Replaced substitutes stay alive (readers may still hold them) and reachable, so that
// LeakSanitizer does not count them as leaks.
void retire(Backend* old) {
  static std::mutex mu;
  static auto* retired = new std::vector<std::unique_ptr<Backend>>;
  std::lock_guard lock(mu);
  if (old) retired->emplace_back(old);
}
}  // namespace

void substitute_cuda_backend(std::unique_ptr<Backend> b) {
  retire(cuda_substitute.exchange(b.release(), std::memory_order_acq_rel));  // see header
}

bool cuda_available() {
  return cuda_backend() != nullptr;
}

namespace {
std::atomic<Backend*> cpu_substitute{nullptr};
}  // namespace

void substitute_cpu_backend(std::unique_ptr<Backend> b) {
  retire(cpu_substitute.exchange(b.release(), std::memory_order_acq_rel));  // as CUDA's
}

namespace {

// NDGPU_NVRTC_CHECK=1 (CI): the CPU backend's compiles are checked with NVRTC for sm_90.
Backend* make_cpu_backend() {
  std::unique_ptr<Backend> b = cpu::create_backend();
  const char* e = std::getenv("NDGPU_NVRTC_CHECK");
  if (e && *e && std::strcmp(e, "0") != 0) b = cuda::with_nvrtc_check(std::move(b));
  return b.release();  // lives for the process
}

}  // namespace

Backend& backend_for(DeviceType t) {
  run_deferred_work();
  return backend_for_release(t);
}

Backend& backend_for_release(DeviceType t) {
  if (t == DeviceType::CPU) {
    if (Backend* s = cpu_substitute.load(std::memory_order_acquire)) return *s;
    static Backend* cpu_backend = make_cpu_backend();
    return *cpu_backend;
  }
  Backend* b = cuda_backend();
  if (!b) throw BackendError("no CUDA device is available (the CPU backend is: NDGPU_DEVICE=cpu)");
  return *b;
}

namespace {
thread_local std::map<std::pair<int, int>, StreamHandle> tls_streams;
// Whether this thread ever set a stream: a plain flag in static TLS, read on every
// allocation and launch without initialising the map (which needs a TLS wrapper call).
thread_local bool tls_any_stream __attribute__((tls_model("initial-exec"))) = false;
}  // namespace

StreamHandle current_stream(Device d) {
  if (!tls_any_stream) return 0;
  auto it = tls_streams.find({int(d.type), d.index});
  return it == tls_streams.end() ? 0 : it->second;
}

void set_current_stream(Device d, StreamHandle s) {
  tls_streams[{int(d.type), d.index}] = s;
  tls_any_stream = true;
}

}  // namespace ndgpu
