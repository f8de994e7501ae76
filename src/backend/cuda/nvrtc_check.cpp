// NDGPU_NVRTC_CHECK=1: a Backend that forwards everything to the CPU backend and compiles
// each source with NVRTC for sm_90 too, so that CI catches kernels a GPU could not compile.
#include <utility>

#include "backend/cuda/entry_points.hpp"
#include "backend/cuda/nvrtc.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {
namespace {

class NvrtcCheckBackend : public Backend {
 public:
  explicit NvrtcCheckBackend(std::unique_ptr<Backend> inner) : in_(std::move(inner)) {}

  CompiledBinary compile(int device, const KernelSource& src) override {
    CompiledBinary out = in_->compile(device, src);
    check(src);
    return out;
  }
  // A CPU pack hit skips the host compiler (the pack's build ran it) but not this check.
  void check_prebuilt(int, const KernelSource& src) override { check(src); }

  // The rest is the inner backend's.
  DeviceType type() const override { return in_->type(); }
  int device_count() override { return in_->device_count(); }
  void* allocate(int d, size_t n, StreamHandle s) override { return in_->allocate(d, n, s); }
  void deallocate(int d, void* p, size_t n, StreamHandle s) override {
    in_->deallocate(d, p, n, s);
  }
  size_t used_bytes(int d) override { return in_->used_bytes(d); }
  void copy_to_device(int d, void* dst, const void* src, size_t n, StreamHandle s) override {
    in_->copy_to_device(d, dst, src, n, s);
  }
  void copy_to_host(int d, void* dst, const void* src, size_t n, StreamHandle s) override {
    in_->copy_to_host(d, dst, src, n, s);
  }
  void read_to_pinned(int d, void* dst, const void* src, size_t n, StreamHandle s) override {
    in_->read_to_pinned(d, dst, src, n, s);
  }
  void* acquire_host_buffer(int d, size_t n) override { return in_->acquire_host_buffer(d, n); }
  void release_host_buffer(int d, void* p) override { in_->release_host_buffer(d, p); }
  void* allocate_pinned(int d, size_t n) override { return in_->allocate_pinned(d, n); }
  void free_pinned(int d, void* p) override { in_->free_pinned(d, p); }
  void copy_device(int dd, void* dst, int sd, const void* src, size_t n, StreamHandle s) override {
    in_->copy_device(dd, dst, sd, src, n, s);
  }
  std::string compiler_identity(int d, const KernelSource& src) override {
    return in_->compiler_identity(d, src);
  }
  std::shared_ptr<LoadedModule> load(int d, const CompiledBinary& c,
                                     const KernelSource& src) override {
    return in_->load(d, c, src);
  }
  FunctionAttributes attributes(int d, void* f) override { return in_->attributes(d, f); }
  void set_max_dynamic_shared_size(int d, void* f, int bytes) override {
    in_->set_max_dynamic_shared_size(d, f, bytes);
  }
  void launch(int d, void* f, const LaunchConfig& cfg, void** args) override {
    in_->launch(d, f, cfg, args);
  }
  void synchronize(int d) override { in_->synchronize(d); }
  StreamHandle create_stream(int d, bool nb) override { return in_->create_stream(d, nb); }
  void destroy_stream(int d, StreamHandle s) override { in_->destroy_stream(d, s); }
  void synchronize_stream(int d, StreamHandle s) override { in_->synchronize_stream(d, s); }
  EventHandle create_event(int d) override { return in_->create_event(d); }
  void destroy_event(int d, EventHandle e) override { in_->destroy_event(d, e); }
  void record_event(int d, EventHandle e, StreamHandle s) override { in_->record_event(d, e, s); }
  void synchronize_event(int d, EventHandle e) override { in_->synchronize_event(d, e); }
  float elapsed_ms(int d, EventHandle a, EventHandle b) override {
    return in_->elapsed_ms(d, a, b);
  }
  PoolStats pool_stats(int d) override { return in_->pool_stats(d); }
  void free_all_blocks(int d) override { in_->free_all_blocks(d); }
  void set_pool_limit(int d, size_t bytes) override { in_->set_pool_limit(d, bytes); }
  size_t pool_limit(int d) override { return in_->pool_limit(d); }
  void gemm(int d, const GemmCall& call) override { in_->gemm(d, call); }
  int solver(int d, const SolverCall& call) override { return in_->solver(d, call); }
  void fft(int d, const FftCall& call) override { in_->fft(d, call); }
  FftPlanCacheInfo fft_plan_cache(int d, const FftPlanCacheChange& c) override {
    return in_->fft_plan_cache(d, c);
  }
  void sort(int d, const SortCall& call) override { in_->sort(d, call); }
  bool inclusive_sum(int d, const ScanCall& call) override { return in_->inclusive_sum(d, call); }
  bool histogram(int d, const HistogramCall& call) override { return in_->histogram(d, call); }
  DeviceProperties properties(int d) override { return in_->properties(d); }
  void mem_get_info(int d, size_t* free_bytes, size_t* total_bytes) override {
    in_->mem_get_info(d, free_bytes, total_bytes);
  }
  int driver_version() override { return in_->driver_version(); }
  int runtime_version() override { return in_->runtime_version(); }
  unsigned resident_blocks(int d, void* f, unsigned threads) override {
    return in_->resident_blocks(d, f, threads);
  }
  bool query_stream(int d, StreamHandle s) override { return in_->query_stream(d, s); }
  bool query_event(int d, EventHandle e) override { return in_->query_event(d, e); }
  void stream_wait_event(int d, StreamHandle s, EventHandle e) override {
    in_->stream_wait_event(d, s, e);
  }
  void launch_host_func(int d, StreamHandle s, void (*fn)(void*), void* data) override {
    in_->launch_host_func(d, s, fn, data);
  }
  EventHandle create_event_flags(int d, bool timing, bool blocking) override {
    return in_->create_event_flags(d, timing, blocking);
  }
  void begin_capture(int d, StreamHandle s) override { in_->begin_capture(d, s); }
  bool is_capturing(int d, StreamHandle s) override { return in_->is_capturing(d, s); }
  GraphHandle end_capture(int d, StreamHandle s) override { return in_->end_capture(d, s); }
  void launch_graph(int d, GraphHandle g, StreamHandle s) override { in_->launch_graph(d, g, s); }
  void destroy_graph(int d, GraphHandle g) override { in_->destroy_graph(d, g); }

 private:
  static void check(const KernelSource& src) {
    try {
      nvrtc_compile_program(src, 9, 0, src.name_expressions);
    } catch (const CompileError& e) {
      throw CompileError("kernel '" + src.name_hint +
                             "' compiles for the CPU but not with NVRTC for sm_90:\n" + e.what(),
                         e.log, e.source);
    }
  }

  std::unique_ptr<Backend> in_;
};

}  // namespace

std::unique_ptr<Backend> with_nvrtc_check(std::unique_ptr<Backend> inner) {
  return std::make_unique<NvrtcCheckBackend>(std::move(inner));
}

}  // namespace ndgpu::cuda
