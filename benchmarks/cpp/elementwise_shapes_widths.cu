// Elementwise launch shapes on a GPU machine: binary add and unary ops of other widths
// (f64, int16, int8 vectors of 16 bytes), one, two or four vectors per thread.
// Build: nvcc -O3 -arch=sm_90 -std=c++17 FILE.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>
template <class T, int W>
struct alignas(16) V {
  T v[W];
};
template <int U, class T, int W>
__global__ void __launch_bounds__(256) k_bin(T* out, const T* x, const T* y, long long n) {
  const int nv = int(n / W);
  const int tile = blockDim.x * U;
  using VT = V<T, W>;
  for (int b = blockIdx.x * tile; b < nv; b += gridDim.x * tile) {
    VT r[U], s[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t < nv) {
        r[u] = reinterpret_cast<const VT*>(x)[t];
        s[u] = reinterpret_cast<const VT*>(y)[t];
      }
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t >= nv) break;
#pragma unroll
      for (int k = 0; k < W; ++k) r[u].v[k] = r[u].v[k] + s[u].v[k];
      reinterpret_cast<VT*>(out)[t] = r[u];
    }
  }
}
template <int U, class T, int W, int OP>
__global__ void __launch_bounds__(256) k_un(T* out, const T* x, long long n) {
  const int nv = int(n / W);
  const int tile = blockDim.x * U;
  using VT = V<T, W>;
  for (int b = blockIdx.x * tile; b < nv; b += gridDim.x * tile) {
    VT r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t < nv) r[u] = reinterpret_cast<const VT*>(x)[t];
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      int t = b + u * blockDim.x + threadIdx.x;
      if (t >= nv) break;
#pragma unroll
      for (int k = 0; k < W; ++k)
        r[u].v[k] = OP == 0 ? (T)(r[u].v[k] * (T)2) : (T)sin((double)r[u].v[k]);
      reinterpret_cast<VT*>(out)[t] = r[u];
    }
  }
}
int main() {
  const long long bytes = 1LL << 30;
  char *x, *y, *o;
  cudaMalloc(&x, bytes);
  cudaMalloc(&y, bytes);
  cudaMalloc(&o, bytes);
  cudaMemset(x, 0, bytes);
  cudaMemset(y, 0, bytes);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<std::pair<const char*, std::pair<double, std::function<void()>>>> cases;
  auto g = [&](long long n, int w, int u) { return int((n / w + 256LL * u - 1) / (256LL * u)); };
  const long long nf = bytes / 4, nd = bytes / 8, nb = bytes, nh = bytes / 2;
#define BIN(NAME, T, W, U, N)                                                            \
  cases.push_back({NAME, {3.0 * bytes, [&] {                                             \
                            k_bin<U, T, W><<<g(N, W, U), 256>>>((T*)o, (T*)x, (T*)y, N); \
                          }}});
#define UN(NAME, T, W, U, OP, N) \
  cases.push_back(               \
      {NAME, {2.0 * bytes, [&] { k_un<U, T, W, OP><<<g(N, W, U), 256>>>((T*)o, (T*)x, N); }}})
  BIN("add f32 U1", float, 4, 1, nf);
  BIN("add f32 U2", float, 4, 2, nf);
  BIN("add f32 U4", float, 4, 4, nf);
  BIN("add f64 U1", double, 2, 1, nd);
  BIN("add f64 U4", double, 2, 4, nd);
  BIN("add i8 U1", signed char, 16, 1, nb);
  BIN("add i8 U4", signed char, 16, 4, nb);
  UN("x*2 f64 U1", double, 2, 1, 0, nd);
  UN("x*2 f64 U4", double, 2, 4, 0, nd);
  UN("x*2 i8 U1", signed char, 16, 1, 0, nb);
  UN("x*2 i8 U4", signed char, 16, 4, 0, nb);
  UN("x*2 i16 U1", short, 8, 1, 0, nh);
  UN("x*2 i16 U4", short, 8, 4, 0, nh);
  UN("sin f64 U1", double, 2, 1, 1, nd);
  UN("sin f64 U4", double, 2, 4, 1, nd);
  std::vector<std::vector<float>> ms(cases.size());
  for (int round = 0; round < 7; ++round)
    for (size_t c = 0; c < cases.size(); ++c) {
      auto& f = cases[c].second.second;
      f();
      cudaEventRecord(a);
      for (int r = 0; r < 10; ++r) f();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float t;
      cudaEventElapsedTime(&t, a, b);
      ms[c].push_back(t / 10);
    }
  for (size_t c = 0; c < cases.size(); ++c) {
    std::sort(ms[c].begin(), ms[c].end());
    printf("%-16s %7.0f GB/s\n", cases[c].first, cases[c].second.first / ms[c][3] / 1e6);
  }
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
