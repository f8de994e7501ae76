// Launch cost on this machine: stream kinds, parameter counts, host time per launch against
// the GPU time per kernel (a CUDA graph). Build and run on the GPU machine:
//   nvcc -cubin -arch=sm_90 benchmarks/cpp/launch_cost_kernels.cu -o /tmp/k.cubin
//   g++ -O2 -std=c++17 benchmarks/cpp/launch_cost.cpp -I/usr/local/cuda/include
//   -L/usr/local/cuda/lib64 -lcuda -o /tmp/lc && /tmp/lc /tmp/k.cubin
#include <cuda.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x)                                \
  do {                                       \
    CUresult r_ = (x);                       \
    if (r_) {                                \
      const char* s;                         \
      cuGetErrorName(r_, &s);                \
      std::printf("%s failed: %s\n", #x, s); \
      std::exit(1);                          \
    }                                        \
  } while (0)
using clk = std::chrono::steady_clock;
static double us(clk::time_point a, clk::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}
int main(int argc, char** argv) {
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  CUmodule m;
  CK(cuModuleLoad(&m, argc > 1 ? argv[1] : "launch_cost_kernels.cubin"));
  CUfunction f2, f8, fa;
  CK(cuModuleGetFunction(&f2, m, "noop2"));
  CK(cuModuleGetFunction(&f8, m, "noop8"));
  CK(cuModuleGetFunction(&fa, m, "addk"));
  CUdeviceptr x, y, z;
  CK(cuMemAlloc(&x, 4096 * 4));
  CK(cuMemAlloc(&y, 4096 * 4));
  CK(cuMemAlloc(&z, 4096 * 4));
  CUstream nb;
  CK(cuStreamCreate(&nb, CU_STREAM_NON_BLOCKING));
  struct S {
    const char* name;
    CUstream s;
  } streams[] = {{"legacy0", nullptr}, {"per-thread", CU_STREAM_PER_THREAD}, {"nonblocking", nb}};
  long long n = 1000;
  int v = 1, w = 2;
  long long s = 3, t = 4;
  void* a2[] = {&x, &n};
  void* a8[] = {&x, &y, &z, &n, &v, &w, &s, &t};
  void* aa[] = {&z, &x, &y, &n};
  struct K {
    const char* name;
    CUfunction f;
    void** args;
  } ks[] = {{"noop2", f2, a2}, {"noop8", f8, a8}, {"add1000", fa, aa}};
  const int N = 50000;
  for (auto& st : streams)
    for (auto& k : ks) {
      for (int i = 0; i < 1000; ++i)
        CK(cuLaunchKernel(k.f, 4, 1, 1, 256, 1, 1, 0, st.s, k.args, nullptr));
      CK(cuCtxSynchronize());
      auto t0 = clk::now();
      for (int i = 0; i < N; ++i)
        CK(cuLaunchKernel(k.f, 4, 1, 1, 256, 1, 1, 0, st.s, k.args, nullptr));
      auto t1 = clk::now();
      CK(cuCtxSynchronize());
      auto t2 = clk::now();
      // sync every 32: the queue never fills, so this is host cost + a sync per 32
      auto t3 = clk::now();
      for (int i = 0; i < N / 32; ++i) {
        for (int j = 0; j < 32; ++j)
          CK(cuLaunchKernel(k.f, 4, 1, 1, 256, 1, 1, 0, st.s, k.args, nullptr));
      }
      auto t4 = clk::now();
      CK(cuCtxSynchronize());
      std::printf(
          "launch %-11s %-8s back-to-back host %.2f us/launch, incl sync %.2f us; second loop host "
          "%.2f\n",
          st.name, k.name, us(t0, t1) / N, us(t0, t2) / N, us(t3, t4) / (N / 32 * 32));
    }
  // The same launch with its arguments packed in one buffer (CU_LAUNCH_PARAM_BUFFER_POINTER).
  {
    struct {
      CUdeviceptr z, x, y;
      long long n;
    } buf{z, x, y, n};
    size_t size = sizeof buf;
    void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     CU_LAUNCH_PARAM_END};
    for (int i = 0; i < 1000; ++i)
      CK(cuLaunchKernel(fa, 4, 1, 1, 256, 1, 1, 0, nullptr, nullptr, extra));
    CK(cuCtxSynchronize());
    auto t0 = clk::now();
    for (int i = 0; i < N; ++i)
      CK(cuLaunchKernel(fa, 4, 1, 1, 256, 1, 1, 0, nullptr, nullptr, extra));
    auto t1 = clk::now();
    CK(cuCtxSynchronize());
    std::printf("launch legacy0     add1000 packed buffer host %.2f us/launch\n", us(t0, t1) / N);
  }
  // The legacy stream once other blocking streams exist (as CuPy and PyTorch create them).
  {
    std::vector<CUstream> others(16);
    for (auto& o : others) CK(cuStreamCreate(&o, CU_STREAM_DEFAULT));
    for (auto& st : streams) {
      for (int i = 0; i < 1000; ++i)
        CK(cuLaunchKernel(fa, 4, 1, 1, 256, 1, 1, 0, st.s, aa, nullptr));
      CK(cuCtxSynchronize());
      auto t0 = clk::now();
      for (int i = 0; i < N; ++i) CK(cuLaunchKernel(fa, 4, 1, 1, 256, 1, 1, 0, st.s, aa, nullptr));
      auto t1 = clk::now();
      CK(cuCtxSynchronize());
      std::printf("launch %-11s add1000 with 16 blocking streams alive: host %.2f us/launch\n",
                  st.name, us(t0, t1) / N);
    }
  }
  // Legacy against per-thread default stream, interleaved so that host drift hits both alike.
  for (int round = 0; round < 4; ++round)
    for (CUstream st : {CUstream(nullptr), CU_STREAM_PER_THREAD}) {
      auto t0 = clk::now();
      for (int i = 0; i < N; ++i) CK(cuLaunchKernel(fa, 4, 1, 1, 256, 1, 1, 0, st, aa, nullptr));
      auto t1 = clk::now();
      CK(cuCtxSynchronize());
      std::printf("interleaved round %d %-10s %.2f us/launch\n", round,
                  st ? "per-thread" : "legacy0", us(t0, t1) / N);
    }
  // GPU-side per-kernel time: a graph of 1000 launches
  for (auto& k : ks) {
    CUstream cs;
    CK(cuStreamCreate(&cs, CU_STREAM_NON_BLOCKING));
    CK(cuStreamBeginCapture(cs, CU_STREAM_CAPTURE_MODE_GLOBAL));
    for (int i = 0; i < 1000; ++i)
      CK(cuLaunchKernel(k.f, 4, 1, 1, 256, 1, 1, 0, cs, k.args, nullptr));
    CUgraph g;
    CK(cuStreamEndCapture(cs, &g));
    CUgraphExec ge;
    CK(cuGraphInstantiate(&ge, g, 0));
    CK(cuGraphLaunch(ge, cs));
    CK(cuStreamSynchronize(cs));
    auto t0 = clk::now();
    for (int r = 0; r < 10; ++r) CK(cuGraphLaunch(ge, cs));
    CK(cuStreamSynchronize(cs));
    std::printf("graph %-8s GPU per kernel %.2f us\n", k.name, us(t0, clk::now()) / 10000);
  }
  // pointer query costs that may be on our path
  auto t0 = clk::now();
  CUcontext c;
  for (int i = 0; i < N; ++i) cuCtxGetCurrent(&c);
  std::printf("cuCtxGetCurrent %.3f us\n", us(t0, clk::now()) / N);
  return 0;
}
