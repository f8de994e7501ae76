// ndgpu's own host time per small op on the CUDA path, without a GPU: the AOT capture backend
// stands in for CUDA (launches do nothing; freed blocks are reused as the pool's are).
// What remains is everything ndgpu does around cuLaunchKernel. Run it under
// `valgrind --tool=callgrind` with two counts to get instructions per call.
// Build (after ninja -C build/me):
//   g++ -O2 -std=c++20 -Iinclude -Isrc -Idevice -Itools benchmarks/cpp/host_path.cpp \
//     build/me/libndgpu_aot_capture.a build/me/libndgpu.a -ldl -lpthread -o build/host_path
//   build/host_path [sum|add|add_out|matmul|einsum|all] [calls]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "aot/capture_backend.hpp"
#include "backend/substitute.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

using namespace ndgpu;

namespace {

template <class F>
double per_call_ns(F&& f, long n) {
  for (int i = 0; i < 1000; ++i) f();
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < n; ++i) f();
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
         n;
}

}  // namespace

int main(int argc, char** argv) {
  const char* which = argc > 1 ? argv[1] : "all";
  const long n = argc > 2 ? std::atol(argv[2]) : 1000000;
  aot::CaptureHooks hooks;
  hooks.reuse_memory = true;
  substitute_cuda_backend(aot::make_capture_backend({90}, std::move(hooks)));
  set_current_device(Device{DeviceType::CUDA, 0});
  NDArray a = empty(Shape{1000}, DType::Float32), b = empty(Shape{1000}, DType::Float32);
  NDArray out = empty(Shape{1000}, DType::Float32);
  std::vector<NDArray> outs{out};
  auto run = [&](const char* name, auto&& f) {
    if (std::strcmp(which, "all") && std::strcmp(which, name)) return;
    std::printf("%-8s %7.1f ns/call\n", name, per_call_ns(f, n));
  };
  run("sum", [&] { sum(a); });
  const auto& add_ufunc = ufunc_handle("add");
  run("add", [&] { call_binary(add_ufunc, a, b); });
  run("add_out", [&] { call_ufunc("add", std::vector<Operand>{a, b}, outs); });
  // The batched matmul row's call (1024 x 64^3 float32: ndgpu's small-product kernel).
  NDArray x = empty(Shape{1024, 64, 64}, DType::Float32),
          y = empty(Shape{1024, 64, 64}, DType::Float32);
  run("matmul", [&] { matmul(x, y); });
  const std::vector<NDArray> xy{x, y};
  run("einsum", [&] { einsum("bij,bjk->bik", xy); });
  return 0;
}
