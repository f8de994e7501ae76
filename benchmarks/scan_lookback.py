"""A single-pass float32 inclusive sum with decoupled look-back (Merrill & Garland 2016)
against ndgpu's cumsum (CUB's DeviceScan) on 2^28 values, on a GPU.

    PYTHONPATH=python python3 benchmarks/scan_lookback.py

Kept as the record of a tried alternative for the cumsum row (target 3500 GB/s): on the H200
(2026-12-02) it was exact but reached 2246 GB/s against CUB's 3100, so cumsum stays on CUB.
"""
import time
import numpy as np
import ndgpu as cp

SRC = r'''
struct __align__(16) f4 { float x, y, z, w; };
#define BLOCK 256
#define WARPS (BLOCK / 32)
#define CHUNKS 4            // float4 chunks per thread: 16 values
#define TILE (BLOCK * CHUNKS * 4)
__device__ __forceinline__ unsigned long long ld_status(const unsigned long long* p) {
  return *(const volatile unsigned long long*)p;
}
__device__ __forceinline__ void st_status(unsigned long long* p, unsigned flag, float v) {
  *(volatile unsigned long long*)p = ((unsigned long long)flag << 32) | __float_as_uint(v);
}
__device__ __forceinline__ float warp_inclusive(float v, int lane) {
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const float o = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v += o;
  }
  return v;
}
extern "C" __global__ void __launch_bounds__(BLOCK) scan_f32(const float* in, float* out,
    long long n, unsigned long long* status, unsigned* counter) {
  __shared__ unsigned s_tile;
  __shared__ float s_warp[WARPS];
  __shared__ float s_prefix;
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  if (tid == 0) s_tile = atomicAdd(counter, 1u);
  __syncthreads();
  const unsigned tile = s_tile;
  const long long base = (long long)tile * TILE + (long long)warp * (32 * CHUNKS * 4);
  f4 v[CHUNKS];
#pragma unroll
  for (int j = 0; j < CHUNKS; ++j) {
    const long long at = base + (j * 32 + lane) * 4;
    if (at + 3 < n) v[j] = *(const f4*)(in + at);
    else {
      v[j].x = at < n ? in[at] : 0.f; v[j].y = at + 1 < n ? in[at + 1] : 0.f;
      v[j].z = at + 2 < n ? in[at + 2] : 0.f; v[j].w = 0.f;
    }
  }
  // Within the warp: each chunk of 32 float4s scanned across lanes, chunks in sequence.
  float excl[CHUNKS], running = 0.f;
#pragma unroll
  for (int j = 0; j < CHUNKS; ++j) {
    const float s = (v[j].x + v[j].y) + (v[j].z + v[j].w);
    const float inc = warp_inclusive(s, lane);
    excl[j] = running + inc - s;
    running += __shfl_sync(0xffffffffu, inc, 31);
  }
  if (lane == 31) s_warp[warp] = running;
  __syncthreads();
  if (warp == 0) {
    const float wt = lane < WARPS ? s_warp[lane] : 0.f;
    const float winc = warp_inclusive(wt, lane);
    if (lane < WARPS) s_warp[lane] = winc - wt;  // exclusive prefix of each warp
    const float aggregate = __shfl_sync(0xffffffffu, winc, WARPS - 1);
    float prefix = 0.f;
    if (tile == 0) {
      if (lane == 0) st_status(&status[0], 2u, aggregate);
    } else {
      if (lane == 0) st_status(&status[tile], 1u, aggregate);
      long long pred = (long long)tile - 1;
      for (;;) {
        const long long at = pred - lane;
        unsigned long long w = at >= 0 ? ld_status(&status[at]) : (2ull << 32);
        while (__any_sync(0xffffffffu, (w >> 32) == 0u))
          if ((w >> 32) == 0u) w = ld_status(&status[at]);
        const unsigned pmask = __ballot_sync(0xffffffffu, (w >> 32) == 2u);
        const int first = pmask ? __ffs(pmask) - 1 : 32;
        float x = lane <= first ? __uint_as_float((unsigned)w) : 0.f;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) x += __shfl_xor_sync(0xffffffffu, x, d);
        prefix += x;
        if (pmask) break;
        pred -= 32;
      }
      if (lane == 0) st_status(&status[tile], 2u, prefix + aggregate);
    }
    if (lane == 0) s_prefix = prefix;
  }
  __syncthreads();
  const float offset = s_prefix + s_warp[warp];
#pragma unroll
  for (int j = 0; j < CHUNKS; ++j) {
    f4 r;
    r.x = offset + excl[j] + v[j].x;
    r.y = r.x + v[j].y;
    r.z = r.y + v[j].z;
    r.w = r.z + v[j].w;
    const long long at = base + (j * 32 + lane) * 4;
    if (at + 3 < n) *(f4*)(out + at) = r;
    else {
      if (at < n) out[at] = r.x;
      if (at + 1 < n) out[at + 1] = r.y;
      if (at + 2 < n) out[at + 2] = r.z;
    }
  }
}
'''
TILE = 256 * 16


def bench(f, reps=20):
    f(); cp.cuda.Device().synchronize()
    t = time.perf_counter()
    for _ in range(reps):
        f()
    cp.cuda.Device().synchronize()
    return (time.perf_counter() - t) / reps


mod = cp.RawModule(code=SRC)
k = mod.get_function("scan_f32")
for n in (1 << 28, (1 << 20) + 12345):
    rng = np.random.default_rng(0)
    h = (rng.random(n) < 1 / 32).astype(np.float32)  # every prefix an integer below 2^24: exact
    x = cp.asarray(h)
    out = cp.empty(n, dtype=cp.float32)
    tiles = (n + TILE - 1) // TILE
    status = cp.zeros(tiles, dtype=cp.uint64)
    counter = cp.zeros(1, dtype=cp.uint32)

    def run():
        status.fill(0); counter.fill(0)
        k((tiles,), (256,), (x, out, np.int64(n), status, counter))
    run()
    ok = np.array_equal(cp.asnumpy(out), np.cumsum(h, dtype=np.float64).astype(np.float32))
    t = bench(run)
    t2 = bench(lambda: cp.cumsum(x))
    print(f"n={n}: lookback {2 * 4 * n / t / 1e9:7.1f} GB/s exact={ok}   ndgpu cumsum {2 * 4 * n / t2 / 1e9:7.1f} GB/s")
