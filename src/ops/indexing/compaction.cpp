// x[mask] for a mask of x's shape: two passes over tiles of the mask instead of a full
// cumsum. Pass 0 counts each tile's true elements; a scan of those counts (one per tile, a
// few thousand) gives each tile's start; pass 1 re-reads the tile and writes its elements at
// start + rank, the rank from a block-wide scan on CUDA (a plain loop on the CPU).
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

// 256 threads of 16 mask bytes each: one 16-byte load per thread.
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
#endif

// The mask bytes of elements [b, b + 16) as flags; a 16-byte load when whole and aligned.
__device__ inline void load_flags(const unsigned char* m, long long b, long long n, bool* f) {
#ifdef NDGPU_DEVICE_CUDA
  if (b + 16 <= n && (((unsigned long long)(m + b)) & 15) == 0) {
    uint4 v = *(const uint4*)(m + b);
    unsigned w[4] = {v.x, v.y, v.z, v.w};
    for (int k = 0; k < 16; ++k) f[k] = (w[k >> 2] >> ((k & 3) * 8)) & 0xffu;
    return;
  }
#endif
  for (int k = 0; k < 16; ++k) f[k] = b + k < n && m[b + k];
}

extern "C" __global__ void NAME(const unsigned char* m, const _val_t* x, _val_t* out,
                                long long n, long long tile, long long* counts, int phase) {
  const long long t = blockIdx.x, start = t * tile, end = ndgpu::min_(start + tile, n);
#ifdef NDGPU_DEVICE_CUDA
  const long long b = start + (long long)threadIdx.x * 16;
  bool f[16];
  load_flags(m, b, end, f);
  int c = 0;
  for (int k = 0; k < 16; ++k) c += f[k];
  if (phase == 0) {
    int sum = 0;
    block_exclusive_scan(c, &sum);
    if (threadIdx.x == 0) counts[t] = sum;
    return;
  }
  int sum = 0;
  long long at = (t ? counts[t - 1] : 0) + block_exclusive_scan(c, &sum);
  for (int k = 0; k < 16; ++k)
    if (f[k]) out[at++] = x[b + k];
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
