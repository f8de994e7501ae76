// The Backend interface: what a device kind must provide. Backends allocate, copy, compile
// kernel source (one dialect for all backends), load the result and launch it. They know
// nothing of arrays or dtypes; src/kernel and src/ops sit above them.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ndgpu/device.hpp"

namespace ndgpu {

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
};

// A stream handle; 0 is the device's default (null) stream. Opaque to callers.
using StreamHandle = uintptr_t;
// A timing event recorded on a stream. Opaque to callers.
using EventHandle = uintptr_t;
// An instantiated CUDA graph (cuda.graph.Graph); 0 is none.
using GraphHandle = uintptr_t;

// What a device's memory pool holds (cupy.cuda.MemoryPool's numbers).
struct PoolStats {
  size_t used_bytes = 0;   // in live arrays
  size_t total_bytes = 0;  // held from the system: live plus cached
  size_t n_free_blocks = 0;
};

// One kernel's entry point in a source text, with the C++ types of its parameters in order.
// The CPU backend needs the types to call the kernel with CUDA's void** argument array.
struct KernelEntry {
  std::string name;
  std::vector<std::string> param_types;
};

// Which compiler a source asks for. A backend with one compiler (the CPU's) ignores it.
enum class Compiler {
  Default,  // the backend's run-time compiler (NVRTC on CUDA)
  Nvcc,     // the CUDA toolkit's nvcc in a subprocess (RawModule's backend='nvcc')
};

// An option asking for NVRTC's -minimal where the code allows it: it compiles with -minimal
// and, if that fails, in full (user kernels). Other compilers ignore it.
inline constexpr const char* kTryMinimalOption = "--ndgpu-try-minimal";

// Everything a compiler needs. Headers are handed over in memory (never through -I).
struct KernelSource {
  std::string source;
  std::vector<KernelEntry> entries;
  std::vector<std::string> options;
  std::map<std::string, std::string> headers;  // extra include name -> text (user headers)
  std::string name_hint = "kernel";            // used in file names and error messages
  // Names a module is asked for by expression ("scale<float>", or a kernel that is not
  // extern "C"): compile() reports the symbol each one lowers to.
  std::vector<std::string> name_expressions;
  Compiler compiler = Compiler::Default;
};

// What a compile produces: the binary (a cubin, PTX, a shared object) and the symbol each of
// the source's name expressions lowered to. The kernel cache stores both.
struct CompiledBinary {
  std::string binary;
  std::map<std::string, std::string> lowered_names;
};

// A loaded module; functions stay valid while the module lives.
class LoadedModule {
 public:
  virtual ~LoadedModule() = default;
  // A kernel's name or one of the source's name expressions; nullptr when the module has
  // no such entry.
  virtual void* function(const std::string& name) = 0;
};

// Per-function facts (RawKernel attributes).
struct FunctionAttributes {
  int max_threads_per_block = 0;
  int num_regs = 0;
  int shared_size_bytes = 0;
  int const_size_bytes = 0;
  int local_size_bytes = 0;
  int ptx_version = 0;
  int binary_version = 0;
  int max_dynamic_shared_size_bytes = 0;
};

// A BLAS element type (the backend knows no dtypes; src/ops maps them).
enum class BlasType : uint8_t { F16, F32, F64, C64, C128 };

// A strided batched matrix product in BLAS's column-major terms:
// C[i] = op(A[i]) · op(B[i]) for i < batch, C m×n, op(A) m×k, op(B) k×n; a stride of 0
// repeats one matrix over the batch. float16 accumulates in float32 (as NumPy and CuPy).
struct GemmCall {
  BlasType type = BlasType::F32;
  bool trans_a = false, trans_b = false;
  int64_t m = 0, n = 0, k = 0, batch = 1;
  const void* a = nullptr;
  int64_t lda = 1, stride_a = 0;
  const void* b = nullptr;
  int64_t ldb = 1, stride_b = 0;
  void* c = nullptr;
  int64_t ldc = 1, stride_c = 0;
  StreamHandle stream = 0;
};

// A dense factorisation or solve on a stack of column-major matrices, as LAPACK's routines
// (device memory throughout; `n` is the order, or the columns with `m` the rows):
// Getrf: A = P L U in place (n×n), n pivots (int32, 1-based) into `ipiv`; Getrs: solves with
// that factorisation (transposed when `trans`) for the n×nrhs `b`; Potrf: the Cholesky factor
// in the `lower` or upper triangle of A.
// Geqrf: A (m×n) = Q R in place, min(m, n) scalings into `tau`; Orgqr: the first n columns of
// Q (m×n) from k = `nrhs` reflectors and `tau` (orgqr, or ungqr for complex).
// Gesvd (m ≥ n): singular values into `w` (real), `job` 'A', 'S' or 'N' for U (m×m or m×n,
// into `u`, `ldu`) and Vᴴ (n×n, into `vt`, `ldvt`); A is overwritten.
// Syevd: the eigenvalues (ascending, real) of the Hermitian n×n A read from its `lower` or
// upper triangle into `w`; its eigenvectors over A when `vectors`.
// Geev: eigenvalues of a general n×n A into `w` (complex; for real types 2n reals: n real
// parts then n imaginary parts) and, when `vectors`, right eigenvectors into `u` (LAPACK's
// packed real pairs for real types). Nonzero info: not converged.
// Gelsd (the CPU backend only): the minimum-norm least-squares X of A (m×n) X = B
// (max(m, n)×nrhs, `b`, `ldb`, X over its first n rows) by SVD; singular values into `w`,
// those ≤ `rcond` × the largest dropped; the effective rank into `rank`.
// A stack holds `batch` problems: problem i's pointers are each advanced by i times that
// pointer's byte stride. With `check`, the stack's infos are read back once and the first
// nonzero is returned; without it the call returns 0 and waits for nothing.
enum class SolverOp : uint8_t { Getrf, Getrs, Potrf, Geqrf, Orgqr, Gesvd, Syevd, Geev, Gelsd };
struct SolverCall {
  SolverOp op = SolverOp::Getrf;
  BlasType type = BlasType::F64;
  int64_t n = 0, nrhs = 0, m = 0;
  void* a = nullptr;
  int64_t lda = 1;
  int32_t* ipiv = nullptr;
  void* b = nullptr;
  int64_t ldb = 1;
  void* tau = nullptr;
  void* w = nullptr;
  void* u = nullptr;
  int64_t ldu = 1;
  void* vt = nullptr;
  int64_t ldvt = 1;
  bool trans = false, lower = true, vectors = true;
  char job = 'N';
  double rcond = -1;
  int64_t* rank = nullptr;
  int64_t batch = 1;
  int64_t stride_a = 0, stride_ipiv = 0, stride_b = 0, stride_tau = 0, stride_w = 0, stride_u = 0,
          stride_vt = 0, stride_rank = 0;
  bool check = true;
  StreamHandle stream = 0;

  // Problem i of the stack, as a call of its own.
  SolverCall at(int64_t i) const {
    SolverCall c = *this;
    auto step = [i](auto* p, int64_t stride) {
      return p ? reinterpret_cast<decltype(p)>(reinterpret_cast<char*>(p) + i * stride) : p;
    };
    c.a = step(a, stride_a), c.ipiv = step(ipiv, stride_ipiv), c.b = step(b, stride_b);
    c.tau = step(tau, stride_tau), c.w = step(w, stride_w), c.u = step(u, stride_u);
    c.vt = step(vt, stride_vt), c.rank = step(rank, stride_rank);
    c.batch = 1;
    return c;
  }
};

// A batched FFT over C-contiguous data: `batch` transforms of rank 1-3 over the trailing
// dimensions `n` (the real side's lengths for R2C and C2R, whose complex side keeps
// n[rank-1]/2+1 along the last axis). Unscaled, in single or double precision. A C2R input
// is scratch: cuFFT may overwrite it.
enum class FftKind : uint8_t { C2C, R2C, C2R };
struct FftCall {
  FftKind kind = FftKind::C2C;
  bool double_precision = false;
  bool inverse = false;  // C2C only: R2C is forward, C2R inverse
  int rank = 1;
  int64_t n[3] = {1, 1, 1};
  int64_t batch = 1;
  const void* in = nullptr;
  void* out = nullptr;
  StreamHandle stream = 0;
};

// A device's FFT plan cache (CuPy's cupy.fft.config.PlanCache): plans kept, least recently
// used dropped first; a max_size of 0 disables it, a max_memsize of -1 means no limit.
struct FftPlanCacheInfo {
  int64_t size = 0, max_size = 16;
  int64_t memsize = 0, max_memsize = -1;
  std::vector<std::string> plans;  // one line per plan, most recently used first
};
struct FftPlanCacheChange {
  int64_t max_size = -2, max_memsize = -2;  // -2: unchanged
  bool clear = false;
};

// A stable sort of unsigned keys (1, 2, 4 or 8 bytes each) in `segments` equal segments of
// n / segments keys, optionally carrying int64 values: CUB's radix sorts on CUDA, a parallel
// radix sort on the CPU. src/ops maps every dtype onto such keys (docs/sorting.md).
struct SortCall {
  int key_bytes = 4;
  int64_t n = 0;
  int64_t segments = 1;
  const void* keys_in = nullptr;  // left unchanged
  void* keys_out = nullptr;
  const int64_t* values_in = nullptr;  // nullptr: keys only
  int64_t* values_out = nullptr;
  StreamHandle stream = 0;
  // Keys are IEEE floats of key_bytes (4 or 8) in one segment, keys only, ordered by the
  // library itself (-0.0 equal to 0.0, NaNs by sign bit); CUDA only, where sort asks for it.
  bool float_keys = false;
};

// An inclusive prefix sum of n contiguous values into `out` of the same type (cumsum of one
// row): float32/64, int32/64, uint32/64. CUB's DeviceScan on CUDA.
enum class ScanType : uint8_t { F32, F64, I32, I64, U32, U64 };
struct ScanCall {
  ScanType type = ScanType::F32;
  int64_t n = 0;
  const void* in = nullptr;
  void* out = nullptr;
  StreamHandle stream = 0;
};

// Counts of n contiguous float32 (F32) or float64 samples in the bins [levels[i],
// levels[i + 1]) of `bins` + 1 increasing levels of the samples' type, into int32 counts.
// CUB's DeviceHistogram on CUDA.
struct HistogramCall {
  ScanType type = ScanType::F32;
  int64_t n = 0;
  const void* samples = nullptr;
  const void* levels = nullptr;
  int bins = 0;
  int32_t* counts = nullptr;
  StreamHandle stream = 0;
};

struct LaunchConfig {
  Dim3 grid;
  Dim3 block;
  size_t shared_mem = 0;
  StreamHandle stream = 0;
};

// cuda.runtime.getDeviceProperties: the device's name and integer facts under the CUDA
// runtime's cudaDeviceProp field names (only those the device kind has).
struct DeviceProperties {
  std::string name;
  std::vector<std::pair<std::string, int64_t>> values;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual DeviceType type() const = 0;
  virtual int device_count() = 0;

  // Memory. allocate raises OutOfMemoryError when it cannot satisfy the request.
  virtual void* allocate(int device, size_t nbytes, StreamHandle stream) = 0;
  virtual void deallocate(int device, void* ptr, size_t nbytes, StreamHandle stream) = 0;
  virtual size_t used_bytes(int device) = 0;
  virtual void copy_to_device(int device, void* dst, const void* host_src, size_t n,
                              StreamHandle stream) = 0;
  // Returns once the bytes are in host_dst: after the stream's earlier work, no sync needed.
  virtual void copy_to_host(int device, void* host_dst, const void* src, size_t n,
                            StreamHandle stream) = 0;
  // copy_to_host of a few bytes (ndarray.item()) into memory from allocate_pinned, or ordinary
  // memory where it gives none: CUDA spins on host memory until the bytes arrive, sooner than a
  // stream synchronize returns.
  virtual void read_to_pinned(int device, void* pinned_dst, const void* src, size_t n,
                              StreamHandle stream) {
    copy_to_host(device, pinned_dst, src, n, stream);
  }
  // Host memory for an array handed to the host that the device writes fastest (page-locked
  // on CUDA), or nullptr: then the caller uses ordinary memory. Released with the array.
  virtual void* acquire_host_buffer(int /*device*/, size_t /*nbytes*/) { return nullptr; }
  virtual void release_host_buffer(int /*device*/, void* /*ptr*/) {}
  // Page-locked host memory that the device reaches by DMA (cupyx.empty_pinned); nullptr
  // where ordinary host memory serves as well (the CPU backend).
  virtual void* allocate_pinned(int /*device*/, size_t /*nbytes*/) { return nullptr; }
  virtual void free_pinned(int /*device*/, void* /*ptr*/) {}
  // Copy within one device, or from another device of the same backend.
  virtual void copy_device(int dst_device, void* dst, int src_device, const void* src, size_t n,
                           StreamHandle stream) = 0;

  // Compilation. The identity names the compiler that compiles `src` (src.compiler) and its
  // target; it is part of every cache key.
  virtual std::string compiler_identity(int device, const KernelSource& src) = 0;
  // Raises CompileError with the log.
  virtual CompiledBinary compile(int device, const KernelSource& src) = 0;
  // `src`'s binary comes from the ahead-of-time pack, not from compile(): a backend that
  // checks every compile (NDGPU_NVRTC_CHECK) checks this source here instead.
  virtual void check_prebuilt(int /*device*/, const KernelSource& /*src*/) {}
  // The module resolves src's name expressions through compiled.lowered_names.
  virtual std::shared_ptr<LoadedModule> load(int device, const CompiledBinary& compiled,
                                             const KernelSource& src) = 0;
  virtual FunctionAttributes attributes(int device, void* function) = 0;
  // The one settable attribute: the dynamic shared memory a launch of `function` may use.
  virtual void set_max_dynamic_shared_size(int device, void* function, int bytes) = 0;

  // Launch with CUDA's argument convention: args[k] points at parameter k's value.
  virtual void launch(int device, void* function, const LaunchConfig& cfg, void** args) = 0;
  virtual void synchronize(int device) = 0;

  // Streams: the CPU backend runs everything in order, so its streams are names only.
  virtual StreamHandle create_stream(int device, bool non_blocking) = 0;
  virtual void destroy_stream(int device, StreamHandle s) = 0;
  virtual void synchronize_stream(int device, StreamHandle s) = 0;

  // Events: the CPU backend runs in order, so its events are host timestamps.
  virtual EventHandle create_event(int device) = 0;
  virtual void destroy_event(int device, EventHandle e) = 0;
  virtual void record_event(int device, EventHandle e, StreamHandle s) = 0;
  virtual void synchronize_event(int device, EventHandle e) = 0;
  virtual float elapsed_ms(int device, EventHandle start, EventHandle end) = 0;

  // The memory pool. A limit of 0 means none; allocations past it raise OutOfMemoryError.
  virtual PoolStats pool_stats(int device) = 0;
  virtual void free_all_blocks(int device) = 0;
  virtual void set_pool_limit(int device, size_t bytes) = 0;
  virtual size_t pool_limit(int device) = 0;

  // Dense linear algebra on the field's libraries (cuBLAS on CUDA, OpenBLAS on the CPU),
  // opened on first use; BackendError naming the library when it cannot be found.
  virtual void gemm(int device, const GemmCall& call) = 0;
  // Runs `call` (cuSOLVER on CUDA, LAPACK on the CPU) and returns LAPACK's info: 0 on
  // success, k > 0 when the k-th pivot or minor fails (singular, not positive definite).
  virtual int solver(int device, const SolverCall& call) = 0;
  // Runs `call` (CUB through libndgpu_cub on CUDA, the thread pool on the CPU).
  virtual void sort(int device, const SortCall& call) = 0;
  // Runs `call` and returns true where the backend has a library scan faster than ndgpu's own
  // scan kernel (CUB on CUDA); false leaves the work to that kernel.
  virtual bool inclusive_sum(int /*device*/, const ScanCall& /*call*/) { return false; }
  // Runs `call` and returns true where the backend has a library histogram (CUB on CUDA);
  // false leaves the work to ndgpu's sort-based histogram.
  virtual bool histogram(int /*device*/, const HistogramCall& /*call*/) { return false; }

  // Runs `call` (cuFFT on CUDA, KissFFT on the CPU) with a plan from the device's cache.
  virtual void fft(int device, const FftCall& call) = 0;
  // Applies `change` to the device's plan cache and describes it.
  virtual FftPlanCacheInfo fft_plan_cache(int device, const FftPlanCacheChange& change) = 0;

  // Occupancy-based grid sizing: how many blocks of `block_threads` fill the device once.
  virtual unsigned resident_blocks(int device, void* function, unsigned block_threads) = 0;

  // Device facts for cuda.runtime. The versions are CUDA's (12040 for 12.4), 0 without CUDA.
  virtual DeviceProperties properties(int device) = 0;
  virtual void mem_get_info(int device, size_t* free_bytes, size_t* total_bytes) = 0;
  virtual int driver_version() { return 0; }
  virtual int runtime_version() { return 0; }

  // Stream ordering beyond synchronize (Stream.done/wait_event/launch_host_func, Event.done,
  // Event flags). The defaults are the CPU backend's: work runs in order and has finished
  // when a call returns, so queries are true, waits are no-ops and host functions run now.
  virtual bool query_stream(int /*device*/, StreamHandle /*s*/) { return true; }
  virtual bool query_event(int /*device*/, EventHandle /*e*/) { return true; }
  virtual void stream_wait_event(int /*device*/, StreamHandle /*s*/, EventHandle /*e*/) {}
  virtual void launch_host_func(int /*device*/, StreamHandle /*s*/, void (*fn)(void*), void* data) {
    fn(data);
  }
  virtual EventHandle create_event_flags(int device, bool /*timing*/, bool /*blocking_sync*/) {
    return create_event(device);
  }
  // Stream capture into a graph that can be launched again (CUDA graphs). The defaults
  // raise BackendError: a backend without graphs says so.
  virtual void begin_capture(int device, StreamHandle s);
  virtual bool is_capturing(int /*device*/, StreamHandle /*s*/) { return false; }
  virtual GraphHandle end_capture(int device, StreamHandle s);
  virtual void launch_graph(int device, GraphHandle g, StreamHandle s);
  virtual void destroy_graph(int /*device*/, GraphHandle /*g*/) {}
};

// Deferred work (docs/architecture.md, "Deferred comparisons"): a large comparison's kernel
// waits until the next backend call or pointer access, so that a where() taking its result
// at once can compute it inline. run_deferred_work() runs what waits; backend_for() and
// NDArray::data() call it, and so must code that hands memory to work outside ndgpu.
namespace detail {
inline std::atomic<bool> deferred_pending{false};
void run_deferred_work_now();
}  // namespace detail
inline void run_deferred_work() {
  if (detail::deferred_pending.load(std::memory_order_acquire)) detail::run_deferred_work_now();
}

// The backend for a device kind; CUDA raises BackendError when no GPU is present.
Backend& backend_for(DeviceType t);
inline Backend& backend_for(Device d) {
  return backend_for(d.type);
}
// backend_for without running deferred work, for releases in destructors (memory, events,
// graphs): they must not throw for other calls' work, and waiting work holds what it reads.
Backend& backend_for_release(DeviceType t);
inline Backend& backend_for_release(Device d) {
  return backend_for_release(d.type);
}
bool cuda_available();
// Starts the run-time compilers' one-time initialisation on a background thread when a GPU
// is likely present (the Python module calls it at import); never blocks.
void warm_up_compilers();
// Runs `task` on a thread of its own; wait_for_background_work() waits for it. Exceptions
// must not escape `task`.
void run_in_background(std::function<void()> task);
// Waits for ndgpu's background work (the compiler warm-up, page-locking of host buffers,
// the quick tier's compiles).
// Call it before a fast exit: NVRTC's internals, which exit() destroys, must not be in use.
// The Python module calls it from an atexit hook.
void wait_for_background_work();

// Where the CPU backend's BLAS is (a shared library exporting cblas_*gemm, or scipy-openblas's
// scipy_cblas_*gemm); NDGPU_BLAS wins when set. `locate` is asked once, on the first product
// on the CPU: the Python module finds scipy-openblas32's then, not at import.
void set_cpu_blas_locator(std::function<std::string()> locate);

// Where libndgpu_cub.so is (the Python module registers the copy beside it); NDGPU_CUB wins
// when set. Read on the first sort on CUDA.
void set_cub_library_path(const std::string& path);

// Each thread's current stream per device (0 = the null stream).
StreamHandle current_stream(Device d);
void set_current_stream(Device d, StreamHandle s);

}  // namespace ndgpu
