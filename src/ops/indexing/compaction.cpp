// x[mask] for a mask of x's shape: two passes over tiles of the mask instead of a full
// cumsum. Pass 0 counts each tile's true elements; a scan of those counts (one per tile, a
// few thousand) gives each tile's start; pass 1 re-reads the tile and writes its elements at
// start + rank, ranks from warp scans on CUDA (a plain loop on the CPU).
#include <map>
#include <mutex>

#include "kernel/cache/lookup.hpp"
#include "kernel/codegen_common.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu::ops {
namespace {

// 256 threads (8 warps of 512 elements): 16 mask bytes per thread in the count.
constexpr int kThreads = 256, kItems = 16, kCudaTile = kThreads * kItems;
constexpr int64_t kCpuTile = 1 << 16;

const char* kCompactSource = R"(
// Ranks of this thread's true elements: an exclusive scan of per-thread counts over the block.
#ifdef NDGPU_DEVICE_CUDA
__device__ int block_exclusive_scan(int c, int* total) {
  __shared__ int warp_sums[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
  int incl = c;
  for (int d = 1; d < 32; d <<= 1) {
    int up = __shfl_up_sync(0xffffffffu, incl, d);
    if (lane >= d) incl += up;
  }
  if (lane == 31) warp_sums[warp] = incl;
  __syncthreads();
  if (warp == 0) {
    int w = lane < nwarps ? warp_sums[lane] : 0, wi = w;
    for (int d = 1; d < 32; d <<= 1) {
      int up = __shfl_up_sync(0xffffffffu, wi, d);
      if (lane >= d) wi += up;
    }
    if (lane < nwarps) warp_sums[lane] = wi - w;
    if (lane == nwarps - 1) warp_sums[31] = wi;
  }
  __syncthreads();
  *total = warp_sums[31];
  return warp_sums[warp] + incl - c;
}

// How many of w's four bytes are nonzero (a bool viewed from other bytes may hold 2..255).
__device__ inline int nonzero_bytes(unsigned w) {
  return __popc((((w & 0x7f7f7f7fu) + 0x7f7f7f7fu) | w) & 0x80808080u);
}

// The number of true mask bytes in [b, b + 16) below n; a 16-byte load when whole and aligned.
__device__ inline int count16(const unsigned char* m, long long b, long long n) {
  if (b + 16 <= n && (((unsigned long long)(m + b)) & 15) == 0) {
    const uint4 v = *(const uint4*)(m + b);
    return nonzero_bytes(v.x) + nonzero_bytes(v.y) + nonzero_bytes(v.z) + nonzero_bytes(v.w);
  }
  int c = 0;
  for (int k = 0; k < 16; ++k) c += b + k < n && m[b + k];
  return c;
}

// Elements [e, e + 4) and their flags; 16-byte loads of 4-byte values when whole and aligned.
__device__ inline void load4(const unsigned char* m, const _val_t* x, long long e, long long n,
                             bool vec, _val_t* v, bool* f) {
  if (vec && e + 4 <= n) {
    const unsigned mw = *(const unsigned*)(m + e);
    for (int k = 0; k < 4; ++k) f[k] = (mw >> (8 * k)) & 0xffu;
    if (sizeof(_val_t) == 4) {
      const uint4 q = *(const uint4*)(x + e);
      const _val_t* qv = (const _val_t*)&q;
      for (int k = 0; k < 4; ++k) v[k] = qv[k];
      return;
    }
  } else {
    for (int k = 0; k < 4; ++k) f[k] = e + k < n && m[e + k];
  }
  for (int k = 0; k < 4; ++k)
    if (f[k]) v[k] = x[e + k];
}
#endif

// Pass 0 stores each tile's count. Pass 1: each warp takes 512 elements in rounds of 128,
// 4 per lane; a warp scan ranks the kept ones, which are staged in shared memory and then
// written as one contiguous run, so both reads and writes are coalesced.
extern "C" __global__ void NAME(const unsigned char* m, const _val_t* x, _val_t* out,
                                long long n, long long tile, long long* counts, int phase) {
  const long long t = blockIdx.x, start = t * tile, end = ndgpu::min_(start + tile, n);
#ifdef NDGPU_DEVICE_CUDA
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const long long sub = start + (long long)warp * 512;
  const int c = count16(m, sub + lane * 16, end);
  if (phase == 0) {
    int sum = 0;
    block_exclusive_scan(c, &sum);
    if (threadIdx.x == 0) counts[t] = sum;
    return;
  }
  int wc = c;
  for (int d = 16; d; d >>= 1) wc += __shfl_xor_sync(0xffffffffu, wc, d);
  __shared__ int warp_counts[8];
  __shared__ __align__(16) unsigned char staging[8 * 128 * sizeof(_val_t)];
  _val_t* buf = (_val_t*)staging + warp * 128;
  if (lane == 0) warp_counts[warp] = wc;
  __syncthreads();
  long long at = t ? counts[t - 1] : 0;
  for (int w = 0; w < warp; ++w) at += warp_counts[w];
  const bool vec = ((((unsigned long long)m) & 3) | (((unsigned long long)x) & 15)) == 0;
  for (int r = 0; r < 4; ++r) {
    _val_t v[4];
    bool f[4];
    load4(m, x, sub + r * 128 + lane * 4, end, vec, v, f);
    const int cnt = f[0] + f[1] + f[2] + f[3];
    int incl = cnt;
    for (int d = 1; d < 32; d <<= 1) {
      const int up = __shfl_up_sync(0xffffffffu, incl, d);
      if (lane >= d) incl += up;
    }
    int p = incl - cnt;
    for (int k = 0; k < 4; ++k)
      if (f[k]) buf[p++] = v[k];
    const int total = __shfl_sync(0xffffffffu, incl, 31);
    __syncwarp();
    for (int j = lane; j < total; j += 32) out[at + j] = buf[j];
    __syncwarp();
    at += total;
  }
#else
  if (phase == 0) {
    long long c = 0;
    for (long long i = start; i < end; ++i) c += m[i] != 0;
    counts[t] = c;
    return;
  }
  long long at = t ? counts[t - 1] : 0;
  for (long long i = start; i < end; ++i)
    if (m[i]) out[at++] = x[i];
#endif
}
)";

kernel::CompiledKernel compact_kernel(Device device, DType t) {
  static std::mutex mu;
  static std::map<std::pair<std::string, DType>, kernel::CompiledKernel> cache;
  std::lock_guard lk(mu);
  auto key = std::make_pair(device.str(), t);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  std::string name = std::string("ndgpu_compact_") + dtype_name(t);
  std::string body = kCompactSource;
  body.replace(body.find("NAME"), 4, name);
  KernelSource src;
  src.source =
      "#include \"ndgpu/common.cuh\"\n#include \"ndgpu/complex.cuh\"\n"
      "#include \"ndgpu/float16.cuh\"\ntypedef " +
      kernel::kernel_ctype(t) + " _val_t;\n" + body;
  src.entries.push_back({name,
                         {"const unsigned char*", "const _val_t*", "_val_t*", "long long",
                          "long long", "long long*", "int"}});
  src.name_hint = name;
  return cache.emplace(key, kernel::get_kernel(device, src)).first->second;
}

void launch(Device device, const kernel::CompiledKernel& k, int64_t tiles, const NDArray& m,
            const NDArray& x, NDArray* out, int64_t tile, const NDArray& counts, int phase) {
  kernel::ArgPack pack;
  pack.push(static_cast<const unsigned char*>(m.data()));
  pack.push(static_cast<const void*>(x.data()));
  pack.push(out ? out->data() : nullptr);
  pack.push(static_cast<long long>(m.size()));
  pack.push(static_cast<long long>(tile));
  pack.push(static_cast<long long*>(counts.data()));
  pack.push(phase);
  LaunchConfig cfg;
  cfg.stream = current_stream(device);
  cfg.grid.x = unsigned(tiles);
  cfg.block.x = device.type == DeviceType::CPU ? 1 : kThreads;
  backend_for(device).launch(device.index, k.function, cfg, pack.pointers());
}

}  // namespace

NDArray compact(const NDArray& mask, const NDArray& values) {
  if (mask.size() == 0) return empty(Shape{0}, values.dtype());
  NDArray m = mask.astype(DType::Bool, false, Order::C);
  NDArray x = values.astype(values.dtype(), false, Order::C);
  Device device = current_device();
  int64_t tile = device.type == DeviceType::CPU ? kCpuTile : kCudaTile;
  int64_t tiles = (m.size() + tile - 1) / tile;
  kernel::CompiledKernel k = compact_kernel(device, x.dtype());
  NDArray counts = empty(Shape{tiles}, DType::Int64);
  launch(device, k, tiles, m, x, nullptr, tile, counts, 0);
  NDArray starts = cumsum(counts, std::nullopt, DType::Int64);  // inclusive: tile t ends here
  int64_t count = 0;
  starts.index(std::vector<IndexItem>{int64_t(-1)}).to_host(&count);
  NDArray out = empty(Shape{count}, x.dtype());
  if (count > 0) launch(device, k, tiles, m, x, &out, tile, starts, 1);
  return out;
}

}  // namespace ndgpu::ops
