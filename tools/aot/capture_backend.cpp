#include "capture_backend.hpp"

#include <sys/mman.h>

#include <atomic>
#include <cstring>
#include <map>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cuda/nvrtc.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::aot {
namespace {

// Every function of a captured module: a valid, never-called address.
char g_function_token;

class CaptureModule : public LoadedModule {
 public:
  void* function(const std::string&) override { return &g_function_token; }
};

size_t mapped_size(size_t n) {
  return (std::max<size_t>(n, 1) + 4095) / 4096 * 4096;
}

class CaptureBackend : public Backend {
 public:
  CaptureBackend(std::vector<int> archs, CaptureHooks hooks, std::unique_ptr<Backend> cpu = {})
      : archs_(std::move(archs)), hooks_(std::move(hooks)), cpu_(std::move(cpu)) {}

  DeviceType type() const override { return cpu_ ? DeviceType::CPU : DeviceType::CUDA; }
  int device_count() override { return cpu_ ? cpu_->device_count() : int(archs_.size()); }

  // Page-aligned as the real pool's blocks (alignment decides the vector paths); untouched
  // pages cost nothing, so large shapes can be captured too.
  void* allocate(int, size_t nbytes, StreamHandle) override {
    if (auto it = free_.find(nbytes); it != free_.end() && !it->second.empty()) {
      void* p = it->second.back();
      it->second.pop_back();
      return p;
    }
    void* p = ::mmap(nullptr, mapped_size(nbytes), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw OutOfMemoryError("capture backend: mmap failed");
    return p;
  }
  void deallocate(int, void* ptr, size_t nbytes, StreamHandle) override {
    if (hooks_.reuse_memory && ptr) return free_[nbytes].push_back(ptr);
    if (ptr) ::munmap(ptr, mapped_size(nbytes));
  }
  size_t used_bytes(int) override { return 0; }
  void copy_to_device(int, void* dst, const void* src, size_t n, StreamHandle) override {
    std::memcpy(dst, src, n);
  }
  void copy_to_host(int, void* dst, const void* src, size_t n, StreamHandle) override {
    std::memcpy(dst, src, n);
  }
  void copy_device(int, void* dst, int, const void* src, size_t n, StreamHandle) override {
    std::memcpy(dst, src, n);
  }

  std::string compiler_identity(int device, const KernelSource& src) override {
    if (cpu_) return cpu_->compiler_identity(device, src);
    return cuda::nvrtc_identity(archs_.at(size_t(device)));
  }
  CompiledBinary compile(int device, const KernelSource& src) override {
    return hooks_.on_compile ? hooks_.on_compile(device, src) : CompiledBinary{};
  }
  std::shared_ptr<LoadedModule> load(int device, const CompiledBinary& compiled,
                                     const KernelSource& src) override {
    if (hooks_.on_load) hooks_.on_load(device, compiled, src);
    return std::make_shared<CaptureModule>();
  }
  FunctionAttributes attributes(int d, void* f) override {
    return cpu_ ? cpu_->attributes(d, f) : FunctionAttributes{};
  }
  void set_max_dynamic_shared_size(int, void*, int) override {}
  void launch(int, void*, const LaunchConfig&, void**) override {}
  void synchronize(int) override {}

  StreamHandle create_stream(int, bool) override { return ++next_handle_; }
  void destroy_stream(int, StreamHandle) override {}
  void synchronize_stream(int, StreamHandle) override {}
  EventHandle create_event(int) override { return ++next_handle_; }
  void destroy_event(int, EventHandle) override {}
  void record_event(int, EventHandle, StreamHandle) override {}
  void synchronize_event(int, EventHandle) override {}
  float elapsed_ms(int, EventHandle, EventHandle) override { return 0.0f; }

  PoolStats pool_stats(int) override { return {}; }
  void free_all_blocks(int) override {}
  void set_pool_limit(int, size_t) override {}
  size_t pool_limit(int) override { return 0; }
  // An H100/H200-sized device: geometry only, never part of a kernel's source.
  int solver(int, const SolverCall&) override {
    throw BackendError("the capture backend runs no solver");
  }
  void sort(int d, const SortCall& call) override {
    if (cpu_) return cpu_->sort(d, call);  // host memory: the CPU's sort runs on it
    throw BackendError("the capture backend sorts nothing");
  }
  void gemm(int, const GemmCall&) override {
    throw BackendError("the capture backend runs no BLAS");
  }
  void fft(int, const FftCall&) override { throw BackendError("the capture backend runs no FFT"); }
  FftPlanCacheInfo fft_plan_cache(int, const FftPlanCacheChange&) override { return {}; }
  unsigned resident_blocks(int d, void* f, unsigned block_threads) override {
    if (cpu_) return cpu_->resident_blocks(d, f, block_threads);
    return 132 * std::max(1u, 2048u / std::max(block_threads, 1u));
  }
  DeviceProperties properties(int device) override {
    if (cpu_) return cpu_->properties(device);
    return {"capture device",
            {{"major", archs_[size_t(device)] / 10}, {"minor", archs_[size_t(device)] % 10}}};
  }
  void mem_get_info(int d, size_t* free_bytes, size_t* total_bytes) override {
    if (cpu_) return cpu_->mem_get_info(d, free_bytes, total_bytes);
    *free_bytes = *total_bytes = 0;
  }

 private:
  std::vector<int> archs_;
  CaptureHooks hooks_;
  std::atomic<uintptr_t> next_handle_{0};
  std::map<size_t, std::vector<void*>> free_;  // reuse_memory: freed blocks by size
  std::unique_ptr<Backend> cpu_;               // standing in for the CPU backend: what it answers
};

}  // namespace

std::unique_ptr<Backend> make_capture_backend(std::vector<int> archs, CaptureHooks hooks) {
  return std::make_unique<CaptureBackend>(std::move(archs), std::move(hooks));
}

std::unique_ptr<Backend> make_cpu_capture_backend(CaptureHooks hooks) {
  return std::make_unique<CaptureBackend>(std::vector<int>{}, std::move(hooks),
                                          cpu::create_backend());
}

}  // namespace ndgpu::aot
