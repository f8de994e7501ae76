// Bandwidth of elementwise kernel shapes on 2^28 float32, beside add's: vectors in flight per
// thread (U), streaming stores, the random gather x[idx] at 1-4 vectors of indices per thread,
// and powf with its operands in HBM or resident in L2 (the same rate twice: float-bound).
// Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 benchmarks/cpp/unary_probe.cu -o /tmp/up && /tmp/up
// H200, 2026-12-03 (two rounds alike; % of add U1's 4355 GB/s): add U4 99.4, streaming stores
// 100.1; copy U1 97.6, U2 94.2, U4 94.0, U1 streaming 97.5, U4 streaming 92.5; log2 U1 95.4,
// U4 94.2; rsqrt U4 94.3, U1 streaming 97.5; pow U4 94.0. So more than one vector in flight
// per thread costs a memory-bound loop about 3.5%. SASS (cuobjdump): pow U4 1592 instructions
// per thread (16 elements, ~99 each), log2 U1 160 (4 elements), add U1 56, copy U1 48. Gather:
// U1 35.09 Gelem/s, U2 35.01, U4 34.82, with __ldg the same.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "probe_timer.cuh"

struct __align__(16) F4 {
  float v[4];
};
struct __align__(16) I2 {
  long long v[2];
};
struct __align__(8) F2 {
  float v[2];
};

enum Op { kCopy, kLog2, kRsqrt, kAdd, kPow };

template <int OP>
__device__ __forceinline__ float apply(float x, float y) {
  if (OP == kCopy) return x;
  if (OP == kLog2) return log2f(x);
  if (OP == kRsqrt) return rsqrtf(x);
  if (OP == kAdd) return x + y;
  return powf(x, y);
}

// The generated kernel's vector path: U vectors loaded per thread, then computed and stored.
template <int OP, int U, bool CS>
__global__ void __launch_bounds__(256) ew(const F4* x, const F4* y, F4* out, long long nv) {
  const long long tile = (long long)blockDim.x * U;
  for (long long b = (long long)blockIdx.x * tile; b < nv; b += (long long)gridDim.x * tile) {
    F4 vx[U], vy[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      long long t = b + u * (long long)blockDim.x + threadIdx.x;
      if (t < nv) {
        vx[u] = x[t];
        if (OP == kAdd || OP == kPow) vy[u] = y[t];
      }
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      long long t = b + u * (long long)blockDim.x + threadIdx.x;
      if (t >= nv) break;
      F4 r;
#pragma unroll
      for (int k = 0; k < 4; ++k)
        r.v[k] = apply<OP>(vx[u].v[k], (OP == kAdd || OP == kPow) ? vy[u].v[k] : 0.f);
      if (CS)
        __stcs((float4*)&out[t], *(float4*)&r);
      else
        out[t] = r;
    }
  }
}

// x[idx]: two int64 indices per vector, U vectors per thread; NC reads through the
// read-only path.
template <int U, bool NC>
__global__ void __launch_bounds__(256)
    gather(const float* src, const I2* idx, F2* out, long long nv) {
  const long long tile = (long long)blockDim.x * U;
  for (long long b = (long long)blockIdx.x * tile; b < nv; b += (long long)gridDim.x * tile) {
    I2 vi[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      long long t = b + u * (long long)blockDim.x + threadIdx.x;
      if (t < nv) vi[u] = idx[t];
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      long long t = b + u * (long long)blockDim.x + threadIdx.x;
      if (t >= nv) break;
      F2 r;
#pragma unroll
      for (int k = 0; k < 2; ++k) r.v[k] = NC ? __ldg(src + vi[u].v[k]) : src[vi[u].v[k]];
      out[t] = r;
    }
  }
}

template <int OP, int U, bool CS>
float gbps(const F4* x, const F4* y, F4* o, long long n, int inner = 1) {
  long long nv = n / 4;
  unsigned grid = unsigned((nv + 256LL * U - 1) / (256LL * U));
  float ms = median_ms([&] { ew<OP, U, CS><<<grid, 256>>>(x, y, o, nv); }, 20, inner);
  int words = (OP == kAdd || OP == kPow) ? 3 : 2;
  return float(words * 4.0 * n / (ms * 1e-3) / 1e9);
}

template <int U, bool NC>
float gather_rate(const float* src, const I2* idx, F2* out, long long m) {
  long long nv = m / 2;
  unsigned grid = unsigned((nv + 256LL * U - 1) / (256LL * U));
  float ms = median_ms([&] { gather<U, NC><<<grid, 256>>>(src, idx, out, nv); });
  return float(m / (ms * 1e-3) / 1e9);
}

__global__ void fill(float* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    p[i] = 0.1f + 0.8f * float((i * 2654435761LL) & 0xffff) / 65536.0f;
}
__global__ void fill_idx(long long* p, long long m, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < m;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned long long z = (unsigned long long)i * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ULL;
    p[i] = (long long)((z ^ (z >> 29)) % (unsigned long long)n);
  }
}

int main() {
  const long long n = 1LL << 28, m = 1LL << 26, small = 1LL << 21;
  float *x, *y, *o;
  long long* idx;
  cudaMalloc(&x, n * 4);
  cudaMalloc(&y, n * 4);
  cudaMalloc(&o, n * 4);
  cudaMalloc(&idx, m * 8);
  fill<<<4096, 256>>>(x, n);
  fill<<<4096, 256>>>(y, n);
  fill_idx<<<4096, 256>>>(idx, m, n);
  cudaDeviceSynchronize();
  const F4 *X = (const F4*)x, *Y = (const F4*)y;
  F4* O = (F4*)o;
  for (int round = 0; round < 2; ++round) {
    float add = gbps<kAdd, 1, false>(X, Y, O, n);
    std::printf("round %d: add U1 %.0f GB/s (12 B per element)\n", round, add);
    auto row = [&](const char* name, float g) {
      std::printf("  %-22s %6.0f GB/s  %5.1f%% of add\n", name, g, 100 * g / add);
    };
    row("add U4", gbps<kAdd, 4, false>(X, Y, O, n));
    row("add U1 streaming", gbps<kAdd, 1, true>(X, Y, O, n));
    row("copy U1", gbps<kCopy, 1, false>(X, Y, O, n));
    row("copy U2", gbps<kCopy, 2, false>(X, Y, O, n));
    row("copy U4", gbps<kCopy, 4, false>(X, Y, O, n));
    row("copy U1 streaming", gbps<kCopy, 1, true>(X, Y, O, n));
    row("copy U4 streaming", gbps<kCopy, 4, true>(X, Y, O, n));
    row("log2 U1", gbps<kLog2, 1, false>(X, Y, O, n));
    row("log2 U4", gbps<kLog2, 4, false>(X, Y, O, n));
    row("log2 U1 streaming", gbps<kLog2, 1, true>(X, Y, O, n));
    row("rsqrt U4", gbps<kRsqrt, 4, false>(X, Y, O, n));
    row("rsqrt U1 streaming", gbps<kRsqrt, 1, true>(X, Y, O, n));
    row("pow U4", gbps<kPow, 4, false>(X, Y, O, n));
    row("pow U4 streaming", gbps<kPow, 4, true>(X, Y, O, n));
    // L2-resident (2^21 elements, 24 MB in all): a memory-bound loop runs far faster here.
    float add_l2 = gbps<kAdd, 1, false>(X, Y, O, small, 50);
    float pow_l2 = gbps<kPow, 4, false>(X, Y, O, small, 50);
    float pow_hbm = gbps<kPow, 4, false>(X, Y, O, n);
    std::printf("  L2-resident: add %.0f GB/s, pow %.0f GB/s (%.1f Gelem/s; HBM %.1f)\n", add_l2,
                pow_l2, pow_l2 / 12, pow_hbm / 12);
    for (auto [name, g] :
         {std::pair{"gather U1", gather_rate<1, false>(x, (const I2*)idx, (F2*)o, m)},
          std::pair{"gather U2", gather_rate<2, false>(x, (const I2*)idx, (F2*)o, m)},
          std::pair{"gather U4", gather_rate<4, false>(x, (const I2*)idx, (F2*)o, m)},
          std::pair{"gather U1 nc", gather_rate<1, true>(x, (const I2*)idx, (F2*)o, m)},
          std::pair{"gather U4 nc", gather_rate<4, true>(x, (const I2*)idx, (F2*)o, m)}})
      std::printf("  %-22s %6.2f Gelem/s\n", name, g);
  }
  return cudaGetLastError() != cudaSuccess;
}
