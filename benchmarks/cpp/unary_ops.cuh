// What the unary probes share: float32 vectors of four, the loops they time, add (the
// baseline) and the input fill (values in [0.1, 0.9]).
#pragma once
#include <cuda_runtime.h>

struct __align__(16) F4 {
  float v[4];
};

enum Op { kCopy, kLog2, kExpm1, kAsinh, kAtanh, kAcosh };

template <int OP>
__device__ __forceinline__ float f(float x) {
  if (OP == kCopy) return x;
  if (OP == kLog2) return log2f(x);
  if (OP == kExpm1) return expm1f(x);
  if (OP == kAsinh) return asinhf(x);
  if (OP == kAtanh) return atanhf(x);
  return acoshf(x + 1.0f);
}

template <int OP>
__device__ __forceinline__ F4 f4(F4 a) {
  F4 r;
#pragma unroll
  for (int k = 0; k < 4; ++k) r.v[k] = f<OP>(a.v[k]);
  return r;
}

__global__ void add(const F4* x, const F4* y, F4* out, long long nv) {
  long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t < nv) {
    F4 a = x[t], b = y[t], r;
    for (int k = 0; k < 4; ++k) r.v[k] = a.v[k] + b.v[k];
    out[t] = r;
  }
}

__global__ void fill(float* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    p[i] = 0.1f + 0.8f * float((i * 2654435761LL) & 0xffff) / 65536.0f;
}

// Two filled inputs and an output of n floats, as vectors (nv = n / 4).
struct ProbeArrays {
  const F4 *x, *y;
  F4* out;
  explicit ProbeArrays(long long n) {
    float *a, *b, *o;
    cudaMalloc(&a, n * 4);
    cudaMalloc(&b, n * 4);
    cudaMalloc(&o, n * 4);
    fill<<<4096, 256>>>(a, n);
    fill<<<4096, 256>>>(b, n);
    x = (const F4*)a, y = (const F4*)b, out = (F4*)o;
  }
};
