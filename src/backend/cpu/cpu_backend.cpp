#include "backend/cpu/cpu_backend.hpp"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "backend/cpu/cpu_blas.hpp"
#include "backend/cpu/cpu_fft.hpp"
#include "backend/cpu/cpu_sort.hpp"
#include "backend/cpu/cuda_on_cpu.hpp"
#include "backend/cpu/fault_guard.hpp"
#include "backend/cpu/fiber_scheduler.hpp"
#include "backend/cpu/host_compiler.hpp"
#include "backend/cpu/thread_pool.hpp"
#include "backend/files.hpp"
#include "ndgpu/cpu_abi.h"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"

namespace ndgpu::cpu {
namespace {

// The most dynamic shared memory a block may opt in to on an H100/H200 (227 KiB).
constexpr int kSharedOptIn = 227 * 1024;
// Copies from this size on let other host threads run while they last.
constexpr size_t kLongCopy = size_t(1) << 20;

// A dlopen()ed kernel library; unloaded when the last user lets go.
class HostModule : public LoadedModule {
 public:
  HostModule(void* handle, std::map<std::string, std::string> lowered)
      : handle_(handle), lowered_(std::move(lowered)) {}
  ~HostModule() override { ::dlclose(handle_); }
  void* function(const std::string& name) override {
    auto it = lowered_.find(name);
    return ::dlsym(handle_, (it == lowered_.end() ? entry_symbol(name) : it->second).c_str());
  }

 private:
  void* handle_;
  std::map<std::string, std::string> lowered_;
};

// One block's launch record and arguments, run under the fault guard.
struct BlockJob {
  ndgpu_cpu_entry entry = nullptr;
  void** args = nullptr;
  ndgpu_cpu_launch launch{};
  static void run(void* self) {
    auto* j = static_cast<BlockJob*>(self);
    j->entry(&j->launch, j->args);
  }
};

// This host thread's extern __shared__ buffer, grown as needed and reused across blocks.
void* shared_buffer(size_t bytes) {
  struct Buffer {
    void* p = nullptr;
    size_t size = 0;
    ~Buffer() { std::free(p); }
  };
  thread_local Buffer buf;
  if (bytes > buf.size) {
    std::free(buf.p);
    buf.size = (bytes + 127) & ~size_t(127);
    buf.p = std::aligned_alloc(128, buf.size);
    if (!buf.p) {
      buf.size = 0;
      throw OutOfMemoryError("cannot allocate " + std::to_string(bytes) +
                             " bytes of dynamic shared memory on the CPU backend");
    }
  }
  return buf.p;
}

// "my_add" from the entry symbol's name, for error messages.
std::string kernel_name(void* function) {
  Dl_info info{};
  if (!::dladdr(function, &info) || !info.dli_sname) return "?";
  std::string s = info.dli_sname;
  size_t p = s.rfind("__ndgpu_entry");
  s = p == std::string::npos ? s : s.substr(0, p);
  if (s.rfind("ndgpu_x_", 0) != 0) return s;
  std::string name;  // a hex-encoded name expression
  for (size_t i = 8; i + 1 < s.size(); i += 2) name += char(std::stoi(s.substr(i, 2), nullptr, 16));
  return name;
}

constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kHugeFrom = size_t(4) << 20;

class CpuBackend : public Backend {
 public:
  explicit CpuBackend(int devices) : used_(devices), limit_(devices) {
    for (auto& u : used_) u.store(0);
    for (auto& l : limit_) l.store(0);
  }
  DeviceType type() const override { return DeviceType::CPU; }
  int device_count() override { return int(used_.size()); }

  void* allocate(int device, size_t nbytes, StreamHandle) override {
    // 64-byte alignment: whole cache lines and any vector width the host compiler picks.
    // Large blocks are huge-page aligned and advised, as NumPy's: far fewer page faults.
    const size_t align = nbytes >= kHugeFrom ? kHugePage : 64;
    size_t rounded = (nbytes + align - 1) & ~(align - 1);
    size_t limit = limit_[device].load();
    void* p = limit && used_[device].load() + nbytes > limit
                  ? nullptr
                  : std::aligned_alloc(align, rounded ? rounded : 64);
    if (p && align == kHugePage) ::madvise(p, rounded, MADV_HUGEPAGE);
    if (!p)
      throw OutOfMemoryError("out of memory allocating " + std::to_string(nbytes) +
                             " bytes on cpu:" + std::to_string(device) + " (" +
                             std::to_string(used_[device].load()) + " bytes in use)");
    used_[device] += nbytes;
    return p;
  }
  void deallocate(int device, void* ptr, size_t nbytes, StreamHandle) override {
    std::free(ptr);
    used_[device] -= nbytes;
  }
  size_t used_bytes(int device) override { return used_[device].load(); }
  void copy_to_device(int, void* dst, const void* src, size_t n, StreamHandle) override {
    std::optional<BlockingRegion> unblock;
    if (n >= kLongCopy) unblock.emplace();
    if (n) std::memcpy(dst, src, n);
  }
  void copy_to_host(int, void* dst, const void* src, size_t n, StreamHandle) override {
    std::optional<BlockingRegion> unblock;
    if (n >= kLongCopy) unblock.emplace();
    if (n) std::memcpy(dst, src, n);
  }
  void copy_device(int, void* dst, int, const void* src, size_t n, StreamHandle) override {
    std::optional<BlockingRegion> unblock;
    if (n >= kLongCopy) unblock.emplace();
    if (n) std::memmove(dst, src, n);
  }

  // One compiler: src.compiler (nvcc on CUDA) does not apply here.
  std::string compiler_identity(int, const KernelSource&) override {
    return "cpu " + host_compiler_identity();
  }
  // A name expression "lowers" to the entry point the translation unit wraps it in.
  CompiledBinary compile(int, const KernelSource& src) override {
    CompiledBinary out{compile_shared_object(src), {}};
    for (const std::string& e : src.name_expressions) out.lowered_names[e] = entry_symbol(e);
    return out;
  }

  std::shared_ptr<LoadedModule> load(int, const CompiledBinary& compiled,
                                     const KernelSource& src) override {
    const std::string& binary = compiled.binary;
    // dlopen needs a file, and returns an already loaded library for a name it has seen:
    // name each file by its content, so equal binaries share one library and others never do.
    const std::string name = "/lib/" + hash_hex(binary) + ".so";
    auto store = [&](const std::string& root) {
      std::error_code ec;  // a folder that cannot be made fails the write below
      std::filesystem::create_directories(root + "/lib", ec);
      if (read_file(root + name) != binary) write_file_atomic(root + name, binary);
    };
    std::string path = with_cache_dir(store) + name;
    void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h)
      throw BackendError(std::string("dlopen of kernel '") + src.name_hint +
                         "' failed: " + ::dlerror());
    return std::make_shared<HostModule>(h, compiled.lowered_names);
  }

  FunctionAttributes attributes(int, void* function) override {
    FunctionAttributes a;
    a.max_threads_per_block = 1024;
    std::lock_guard lk(attr_mu_);
    auto it = max_dynamic_shared_.find(function);
    a.max_dynamic_shared_size_bytes = it == max_dynamic_shared_.end() ? 48 * 1024 : it->second;
    return a;
  }
  void set_max_dynamic_shared_size(int, void* function, int bytes) override {
    if (bytes < 0 || bytes > kSharedOptIn)
      throw BackendError("max_dynamic_shared_size_bytes " + std::to_string(bytes) +
                         " is out of range: a block holds at most " + std::to_string(kSharedOptIn) +
                         " bytes (CUDA_ERROR_INVALID_VALUE)");
    std::lock_guard lk(attr_mu_);
    max_dynamic_shared_[function] = bytes;
  }

  void launch(int, void* function, const LaunchConfig& cfg, void** args) override {
    if (cfg.grid.count() == 0 || cfg.block.count() == 0) return;
    // As a GPU: a kernel opts in to more than 48 KiB, up to what an H100/H200 block holds.
    if (cfg.shared_mem > size_t(kSharedOptIn))
      throw BackendError("kernel '" + kernel_name(function) + "' asks for " +
                         std::to_string(cfg.shared_mem) +
                         " bytes of dynamic shared memory; a block holds at most " +
                         std::to_string(kSharedOptIn) + " (CUDA_ERROR_INVALID_VALUE on a GPU)");
    BlockJob job;
    job.entry = reinterpret_cast<ndgpu_cpu_entry>(function);
    job.args = args;
    ndgpu_cpu_launch& base = job.launch;
    base.grid[0] = cfg.grid.x, base.grid[1] = cfg.grid.y, base.grid[2] = cfg.grid.z;
    base.block[0] = cfg.block.x, base.block[1] = cfg.block.y, base.block[2] = cfg.block.z;
    base.shared_mem = cfg.shared_mem;
    base.runtime = fiber_runtime();
    uint64_t gx = cfg.grid.x, gxy = gx * cfg.grid.y;
    unsigned threads = unsigned(cfg.block.count());
    std::atomic<bool> failed{false};
    // Several blocks are long work: other Python threads run meanwhile.
    std::optional<BlockingRegion> unblock;
    if (cfg.grid.count() > 1) unblock.emplace();
    parallel_for(cfg.grid.count(), [&](uint64_t b) {
      if (failed.load(std::memory_order_relaxed)) return;  // a block faulted: skip the rest
      BlockJob j = job;
      j.launch.block_index[0] = unsigned(b % gx);
      j.launch.block_index[1] = unsigned((b / gx) % cfg.grid.y);
      j.launch.block_index[2] = unsigned(b / gxy);
      j.launch.dynamic_shared = cfg.shared_mem ? shared_buffer(cfg.shared_mem) : nullptr;
      begin_block(threads);
      std::string fault = run_guarded(&BlockJob::run, &j);
      std::string error = fault.empty() ? take_block_error() : fault;
      if (!fault.empty()) abandon_block();
      if (error.empty()) return;
      failed = true;
      throw BackendError(
          "kernel '" + kernel_name(function) + "' failed on the CPU backend in block (" +
          std::to_string(j.launch.block_index[0]) + ", " + std::to_string(j.launch.block_index[1]) +
          ", " + std::to_string(j.launch.block_index[2]) + "): " + error);
    });
    // Kernels' printf output appears when the launch returns, as after a GPU synchronize.
    std::fflush(stdout);
  }
  void synchronize(int) override {}

  StreamHandle create_stream(int, bool) override { return ++next_stream_; }
  void destroy_stream(int, StreamHandle) override {}
  void synchronize_stream(int, StreamHandle) override {}
  unsigned resident_blocks(int, void*, unsigned) override { return unsigned(pool_size()); }
  void gemm(int, const GemmCall& call) override { cpu_gemm(call); }
  int solver(int, const SolverCall& call) override { return cpu_solver(call); }
  void fft(int device, const FftCall& call) override { cpu_fft(device, call); }
  FftPlanCacheInfo fft_plan_cache(int device, const FftPlanCacheChange& change) override {
    return cpu_fft_plan_cache(device, change);
  }
  void sort(int, const SortCall& call) override { cpu_sort(call); }

  // Work is finished when launch returns, so an event is the time it was recorded.
  EventHandle create_event(int) override { return reinterpret_cast<EventHandle>(new double(0)); }
  void destroy_event(int, EventHandle e) override { delete reinterpret_cast<double*>(e); }
  void record_event(int, EventHandle e, StreamHandle) override {
    *reinterpret_cast<double*>(e) = std::chrono::duration<double, std::milli>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count();
  }
  void synchronize_event(int, EventHandle) override {}
  float elapsed_ms(int, EventHandle start, EventHandle end) override {
    return float(*reinterpret_cast<double*>(end) - *reinterpret_cast<double*>(start));
  }

  // Host memory is not cached: what is used is what is held.
  PoolStats pool_stats(int device) override {
    return {used_[device].load(), used_[device].load(), 0};
  }
  void free_all_blocks(int) override {}

  // A virtual device's memory is the host's (or its pool limit when one is set).
  void mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) override {
    long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
    size_t ram = pages > 0 && page > 0 ? size_t(pages) * size_t(page) : 0;
    size_t limit = limit_[device].load(), used = used_[device].load();
    *total_bytes = limit ? limit : ram;
    *free_bytes = *total_bytes > used ? *total_bytes - used : 0;
  }
  // What a CPU device has of a GPU's facts: memory, the cores blocks run on, the block limits.
  DeviceProperties properties(int device) override {
    size_t free_bytes = 0, total_bytes = 0;
    mem_get_info(device, &free_bytes, &total_bytes);
    return {"ndgpu CPU device " + std::to_string(device),
            {{"totalGlobalMem", int64_t(total_bytes)},
             {"multiProcessorCount", int64_t(std::max(1u, std::thread::hardware_concurrency()))},
             {"maxThreadsPerBlock", 1024},
             {"sharedMemPerBlock", 48 * 1024},
             {"sharedMemPerBlockOptin", kSharedOptIn},
             {"warpSize", 32}}};
  }
  void set_pool_limit(int device, size_t bytes) override { limit_[device] = bytes; }
  size_t pool_limit(int device) override { return limit_[device].load(); }

 private:
  std::vector<std::atomic<size_t>> used_, limit_;
  std::atomic<StreamHandle> next_stream_{0};
  std::mutex attr_mu_;
  std::map<void*, int> max_dynamic_shared_;
};

}  // namespace

std::unique_ptr<Backend> create_backend() {
  int n = 1;
  if (const char* e = std::getenv("NDGPU_CPU_DEVICES"); e && *e) n = std::max(1, std::atoi(e));
  return std::make_unique<CpuBackend>(n);
}

}  // namespace ndgpu::cpu
