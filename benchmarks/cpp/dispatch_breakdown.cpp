// Where the host time of one small elementwise op goes on the current backend:
// allocation, the whole C++ ufunc path, and a bare launch of an already compiled kernel.
// Build: g++ -O2 -std=c++20 -Iinclude -Isrc -Idevice dispatch_breakdown.cpp build/gpu/libndgpu.a
// -ldl -lpthread
#include <chrono>
#include <cstdio>
#include <vector>

#include "kernel/cache/lookup.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

using namespace ndgpu;
using clk = std::chrono::steady_clock;

template <class F>
double per_call_us(F&& f, int n) {
  f();
  backend_for(current_device()).synchronize(current_device().index);
  auto t0 = clk::now();
  for (int i = 0; i < n; ++i) f();
  backend_for(current_device()).synchronize(current_device().index);
  return std::chrono::duration<double, std::micro>(clk::now() - t0).count() / n;
}

int main() {
  const int n = 200000;
  NDArray a = ones(Shape{1000}, DType::Float32), b = ones(Shape{1000}, DType::Float32);
  KernelSource src;
  src.name_hint = "noop";
  src.source = "extern \"C\" __global__ void noop(float* x, long long n) {}";
  src.entries.push_back({"noop", {"float*", "long long"}});
  auto k = kernel::get_kernel(current_device(), src);
  Backend& be = backend_for(current_device());
  float* p = static_cast<float*>(a.data());
  long long cnt = 1000;
  void* args[] = {&p, &cnt};
  LaunchConfig cfg;
  cfg.block.x = 256;
  NDArray out = empty(Shape{1000}, DType::Float32);
  std::vector<NDArray> outs{out};
  // Rounds interleave the cases, so that drift of the host hits each alike.
  for (int round = 0; round < 3; ++round) {
    std::printf(
        "round %d: empty(1000 f32) %.2f | add %.2f | add out= %.2f | sum %.2f | bare launch %.2f "
        "us\n",
        round, per_call_us([] { empty(Shape{1000}, DType::Float32); }, n),
        per_call_us([&] { add(a, b); }, n),
        per_call_us(
            [&] {
              call_ufunc("add", std::vector<Operand>{a, b}, outs);
            },
            n),
        per_call_us([&] { sum(a); }, n),
        per_call_us([&] { be.launch(current_device().index, k.function, cfg, args); }, n));
  }
  return 0;
}
