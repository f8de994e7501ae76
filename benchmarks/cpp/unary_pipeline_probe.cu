// Unary float32 loops with some arithmetic (log2, expm1, asinh, acosh) on 2^28 elements, as a
// percentage of add's bandwidth: U vectors per thread in one pass (the generated kernels'
// shape), U = 2 with occupancy capped, and a persistent grid whose threads load their next
// vector before computing the current one (one load always in flight per thread).
// Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 benchmarks/cpp/unary_pipeline_probe.cu -o /tmp/upp && /tmp/upp
// H200, 2026-12-03, % of add (two rounds alike):
//   copy  U1 97.4  U2 94.4  U4 93.7  U2 capped 94.3  pipelined 90.2 (x4 grid 91.1)
//   log2  U1 96.0  U2 94.4  U4 93.7  U2 capped 94.3  pipelined 88.2 (90.4)
//   expm1 U1 96.8  U2 94.4  U4 94.1  U2 capped 94.4  pipelined 91.3 (91.2)
//   asinh U1 93.2  U2 94.3  U4 93.6  U2 capped 94.4  pipelined 88.3 (89.6)
//   acosh U1 89.4  U2 94.5  U4 93.4  U2 capped 94.5  pipelined 87.4 (89.0)
// So one vector per thread in one pass is best while the arithmetic hides behind the loads;
// past that, two or four reach about 94.5% and no more, occupancy capped or not; a persistent
// grid with the next load in flight is worse everywhere (the same form of the generated
// kernels measured 88-94% in the ufunc sweep, add itself 6% down).
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "probe_timer.cuh"
#include "unary_ops.cuh"

template <int OP, int U>
__device__ __forceinline__ void one_pass(const F4* x, F4* out, long long nv) {
  const long long b = (long long)blockIdx.x * blockDim.x * U;
  F4 v[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    long long t = b + u * (long long)blockDim.x + threadIdx.x;
    if (t < nv) v[u] = x[t];
  }
#pragma unroll
  for (int u = 0; u < U; ++u) {
    long long t = b + u * (long long)blockDim.x + threadIdx.x;
    if (t < nv) out[t] = f4<OP>(v[u]);
  }
}
template <int OP, int U>
__global__ void __launch_bounds__(256) pass(const F4* x, F4* out, long long nv) {
  one_pass<OP, U>(x, out, nv);
}
template <int OP, int U>
__global__ void __launch_bounds__(256, 4) pass_capped(const F4* x, F4* out, long long nv) {
  one_pass<OP, U>(x, out, nv);
}

// Persistent: each thread strides over the array with its next vector already requested.
template <int OP>
__global__ void __launch_bounds__(256) pipelined(const F4* x, F4* out, long long nv) {
  const long long stride = (long long)gridDim.x * blockDim.x;
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  F4 cur;
  if (t < nv) cur = x[t];
  for (; t < nv; t += stride) {
    const long long tn = t + stride;
    F4 next;
    if (tn < nv) next = x[tn];
    out[t] = f4<OP>(cur);
    cur = next;
  }
}

template <int OP>
void rows(const char* name, const F4* x, F4* o, long long nv, float add_gbps, int sms) {
  const double bytes = 2.0 * 16 * nv;
  auto pct = [&](float ms) { return 100.0 * bytes / (ms * 1e-3) / 1e9 / add_gbps; };
  auto grid = [&](int u) { return unsigned((nv + 256LL * u - 1) / (256LL * u)); };
  float u1 = median_ms([&] { pass<OP, 1><<<grid(1), 256>>>(x, o, nv); });
  float u2 = median_ms([&] { pass<OP, 2><<<grid(2), 256>>>(x, o, nv); });
  float u4 = median_ms([&] { pass<OP, 4><<<grid(4), 256>>>(x, o, nv); });
  float u2c = median_ms([&] { pass_capped<OP, 2><<<grid(2), 256>>>(x, o, nv); });
  int per_sm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pipelined<OP>, 256, 0);
  float p1 = median_ms([&] { pipelined<OP><<<per_sm * sms, 256>>>(x, o, nv); });
  float p4 = median_ms([&] { pipelined<OP><<<per_sm * sms * 4, 256>>>(x, o, nv); });
  std::printf(
      "%-6s U1 %5.1f  U2 %5.1f  U4 %5.1f  U2 capped %5.1f  pipelined %5.1f  x4 %5.1f"
      "  (%d blocks/SM)\n",
      name, pct(u1), pct(u2), pct(u4), pct(u2c), pct(p1), pct(p4), per_sm);
}

int main() {
  const long long n = 1LL << 28, nv = n / 4;
  const ProbeArrays arrays(n);
  const F4 *X = arrays.x, *Y = arrays.y;
  F4* O = arrays.out;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  for (int round = 0; round < 2; ++round) {
    float ms = median_ms([&] { add<<<unsigned(nv / 256), 256>>>(X, Y, O, nv); });
    float add_gbps = float(48.0 * nv / (ms * 1e-3) / 1e9);
    std::printf("round %d: add %.0f GB/s; %% of it:\n", round, add_gbps);
    rows<kCopy>("copy", X, O, nv, add_gbps, prop.multiProcessorCount);
    rows<kLog2>("log2", X, O, nv, add_gbps, prop.multiProcessorCount);
    rows<kExpm1>("expm1", X, O, nv, add_gbps, prop.multiProcessorCount);
    rows<kAsinh>("asinh", X, O, nv, add_gbps, prop.multiProcessorCount);
    rows<kAcosh>("acosh", X, O, nv, add_gbps, prop.multiProcessorCount);
  }
  return cudaGetLastError() != cudaSuccess;
}
