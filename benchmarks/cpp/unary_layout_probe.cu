// Unary float32 loops on 2^28 elements as a percentage of add's bandwidth, by where a thread's
// U vectors (16 bytes each) lie: L0 a block's U tiles of blockDim vectors, thread t at t in
// each (the generated kernels' layout before 2026-12-03); L1 a warp's U * 32 vectors
// adjacent, lane l at u * 32 + l (the layout since).
// Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 benchmarks/cpp/unary_layout_probe.cu -o /tmp/ulp && /tmp/ulp
// H200, 2026-12-03, % of add (three rounds on two machines; registers in brackets):
//   copy   U1 96.6-97.8  U4 L0 92.6-93.7  U4 L1 94.0-95.3  U8 L1 93.6-94.3
//   log2   U1 94.3-95.5  U4 L0 92.3-93.2  U4 L1 94.4-94.9  U8 L1 93.4-94.1
//   expm1  U1 95.1-96.5  U4 L0 92.9-94.3 (40)  U4 L1 94.2-95.5 (32)
//   asinh  U1 91.2-93.4  U4 L0 92.3-93.7  U4 L1 94.3-95.7
//   atanh  U1 92.9-93.9  U4 L0 92.4-93.8  U4 L1 94.2-95.7
//   acosh  U1 86.5-89.2  U4 L0 92.3-93.6  U4 L1 94.1-95.6
// So L1 is worth 1.5-2 points wherever more than one vector is needed; eight vectors gain
// nothing over four, and a register cap of 32 (launch bounds 256, 8) changes nothing.
#include <cuda_runtime.h>
#include <cstdio>

#include "probe_timer.cuh"
#include "unary_ops.cuh"

// Vector u of this thread under layout L.
template <int U, int L>
__device__ __forceinline__ long long vector_index(int u) {
  const long long b = (long long)blockIdx.x * blockDim.x * U;
  const int t = threadIdx.x;
  if (L == 0) return b + u * (long long)blockDim.x + t;
  return b + (t & ~31) * (long long)U + u * 32 + (t & 31);
}

template <int OP, int U, int L>
__global__ void __launch_bounds__(256) pass(const F4* x, F4* out, long long nv) {
  F4 v[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const long long t = vector_index<U, L>(u);
    if (t < nv) v[u] = x[t];
  }
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const long long t = vector_index<U, L>(u);
    if (t < nv) out[t] = f4<OP>(v[u]);
  }
}

template <class K>
int registers(K kernel) {
  cudaFuncAttributes a;
  cudaFuncGetAttributes(&a, kernel);
  return a.numRegs;
}

template <int OP, int U, int L>
void cell(const F4* x, F4* o, long long nv, float add_gbps) {
  const unsigned grid = unsigned((nv + 256LL * U - 1) / (256LL * U));
  const float ms = median_ms([&] { pass<OP, U, L><<<grid, 256>>>(x, o, nv); });
  const double pct = 100.0 * 2.0 * 16 * nv / (ms * 1e-3) / 1e9 / add_gbps;
  std::printf("  U%d L%d %5.1f (%d)", U, L, pct, registers(pass<OP, U, L>));
}

template <int OP>
void row(const char* name, const F4* x, F4* o, long long nv, float add_gbps) {
  std::printf("%-6s", name);
  cell<OP, 1, 0>(x, o, nv, add_gbps);
  cell<OP, 4, 0>(x, o, nv, add_gbps);
  cell<OP, 2, 1>(x, o, nv, add_gbps);
  cell<OP, 4, 1>(x, o, nv, add_gbps);
  cell<OP, 8, 1>(x, o, nv, add_gbps);
  std::printf("\n");
}

int main() {
  const long long n = 1LL << 28, nv = n / 4;
  const ProbeArrays arrays(n);
  const F4 *X = arrays.x, *Y = arrays.y;
  F4* O = arrays.out;
  for (int round = 0; round < 2; ++round) {
    const float ms = median_ms([&] { add<<<unsigned(nv / 256), 256>>>(X, Y, O, nv); });
    const float add_gbps = float(48.0 * nv / (ms * 1e-3) / 1e9);
    std::printf("round %d: add %.0f GB/s; %% of it (registers):\n", round, add_gbps);
    row<kCopy>("copy", X, O, nv, add_gbps);
    row<kLog2>("log2", X, O, nv, add_gbps);
    row<kExpm1>("expm1", X, O, nv, add_gbps);
    row<kAsinh>("asinh", X, O, nv, add_gbps);
    row<kAtanh>("atanh", X, O, nv, add_gbps);
    row<kAcosh>("acosh", X, O, nv, add_gbps);
  }
  return cudaGetLastError() != cudaSuccess;
}
