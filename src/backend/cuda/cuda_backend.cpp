#include "backend/cuda/cuda_backend.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "backend/cuda/cub_library.hpp"
#include "backend/cuda/cublas.hpp"
#include "backend/cuda/cufft.hpp"
#include "backend/cuda/cusolver.hpp"
#include "backend/cuda/driver.hpp"
#include "backend/cuda/host_array_pool.hpp"
#include "backend/cuda/nvcc.hpp"
#include "backend/cuda/pinned_pool.hpp"
#include "backend/cuda/transfer.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"

#ifndef NDGPU_HAVE_CUDA_HEADERS

namespace ndgpu::cuda {
std::unique_ptr<Backend> create_backend() {
  return nullptr;
}
}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
namespace {

// Device memory straight from the driver, for the pool's segments.
class DeviceAllocator : public RawAllocator {
 public:
  explicit DeviceAllocator(int device) : device_(device) {}
  void* raw_alloc(size_t nbytes) override {
    make_current(device_);
    CUdeviceptr p = 0;
    CUresult r = driver().cuMemAlloc_v2(&p, nbytes);
    if (r == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;
    check(r, "cuMemAlloc");
    return reinterpret_cast<void*>(p);
  }
  void raw_free(void* ptr) override {
    make_current(device_);
    NDGPU_CU(cuMemFree_v2, reinterpret_cast<CUdeviceptr>(ptr));
  }
  void synchronize() override {
    make_current(device_);
    BlockingRegion unblock;
    NDGPU_CU(cuCtxSynchronize);
  }

 private:
  int device_;
};

// Page-locked host memory, portable so that any device's context may DMA from it.
class HostAllocator : public RawAllocator {
 public:
  explicit HostAllocator(int device) : device_(device) {}
  void* raw_alloc(size_t nbytes) override {
    make_current(device_);
    void* p = nullptr;
    CUresult r = driver().cuMemHostAlloc(&p, nbytes, CU_MEMHOSTALLOC_PORTABLE);
    if (r == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;
    check(r, "cuMemHostAlloc");
    return p;
  }
  void raw_free(void* ptr) override { NDGPU_CU(cuMemFreeHost, ptr); }

 private:
  int device_;
};

class CudaModule : public LoadedModule {
 public:
  CudaModule(int device, CUmodule module, std::map<std::string, std::string> lowered)
      : device_(device), module_(module), lowered_(std::move(lowered)) {}
  ~CudaModule() override {
    try {
      make_current(device_);
      driver().cuModuleUnload(module_);
    } catch (...) {
      // The driver may be shutting down at process exit.
    }
  }
  void* function(const std::string& name) override {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = functions_.find(name);
    if (it != functions_.end()) return it->second;
    CUfunction f = nullptr;
    auto low = lowered_.find(name);  // a name expression: its mangled symbol
    const std::string& symbol = low == lowered_.end() ? name : low->second;
    CUresult r = driver().cuModuleGetFunction(&f, module_, symbol.c_str());
    if (r == CUDA_ERROR_NOT_FOUND) return nullptr;
    check(r, "cuModuleGetFunction");
    functions_.emplace(name, f);
    return f;
  }

 private:
  int device_;
  CUmodule module_;
  std::map<std::string, std::string> lowered_;
  std::mutex mutex_;
  std::unordered_map<std::string, CUfunction> functions_;
};

// Page-locked bytes for host arrays: NDGPU_PINNED_HOST_LIMIT, else a quarter of the host's
// memory up to 8 GiB (page-locked memory cannot be swapped, so it is kept modest).
size_t host_array_limit() {
  if (const char* e = std::getenv("NDGPU_PINNED_HOST_LIMIT"))
    return size_t(std::strtoull(e, nullptr, 10));
  long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  size_t ram = pages > 0 && page > 0 ? size_t(pages) * size_t(page) : 0;
  return std::min(ram / 4, size_t(8) << 30);
}

int device_attribute(int device, CUdevice_attribute attr) {
  CUdevice dev = 0;
  NDGPU_CU(cuDeviceGet, &dev, device);
  int value = 0;
  NDGPU_CU(cuDeviceGetAttribute, &value, attr, dev);
  return value;
}

// NDGPU_CUDA_POOL=0 (compute-sanitizer runs, scripts/gpu_check.sh --sanitize): every array
// gets its own cuMemAlloc of its exact size, freed once the device is idle, so that memcheck
// sees each array's bounds; the pool's shared segments would hide an overrun.
bool pool_disabled() {
  static const bool off = [] {
    const char* e = std::getenv("NDGPU_CUDA_POOL");
    return e && std::string_view(e) == "0";
  }();
  return off;
}

CUstream as_stream(StreamHandle s) {
  return reinterpret_cast<CUstream>(s);
}
CUevent as_event(EventHandle e) {
  return reinterpret_cast<CUevent>(e);
}
CUdeviceptr as_dptr(const void* p) {
  return reinterpret_cast<CUdeviceptr>(p);
}

}  // namespace

struct CudaBackend::DeviceState {
  explicit DeviceState(int d)
      : device(d),
        name("cuda:" + std::to_string(d)),
        raw(d),
        pool(raw, name),
        host_raw(d),
        pinned(host_raw),
        stager(d, pinned),
        host_arrays(host_raw, host_array_limit(), Stager::kDirectMax) {
    cc_major = device_attribute(d, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    cc_minor = device_attribute(d, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    sm_count = device_attribute(d, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  }
  int device;
  std::string name;
  int cc_major = 0, cc_minor = 0, sm_count = 0;
  // Declared in dependency order: the stager returns its buffers to `pinned` first.
  DeviceAllocator raw;
  MemoryPool pool;
  HostAllocator host_raw;
  PinnedPool pinned;
  Stager stager;
  HostArrayPool host_arrays;
  std::mutex peer_mutex;
  std::set<int> peers;  // devices whose memory this context may access directly
};

std::unique_ptr<Backend> create_backend() {
  if (probe_device_count() == 0) return nullptr;
  return std::make_unique<CudaBackend>();
}

CudaBackend::CudaBackend() : n_devices_(probe_device_count()), states_(size_t(n_devices_)) {}

CudaBackend::~CudaBackend() {
  for (auto& s : states_) delete s.load();
}

CudaBackend::DeviceState& CudaBackend::state(int device) {
  if (device < 0 || device >= n_devices_)
    throw ValueError("invalid CUDA device " + std::to_string(device) + " (there are " +
                     std::to_string(n_devices_) + ")");
  DeviceState* s = states_[size_t(device)].load(std::memory_order_acquire);
  if (s) return *s;
  std::lock_guard<std::mutex> lock(mutex_);
  s = states_[size_t(device)].load(std::memory_order_relaxed);
  if (!s) {
    make_current(device);
    s = new DeviceState(device);
    states_[size_t(device)].store(s, std::memory_order_release);
    // A device in use will compile kernels: start NVRTC now, off the caller's thread.
    nvrtc_warm_up_async(s->cc_major, s->cc_minor);
  }
  return *s;
}

void* CudaBackend::allocate(int device, size_t nbytes, StreamHandle stream) {
  DeviceState& s = state(device);
  if (!pool_disabled()) return s.pool.allocate(nbytes, stream);
  if (nbytes == 0) return nullptr;
  // Rounded to whole 32-bit words, as the pool's blocks are: the sub-word atomics (scatter
  // of int8, bool, float16) read and swap the aligned word that holds their element.
  void* p = s.raw.raw_alloc((nbytes + 3) / 4 * 4);
  if (!p)
    throw OutOfMemoryError("out of memory allocating " + std::to_string(nbytes) + " bytes on " +
                           s.name + " (NDGPU_CUDA_POOL=0: no pool)");
  return p;
}

void CudaBackend::deallocate(int device, void* ptr, size_t, StreamHandle stream) {
  DeviceState& s = state(device);
  if (!pool_disabled()) return s.pool.deallocate(ptr, stream);
  if (!ptr) return;
  s.raw.synchronize();  // work queued on any stream may still use it
  s.raw.raw_free(ptr);
}

size_t CudaBackend::used_bytes(int device) {
  return state(device).pool.used_bytes();
}

void CudaBackend::copy_to_device(int device, void* dst, const void* host_src, size_t n,
                                 StreamHandle stream) {
  if (!n) return;
  std::optional<BlockingRegion> unblock;  // a large copy lets other host threads run
  if (n >= (size_t(1) << 20)) unblock.emplace();
  state(device).stager.to_device(dst, host_src, n, stream);
}

void* CudaBackend::acquire_host_buffer(int device, size_t nbytes) {
  return state(device).host_arrays.try_acquire(nbytes);
}

void CudaBackend::release_host_buffer(int device, void* ptr) {
  state(device).host_arrays.release(ptr);
}

void* CudaBackend::allocate_pinned(int device, size_t nbytes) {
  void* p = state(device).host_raw.raw_alloc(std::max<size_t>(nbytes, 1));
  if (!p)
    throw OutOfMemoryError("out of page-locked host memory allocating " + std::to_string(nbytes) +
                           " bytes");
  return p;
}

void CudaBackend::free_pinned(int device, void* ptr) {
  state(device).host_raw.raw_free(ptr);
}

void CudaBackend::copy_to_host(int device, void* host_dst, const void* src, size_t n,
                               StreamHandle stream) {
  if (!n) return;
  BlockingRegion unblock;  // waits for the stream's work, however long
  DeviceState& s = state(device);
  if (s.host_arrays.owns(host_dst, n)) {  // page-locked: one DMA, no staging
    make_current(device);
    NDGPU_CU(cuMemcpyDtoHAsync_v2, host_dst, as_dptr(src), n, as_stream(stream));
    NDGPU_CU(cuStreamSynchronize, as_stream(stream));
    return;
  }
  s.stager.to_host(host_dst, src, n, stream);
}

void CudaBackend::read_to_pinned(int device, void* pinned_dst, const void* src, size_t n,
                                 StreamHandle stream) {
  if (!n) return;
  if (state(device).stager.read_pinned(pinned_dst, src, n, stream)) return;
  BlockingRegion unblock;  // the stream's earlier work is long, or it failed: wait, report
  make_current(device);
  NDGPU_CU(cuStreamSynchronize, as_stream(stream));
}

void CudaBackend::copy_device(int dst_device, void* dst, int src_device, const void* src, size_t n,
                              StreamHandle stream) {
  if (!n) return;
  DeviceState& d = state(dst_device);
  make_current(dst_device);
  if (dst_device == src_device) {
    NDGPU_CU(cuMemcpyDtoDAsync_v2, as_dptr(dst), as_dptr(src), n, as_stream(stream));
    return;
  }
  state(src_device);
  {
    // Direct peer access (NVLink/PCIe P2P) where the pair allows it; else the driver stages.
    std::lock_guard<std::mutex> lock(d.peer_mutex);
    if (!d.peers.count(src_device)) {
      CUdevice a = 0, b = 0;
      NDGPU_CU(cuDeviceGet, &a, dst_device);
      NDGPU_CU(cuDeviceGet, &b, src_device);
      int can = 0;
      NDGPU_CU(cuDeviceCanAccessPeer, &can, a, b);
      if (can) {
        CUresult r = driver().cuCtxEnablePeerAccess(primary_context(src_device), 0);
        if (r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) check(r, "cuCtxEnablePeerAccess");
      }
      d.peers.insert(src_device);
    }
  }
  NDGPU_CU(cuMemcpyPeerAsync, as_dptr(dst), primary_context(dst_device), as_dptr(src),
           primary_context(src_device), n, as_stream(stream));
}

std::string CudaBackend::compiler_identity(int device, const KernelSource& src) {
  int cc = compute_capability(device);
  if (src.compiler == Compiler::Nvcc) return nvcc_identity() + " sm_" + std::to_string(cc);
  return nvrtc_identity(cc);
}

CompiledBinary CudaBackend::compile(int device, const KernelSource& src) {
  DeviceState& s = state(device);
  if (src.compiler == Compiler::Nvcc) return {nvcc_compile(src, s.cc_major * 10 + s.cc_minor), {}};
  NvrtcResult r = nvrtc_compile_program(src, s.cc_major, s.cc_minor, src.name_expressions);
  return {std::move(r.binary), std::move(r.lowered_names)};
}

std::shared_ptr<LoadedModule> CudaBackend::load(int device, const CompiledBinary& compiled,
                                                const KernelSource& src) {
  state(device);
  make_current(device);
  CUmodule module = nullptr;
  // A cubin or PTX: the driver tells them apart (PTX must be NUL-terminated; c_str() is).
  CUresult r = driver().cuModuleLoadData(&module, compiled.binary.c_str());
  if (r != CUDA_SUCCESS)
    throw BackendError("cuModuleLoadData failed: " + error_text(r) + " (kernel '" + src.name_hint +
                       "' on cuda:" + std::to_string(device) + ")");
  return std::make_shared<CudaModule>(device, module, compiled.lowered_names);
}

FunctionAttributes CudaBackend::attributes(int device, void* function) {
  make_current(device);
  CUfunction f = static_cast<CUfunction>(function);
  auto get = [&](CUfunction_attribute a) {
    int v = 0;
    NDGPU_CU(cuFuncGetAttribute, &v, a, f);
    return v;
  };
  FunctionAttributes out;
  out.max_threads_per_block = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  out.num_regs = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  out.shared_size_bytes = get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  out.const_size_bytes = get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  out.local_size_bytes = get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  out.ptx_version = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  out.binary_version = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  out.max_dynamic_shared_size_bytes = get(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  return out;
}

void CudaBackend::set_max_dynamic_shared_size(int device, void* function, int bytes) {
  make_current(device);
  NDGPU_CU(cuFuncSetAttribute, static_cast<CUfunction>(function),
           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}

void CudaBackend::launch(int device, void* function, const LaunchConfig& cfg, void** args) {
  if (cfg.grid.count() == 0 || cfg.block.count() == 0) return;  // nothing to do (empty array)
  make_current(device);
  CUfunction f = static_cast<CUfunction>(function);
  // Above 48 KiB of dynamic shared memory a kernel must opt in explicitly.
  if (cfg.shared_mem > 48 * 1024)
    NDGPU_CU(cuFuncSetAttribute, f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
             int(cfg.shared_mem));
  NDGPU_CU(cuLaunchKernel, f, cfg.grid.x, cfg.grid.y, cfg.grid.z, cfg.block.x, cfg.block.y,
           cfg.block.z, unsigned(cfg.shared_mem), as_stream(cfg.stream), args, nullptr);
}

// Waits let other host threads run; a kernel that never ends keeps them waiting (and is not
// interruptible: see docs/reliability.md).
void CudaBackend::synchronize(int device) {
  make_current(device);
  BlockingRegion unblock;
  NDGPU_CU(cuCtxSynchronize);
}

StreamHandle CudaBackend::create_stream(int device, bool non_blocking) {
  make_current(device);
  CUstream s = nullptr;
  NDGPU_CU(cuStreamCreate, &s, non_blocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT);
  return reinterpret_cast<StreamHandle>(s);
}

void CudaBackend::destroy_stream(int device, StreamHandle s) {
  if (!s) return;  // the null stream is not ours to destroy
  make_current(device);
  NDGPU_CU(cuStreamDestroy_v2, as_stream(s));
}

void CudaBackend::synchronize_stream(int device, StreamHandle s) {
  make_current(device);
  BlockingRegion unblock;
  NDGPU_CU(cuStreamSynchronize, as_stream(s));
}

bool CudaBackend::query_stream(int device, StreamHandle s) {
  make_current(device);
  CUresult r = driver().cuStreamQuery(as_stream(s));
  if (r == CUDA_ERROR_NOT_READY) return false;
  check(r, "cuStreamQuery");
  return true;
}

void CudaBackend::gemm(int device, const GemmCall& call) {
  cublas_gemm(*this, device, call);
}

int CudaBackend::solver(int device, const SolverCall& call) {
  return cusolver_run(*this, device, call);
}

void CudaBackend::fft(int device, const FftCall& call) {
  cufft_run(*this, device, call);
}

FftPlanCacheInfo CudaBackend::fft_plan_cache(int device, const FftPlanCacheChange& change) {
  return cufft_plan_cache(device, change);
}

void CudaBackend::sort(int device, const SortCall& call) {
  cub_sort(*this, device, call);
}

bool CudaBackend::inclusive_sum(int device, const ScanCall& call) {
  return cub_inclusive_sum(*this, device, call);
}

bool CudaBackend::histogram(int device, const HistogramCall& call) {
  return cub_histogram(*this, device, call);
}

unsigned CudaBackend::resident_blocks(int device, void* function, unsigned block_threads) {
  DeviceState& s = state(device);
  make_current(device);
  int per_sm = 0;
  NDGPU_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor, &per_sm, static_cast<CUfunction>(function),
           int(block_threads), size_t(0));
  return unsigned(std::max(per_sm, 1)) * unsigned(s.sm_count);
}

MemoryPool& CudaBackend::memory_pool(int device) {
  return state(device).pool;
}

void CudaBackend::free_all_blocks(int device) {
  state(device).pool.free_all_blocks();
  state(device).host_arrays.free_cached();
}

PoolStats CudaBackend::pool_stats(int device) {
  const MemoryPool& p = state(device).pool;
  return {p.used_bytes(), p.total_bytes(), p.n_free_blocks()};
}
void CudaBackend::set_pool_limit(int device, size_t bytes) {
  state(device).pool.set_limit(bytes);
}
size_t CudaBackend::pool_limit(int device) {
  return state(device).pool.get_limit();
}

int CudaBackend::compute_capability(int device) {
  DeviceState& s = state(device);
  return s.cc_major * 10 + s.cc_minor;
}

int CudaBackend::multiprocessor_count(int device) {
  return state(device).sm_count;
}

std::string CudaBackend::device_name(int device) {
  CUdevice dev = 0;
  NDGPU_CU(cuDeviceGet, &dev, device);
  char buf[256] = {};
  NDGPU_CU(cuDeviceGetName, buf, int(sizeof buf - 1), dev);
  return buf;
}

void CudaBackend::mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) {
  make_current(device);
  NDGPU_CU(cuMemGetInfo_v2, free_bytes, total_bytes);
}

DeviceProperties CudaBackend::properties(int device) {
  struct Field {
    const char* key;
    CUdevice_attribute attr;
  };
  static constexpr Field fields[] = {
      {"major", CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR},
      {"minor", CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR},
      {"multiProcessorCount", CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT},
      {"warpSize", CU_DEVICE_ATTRIBUTE_WARP_SIZE},
      {"maxThreadsPerBlock", CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK},
      {"maxThreadsPerMultiProcessor", CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR},
      {"sharedMemPerBlock", CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK},
      {"sharedMemPerBlockOptin", CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN},
      {"sharedMemPerMultiprocessor", CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR},
      {"regsPerBlock", CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK},
      {"totalConstMem", CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY},
      {"clockRate", CU_DEVICE_ATTRIBUTE_CLOCK_RATE},
      {"memoryClockRate", CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE},
      {"memoryBusWidth", CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH},
      {"l2CacheSize", CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE},
      {"pciBusID", CU_DEVICE_ATTRIBUTE_PCI_BUS_ID},
      {"pciDeviceID", CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID},
      {"pciDomainID", CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID},
      {"integrated", CU_DEVICE_ATTRIBUTE_INTEGRATED},
      {"managedMemory", CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY},
      {"concurrentKernels", CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS},
      {"asyncEngineCount", CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT},
      {"unifiedAddressing", CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING},
      {"ECCEnabled", CU_DEVICE_ATTRIBUTE_ECC_ENABLED},
  };
  DeviceProperties p{device_name(device), {}};
  for (const Field& f : fields) p.values.emplace_back(f.key, device_attribute(device, f.attr));
  size_t free_bytes = 0, total_bytes = 0;
  mem_get_info(device, &free_bytes, &total_bytes);
  p.values.emplace_back("totalGlobalMem", int64_t(total_bytes));
  return p;
}

int CudaBackend::driver_version() {
  int v = 0;
  NDGPU_CU(cuDriverGetVersion, &v);
  return v;
}

// The toolkit ndgpu compiles with (NVRTC's version), as CUDA spells versions: 13000 for 13.0.
int CudaBackend::runtime_version() {
  std::string v = nvrtc_version();  // "nvrtc-13.0"
  size_t dash = v.find('-'), dot = v.find('.');
  return std::stoi(v.substr(dash + 1, dot - dash - 1)) * 1000 + std::stoi(v.substr(dot + 1)) * 10;
}

EventHandle CudaBackend::create_event_flags(int device, bool timing, bool blocking_sync) {
  make_current(device);
  unsigned flags = timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING;
  if (blocking_sync) flags |= CU_EVENT_BLOCKING_SYNC;
  CUevent e = nullptr;
  NDGPU_CU(cuEventCreate, &e, flags);
  return reinterpret_cast<EventHandle>(e);
}

void CudaBackend::destroy_event(int device, EventHandle e) {
  make_current(device);
  NDGPU_CU(cuEventDestroy_v2, as_event(e));
}

void CudaBackend::record_event(int device, EventHandle e, StreamHandle s) {
  make_current(device);
  NDGPU_CU(cuEventRecord, as_event(e), as_stream(s));
}

void CudaBackend::synchronize_event(int device, EventHandle e) {
  make_current(device);
  BlockingRegion unblock;
  NDGPU_CU(cuEventSynchronize, as_event(e));
}

bool CudaBackend::query_event(int device, EventHandle e) {
  make_current(device);
  CUresult r = driver().cuEventQuery(as_event(e));
  if (r == CUDA_ERROR_NOT_READY) return false;
  check(r, "cuEventQuery");
  return true;
}

float CudaBackend::elapsed_ms(int device, EventHandle start, EventHandle end) {
  make_current(device);
  float ms = 0;
  NDGPU_CU(cuEventElapsedTime_v2, &ms, as_event(start), as_event(end));
  return ms;
}

void CudaBackend::memset_async(int device, void* dst, unsigned char value, size_t n,
                               StreamHandle s) {
  if (!n) return;
  make_current(device);
  NDGPU_CU(cuMemsetD8Async, as_dptr(dst), value, n, as_stream(s));
}

}  // namespace ndgpu::cuda

#endif
