// histogram with equal bins in one read of the data: each value's bin by NumPy's own
// arithmetic, counted in shared-memory histograms (one per lane on CUDA, so a warp's atomics
// never collide) that each block adds to the result once. The same kernel runs on the CPU.
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernel/cache/lookup.hpp"
#include "kernel/codegen_common.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ops/sorting/histogram_parts.hpp"

namespace ndgpu::ops::sorting {
namespace {

constexpr int kCudaThreads = 512;  // at most 40 registers: three blocks per SM (launch bounds)
constexpr int kSharedBudget = 32 * 1024;  // bytes of counters per block (4 blocks fill an SM)
constexpr int kSharedMax = 48 * 1024;     // the most a block gets without opting in

// NumPy's histogram for equal bins: a value v in [lo, hi] goes to bin trunc((v - lo) / denom
// * bins) (bins - 1 when that is bins), one down when v < edges[i], one up when v >=
// edges[i + 1] (except in the last bin), all in NumPy's types: the subtraction in the edges'
// type _bin_t, the division and product in _div_t. exact_bin does just that. Most values
// skip it: their estimate (v - lo) * scale sits more than `tol` bins away from any integer,
// which covers both the estimate's rounding and the edges' distance from the exact grid, so
// NumPy's index is its floor and neither edge comparison can move it.
const char* kSource = R"(
__device__ __forceinline__ float hist_floor(float v) { return floorf(v); }
__device__ __forceinline__ double hist_floor(double v) { return floor(v); }

__device__ __forceinline__ int exact_bin(_bin_t v, const _bin_t* edges, int bins, _bin_t lo,
                                         _div_t denom) {
  const _bin_t d = v - lo;
  const _div_t f = (_div_t)d / denom * (_div_t)bins;
  long long i = f < (_div_t)bins ? (long long)f : (long long)bins - 1;
  if (i < 0) i = 0;
  if (i > 0 && v < edges[i]) --i;
  if (i != bins - 1 && v >= edges[i + 1]) ++i;
  return (int)i;
}

extern "C" __global__ void __launch_bounds__(512, 3) NAME(const _in_t* x, long long n, const _bin_t* edges, int bins,
                                _bin_t lo, _bin_t hi, _bin_t scale, _bin_t tol, _div_t denom,
                                int replicas, long long chunk, unsigned long long* counts) {
  extern __shared__ unsigned int hist_[];
  for (int i = threadIdx.x; i < bins * replicas; i += blockDim.x) hist_[i] = 0;
  __syncthreads();
  const int rep = replicas ? (threadIdx.x & 31) & (replicas - 1) : 0;
  const _bin_t upper = (_bin_t)1 - tol, nb = (_bin_t)bins;
  auto count = [&](_in_t raw) {
    const _bin_t v = (_bin_t)raw;
    if (!(v >= lo && v <= hi)) return;  // NumPy's range filter (drops NaN too)
    const _bin_t f = (v - lo) * scale, whole = hist_floor(f), part = f - whole;
    const int b = part > tol && part < upper && whole < nb ? (int)whole
                                                           : exact_bin(v, edges, bins, lo, denom);
    if (replicas)
      atomicAdd(&hist_[b * replicas + rep], 1u);
    else
      atomicAdd(&counts[b], 1ull);
  };
  // Values before the first 16-byte boundary and after the last whole vector.
  const int vec = 16 / sizeof(_in_t);
  long long head = (long long)((16 - ((unsigned long long)x & 15)) & 15) / (long long)sizeof(_in_t);
  if (head > n) head = n;
  const long long nvec = (n - head) / vec, tail = head + nvec * vec;
  if (blockIdx.x == 0)
    for (long long i = threadIdx.x; i < head; i += blockDim.x) count(x[i]);
  if (blockIdx.x == gridDim.x - 1)
    for (long long i = tail + threadIdx.x; i < n; i += blockDim.x) count(x[i]);
  // This block's run of vectors, two loads in flight per thread; copied out of the vector
  // (the CPU's compiler assumes no aliasing between uint4 and _in_t).
  const uint4* v = (const uint4*)(x + head);
  auto count_vec = [&](const uint4& w) {
    _in_t e[16 / sizeof(_in_t)];
    memcpy(e, &w, 16);
    for (int k = 0; k < vec; ++k) count(e[k]);
  };
  const long long b0 = (long long)blockIdx.x * chunk;
  const long long b1 = b0 + chunk < nvec ? b0 + chunk : nvec;
  long long j = b0 + threadIdx.x;
  for (; j + (long long)blockDim.x < b1; j += 2 * (long long)blockDim.x) {
    const uint4 p = v[j], q = v[j + blockDim.x];
    count_vec(p);
    count_vec(q);
  }
  if (j < b1) count_vec(v[j]);
  __syncthreads();
  // Each lane starts at a different replica, so the reads of a warp hit distinct banks.
  for (int b = threadIdx.x; b < bins && replicas; b += blockDim.x) {
    unsigned int s = 0;
    for (int r = 0; r < replicas; ++r) s += hist_[b * replicas + ((r + b) & (replicas - 1))];
    if (s) atomicAdd(&counts[b], (unsigned long long)s);
  }
}
)";

struct Types {
  DType bin, div;
};

kernel::CompiledKernel even_kernel(Device device, DType in, Types t) {
  const std::string name = std::string("ndgpu_histogram_even_") + dtype_name(in) + "_" +
                           dtype_name(t.bin) + "_" + dtype_name(t.div);
  return kernel::named_kernel(device, name, [&] {
    std::string body = kSource;
    body.replace(body.find("NAME"), 4, name);
    KernelSource src;
    src.source = "#include \"ndgpu/common.cuh\"\ntypedef " + kernel::kernel_ctype(in) +
                 " _in_t;\ntypedef " + kernel::kernel_ctype(t.bin) + " _bin_t;\ntypedef " +
                 kernel::kernel_ctype(t.div) + " _div_t;\n" + body;
    src.entries.push_back(
        {name,
         {"const _in_t*", "long long", "const _bin_t*", "int", "_bin_t", "_bin_t", "_bin_t",
          "_bin_t", "_div_t", "int", "long long", "unsigned long long*"}});
    src.name_hint = name;
    src.options.push_back("-fmad=false");  // NumPy rounds the quotient before the product
    return src;
  });
}

template <class T>
void push_as(kernel::ArgPack& pack, DType t, T v) {
  if (t == DType::Float32)
    pack.push(float(v));
  else
    pack.push(double(v));
}

// Per-lane copies of the counters that fit kSharedBudget (a power of two up to 32), 1 for a
// single-thread block, 0 when not even one copy fits in shared memory.
int replicas_for(int64_t bins, unsigned threads) {
  const int64_t bytes = bins * int64_t(sizeof(uint32_t));
  if (bytes > kSharedMax) return 0;
  int r = 1;
  while (threads > 1 && r < 32 && 2 * r * bytes <= kSharedBudget) r *= 2;
  return r;
}

bool covered(DType t) {
  return t == DType::Float32 || t == DType::Float64 || (is_integer(t) && t != DType::Bool);
}

}  // namespace

std::optional<NDArray> equal_bin_counts(const NDArray& a, const NDArray& edges,
                                        const EqualBins& e) {
  const DType in = a.dtype();
  // NumPy's edges are float64 for integer data; float16 arithmetic is left to the sort path.
  const Types t{in == DType::Float32 ? DType::Float32 : DType::Float64,
                in == DType::Float32 && !e.range_given ? DType::Float32 : DType::Float64};
  if (!covered(in) || edges.dtype() != t.bin || e.bins < 1 ||
      e.bins > std::numeric_limits<int>::max() / 32)
    return std::nullopt;
  Device device = current_device();
  NDArray counts = zeros(Shape{e.bins}, DType::Int64);
  NDArray data = ascontiguousarray(ravel(a));
  const int64_t n = data.size();
  if (n == 0) return counts;
  NDArray edge_arr = ascontiguousarray(edges);
  // NumPy's denominator: last - first in the edges' own scalars' type (float32 only when
  // they came from float32 data), its lo and hi the range rounded to the edges' type.
  const bool f32 = t.bin == DType::Float32;
  const double denom =
      t.div == DType::Float32 ? double(float(e.last) - float(e.first)) : e.last - e.first;
  const double lo = f32 ? double(float(e.first)) : e.first;
  const double hi = f32 ? double(float(e.last)) : e.last;
  const double bins = double(e.bins);
  const double unit = f32 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
  const double span = std::max(std::fabs(e.first), std::fabs(e.last)) + denom;
  double tol = 8 * unit * bins * (1 + span / denom);
  if (!std::isfinite(tol) || tol >= 0.25) tol = 2;  // every value takes NumPy's arithmetic
  kernel::CompiledKernel k = even_kernel(device, in, t);
  const bool cuda = device.type == DeviceType::CUDA;
  // Small inputs on the CPU run 64-thread blocks too, so the tests cover the CUDA layout.
  const unsigned threads = cuda ? kCudaThreads : n <= (int64_t(1) << 14) ? 64 : 1;
  const int replicas = replicas_for(e.bins, threads);
  const int64_t vec = 16 / int64_t(itemsize(in));
  const int64_t nvec = n / vec + 1;
  const int64_t per_block = int64_t(threads) * (cuda ? 8 : threads > 1 ? 2 : 1 << 14);
  const int64_t fill =
      int64_t(backend_for(device).resident_blocks(device.index, k.function, threads));
  // At least one block per 2^31 values: a block's shared counters are 32-bit.
  const int64_t blocks = std::max<int64_t>(
      (n >> 31) + 1, std::min((nvec + per_block - 1) / per_block, cuda ? fill : fill * 4));
  kernel::ArgPack pack;
  pack.push(static_cast<const void*>(data.data()));
  pack.push(static_cast<long long>(n));
  pack.push(static_cast<const void*>(edge_arr.data()));
  pack.push(int(e.bins));
  push_as(pack, t.bin, lo);
  push_as(pack, t.bin, hi);
  push_as(pack, t.bin, bins / denom);
  push_as(pack, t.bin, tol);
  push_as(pack, t.div, denom);
  pack.push(replicas);
  pack.push(static_cast<long long>((nvec + blocks - 1) / blocks));
  pack.push(static_cast<unsigned long long*>(counts.data()));
  LaunchConfig cfg;
  cfg.stream = current_stream(device);
  cfg.grid.x = unsigned(blocks);
  cfg.block.x = threads;
  cfg.shared_mem = size_t(replicas) * size_t(e.bins) * sizeof(uint32_t);
  backend_for(device).launch(device.index, k.function, cfg, pack.pointers());
  return counts;
}

}  // namespace ndgpu::ops::sorting
