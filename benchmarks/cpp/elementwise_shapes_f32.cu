// Elementwise launch shapes on a GPU machine, float32 unary (copy, clip, sin): vectors per
// thread 1/2/4/8, streaming hints, grid sizes. Build: nvcc -O3 -arch=sm_90 -std=c++17 FILE.
// Its numbers chose kVectorsPerThread (src/kernel/elementwise/args.hpp); widths: the sibling.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>
struct alignas(16) V4 {
  float v[4];
};
__device__ __forceinline__ float op_clip(float x) {
  return fminf(fmaxf(x, 0.2f), 0.8f);
}
__device__ __forceinline__ float op_sin(float x) {
  return sinf(x);
}
template <int U, class F>
__global__ void __launch_bounds__(256) k_ours(float* out, const float* in, long long n, F f) {
  const int nv = int(n / 4);
  const int tile = blockDim.x * U;
  for (int b = blockIdx.x * tile; b < nv; b += gridDim.x * tile) {
    V4 r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t < nv) r[u] = reinterpret_cast<const V4*>(in)[t];
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t >= nv) break;
#pragma unroll
      for (int k = 0; k < 4; ++k) r[u].v[k] = f(r[u].v[k]);
      reinterpret_cast<V4*>(out)[t] = r[u];
    }
  }
}
// Loads with the non-coherent/streaming hint, stores with evict-first (.cs).
template <int U, class F>
__global__ void __launch_bounds__(256) k_stream(float* out, const float* in, long long n, F f) {
  const int nv = int(n / 4);
  const int tile = blockDim.x * U;
  for (int b = blockIdx.x * tile; b < nv; b += gridDim.x * tile) {
    float4 r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t < nv) r[u] = __ldcs(reinterpret_cast<const float4*>(in) + t);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t >= nv) break;
      r[u].x = f(r[u].x);
      r[u].y = f(r[u].y);
      r[u].z = f(r[u].z);
      r[u].w = f(r[u].w);
      __stcs(reinterpret_cast<float4*>(out) + t, r[u]);
    }
  }
}
struct Clip {
  __device__ float operator()(float x) const { return op_clip(x); }
};
struct Sin {
  __device__ float operator()(float x) const { return op_sin(x); }
};
struct Id {
  __device__ float operator()(float x) const { return x; }
};
int main() {
  const long long n = 1LL << 28;
  float *in, *out;
  cudaMalloc(&in, n * 4);
  cudaMalloc(&out, n * 4);
  cudaMemset(in, 0, n * 4);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  int sms;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  struct Case {
    const char* name;
    void (*run)(float*, const float*, long long, int);
    int grid;
  };
  auto blocks = [&](int u) { return int((n / 4 + 256LL * u - 1) / (256LL * u)); };
  std::vector<std::pair<const char*, std::function<void()>>> cases;
#define ADD(NAME, K, U, F, G) \
  cases.push_back({NAME, [&, g = (G)] { K<U><<<g, 256>>>(out, in, n, F{}); }});
  ADD("copy  ours U4 one-pass", k_ours, 4, Id, blocks(4));
  ADD("copy  ours U1 one-pass", k_ours, 1, Id, blocks(1));
  ADD("copy  ours U2 one-pass", k_ours, 2, Id, blocks(2));
  ADD("copy  ours U8 one-pass", k_ours, 8, Id, blocks(8));
  ADD("copy  stream U4", k_stream, 4, Id, blocks(4));
  ADD("copy  ours U4 sms*16", k_ours, 4, Id, sms * 16);
  ADD("copy  ours U4 sms*8", k_ours, 4, Id, sms * 8);
  ADD("clip  ours U4 one-pass", k_ours, 4, Clip, blocks(4));
  ADD("clip  ours U1 one-pass", k_ours, 1, Clip, blocks(1));
  ADD("clip  ours U2 one-pass", k_ours, 2, Clip, blocks(2));
  ADD("clip  stream U4", k_stream, 4, Clip, blocks(4));
  ADD("clip  stream U1", k_stream, 1, Clip, blocks(1));
  ADD("clip  ours U4 sms*16", k_ours, 4, Clip, sms * 16);
  ADD("sin   ours U4 one-pass", k_ours, 4, Sin, blocks(4));
  ADD("sin   ours U1 one-pass", k_ours, 1, Sin, blocks(1));
  ADD("sin   ours U2 one-pass", k_ours, 2, Sin, blocks(2));
  ADD("sin   stream U4", k_stream, 4, Sin, blocks(4));
  ADD("sin   stream U1", k_stream, 1, Sin, blocks(1));
  std::vector<std::vector<float>> ms(cases.size());
  for (int round = 0; round < 7; ++round)
    for (size_t c = 0; c < cases.size(); ++c) {
      cases[c].second();
      cudaEventRecord(a);
      for (int r = 0; r < 10; ++r) cases[c].second();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float t;
      cudaEventElapsedTime(&t, a, b);
      ms[c].push_back(t / 10);
    }
  // cudaMemcpy D2D for the copy ceiling.
  std::vector<float> mc;
  for (int round = 0; round < 7; ++round) {
    cudaEventRecord(a);
    for (int r = 0; r < 10; ++r) cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t;
    cudaEventElapsedTime(&t, a, b);
    mc.push_back(t / 10);
  }
  std::sort(mc.begin(), mc.end());
  printf("%-26s %7.0f GB/s\n", "cudaMemcpy D2D", 8.0 * n / mc[3] / 1e6);
  for (size_t c = 0; c < cases.size(); ++c) {
    std::sort(ms[c].begin(), ms[c].end());
    printf("%-26s %7.0f GB/s (best %7.0f)\n", cases[c].first, 8.0 * n / ms[c][3] / 1e6,
           8.0 * n / ms[c][0] / 1e6);
  }
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
