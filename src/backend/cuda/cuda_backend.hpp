// The CUDA backend: the driver API (opened lazily), NVRTC, a caching memory pool per device
// and staged host<->device copies. Every device uses its primary context, shared with CuPy
// and PyTorch in the same process.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend/cuda/entry_points.hpp"
#include "backend/cuda/memory_pool.hpp"
#include "backend/cuda/nvrtc.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

// Number of CUDA devices; 0 without a driver or a GPU. Never raises.
int probe_device_count();
// Why there are no devices ("" when the driver loaded).
std::string driver_status();

class CudaBackend : public Backend {
 public:
  CudaBackend();
  ~CudaBackend() override;

  DeviceType type() const override { return DeviceType::CUDA; }
  int device_count() override { return n_devices_; }

  void* allocate(int device, size_t nbytes, StreamHandle stream) override;
  void deallocate(int device, void* ptr, size_t nbytes, StreamHandle stream) override;
  size_t used_bytes(int device) override;
  void copy_to_device(int device, void* dst, const void* host_src, size_t n,
                      StreamHandle stream) override;
  void* acquire_host_buffer(int device, size_t nbytes) override;
  void release_host_buffer(int device, void* ptr) override;
  void* allocate_pinned(int device, size_t nbytes) override;
  void free_pinned(int device, void* ptr) override;
  void copy_to_host(int device, void* host_dst, const void* src, size_t n,
                    StreamHandle stream) override;
  void read_to_pinned(int device, void* pinned_dst, const void* src, size_t n,
                      StreamHandle stream) override;
  // `stream` belongs to dst_device; devices that differ use a peer copy.
  void copy_device(int dst_device, void* dst, int src_device, const void* src, size_t n,
                   StreamHandle stream) override;

  // "nvrtc-13.0 sm_90", or nvcc's version and the architecture for Compiler::Nvcc.
  std::string compiler_identity(int device, const KernelSource& src) override;
  // NVRTC (with src's name expressions), or nvcc when src asks for it.
  CompiledBinary compile(int device, const KernelSource& src) override;
  std::shared_ptr<LoadedModule> load(int device, const CompiledBinary& compiled,
                                     const KernelSource& src) override;
  FunctionAttributes attributes(int device, void* function) override;
  void set_max_dynamic_shared_size(int device, void* function, int bytes) override;
  void launch(int device, void* function, const LaunchConfig& cfg, void** args) override;
  void synchronize(int device) override;

  StreamHandle create_stream(int device, bool non_blocking) override;
  void destroy_stream(int device, StreamHandle s) override;
  void synchronize_stream(int device, StreamHandle s) override;
  unsigned resident_blocks(int device, void* function, unsigned block_threads) override;
  void gemm(int device, const GemmCall& call) override;
  int solver(int device, const SolverCall& call) override;
  void fft(int device, const FftCall& call) override;
  FftPlanCacheInfo fft_plan_cache(int device, const FftPlanCacheChange& change) override;
  void sort(int device, const SortCall& call) override;
  bool inclusive_sum(int device, const ScanCall& call) override;
  bool histogram(int device, const HistogramCall& call) override;

  // CUDA-only surface for the Python layer (cupy.cuda.*).
  MemoryPool& memory_pool(int device);
  void free_all_blocks(int device) override;  // waits for the device, then frees cached segments
  PoolStats pool_stats(int device) override;
  void set_pool_limit(int device, size_t bytes) override;
  size_t pool_limit(int device) override;
  EventHandle create_event(int device) override { return create_event_flags(device, true, false); }
  int compute_capability(int device);  // 90 for sm_90
  int multiprocessor_count(int device);
  std::string device_name(int device);
  void mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) override;
  DeviceProperties properties(int device) override;
  int driver_version() override;
  int runtime_version() override;
  bool query_stream(int device, StreamHandle s) override;  // true when its work has finished
  EventHandle create_event_flags(int device, bool timing, bool blocking_sync) override;
  void destroy_event(int device, EventHandle e) override;
  void record_event(int device, EventHandle e, StreamHandle s) override;
  void synchronize_event(int device, EventHandle e) override;
  bool query_event(int device, EventHandle e) override;
  void stream_wait_event(int device, StreamHandle s, EventHandle e) override;
  void launch_host_func(int device, StreamHandle s, void (*fn)(void*), void* data) override;
  void begin_capture(int device, StreamHandle s) override;
  bool is_capturing(int device, StreamHandle s) override;
  GraphHandle end_capture(int device, StreamHandle s) override;
  void launch_graph(int device, GraphHandle g, StreamHandle s) override;
  void destroy_graph(int device, GraphHandle g) override;
  float elapsed_ms(int device, EventHandle start, EventHandle end) override;
  void memset_async(int device, void* dst, unsigned char value, size_t n, StreamHandle s);

 private:
  struct DeviceState;
  DeviceState& state(int device);

  int n_devices_ = 0;
  std::mutex mutex_;
  std::vector<std::atomic<DeviceState*>> states_;  // created on first use
};

}  // namespace ndgpu::cuda
