// The seed's examples (examples/seed_examples.py) in C++, line for line, built against the
// installed CMake package (scripts/cpp_example.sh). Arrays are printed as NumPy prints them.
#include <ndgpu/ndgpu.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "print_array.hpp"

namespace cp = ndgpu;
using ndgpu::DType;
using ndgpu::NDArray;
using ndgpu::Operand;

static void section(const char* title) {
  std::printf("\n== %s ==\n", title);
}

static void ndarray_basics() {
  section("1. ndarray on the device");
  NDArray x_gpu = cp::array({1, 2, 3});
  std::printf("%s\n", repr(cp::linalg::norm(x_gpu)).c_str());
}

static void devices() {
  section("2. Devices");
  NDArray x_gpu = cp::array({1, 2, 3});
  std::printf("%s\n", x_gpu.device().str().c_str());
  cp::DeviceType type = cp::current_device().type;
  if (cp::device_count(type) < 2) {
    std::printf("only one device: set NDGPU_CPU_DEVICES=2 to run this section\n");
    return;
  }
  cp::set_current_device({type, 1});
  NDArray x_gpu1 = cp::array({4, 5, 6});
  std::printf("%s\n", x_gpu1.device().str().c_str());
  NDArray x_on_gpu0;
  {
    cp::DeviceGuard with_device0({type, 0});
    x_on_gpu0 = cp::array({1, 2, 3});
  }
  std::printf("%s\n", x_on_gpu0.device().str().c_str());
  try {
    x_on_gpu0 * 2;
  } catch (const cp::ValueError& e) {
    std::printf("ValueError: %s\n", e.what());
  }
  cp::set_current_device({type, 0});
}

static NDArray softplus(const NDArray& x) {
  return cp::maximum(0, x) + cp::log1p(cp::exp(-cp::abs(x)));
}

static void device_agnostic() {
  section("4. Device-agnostic code");
  NDArray x = cp::linspace(-3, 3, 7);
  std::printf("%s\n", str(softplus(x)).c_str());
}

static void elementwise_kernels() {
  section("5. ElementwiseKernel");
  cp::ElementwiseKernel squared_diff("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)",
                                     "squared_diff");
  NDArray x = cp::arange(0, 10, 1, DType::Float32).reshape({2, 5});
  NDArray y = cp::arange(0, 5, 1, DType::Float32);
  NDArray z = squared_diff(x, y);
  std::printf("%s\n", str(z).c_str());

  cp::ElementwiseKernel add_reverse("T x, raw T y", "T z", "z = x + y[_ind.size() - i - 1]",
                                    "add_reverse");
  x = cp::arange(0, 100000, 1, DType::Float32);
  y = cp::arange(0, 100000, 1, DType::Float32);
  z = cp::zeros({100000}, DType::Float32);
  add_reverse(x, y, z);
  std::printf("%s\n", str(z).c_str());
}

static void reduction_kernels() {
  section("6. ReductionKernel");
  cp::ReductionKernel l2norm_kernel("T x",          // input params
                                    "T y",          // output params
                                    "x * x",        // map
                                    "a + b",        // reduce
                                    "y = sqrt(a)",  // post-reduction map
                                    "0",            // identity value
                                    "l2norm");      // kernel name
  NDArray x = cp::arange(0, 10, 1, DType::Float32).reshape({2, 5});
  std::printf("%s\n", str(l2norm_kernel(x, 1)).c_str());
}

static void raw_kernels() {
  section("7. RawKernel");
  cp::RawKernel add_kernel(R"(
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
)",
                           "my_add");
  NDArray x1 = cp::arange(0, 25, 1, DType::Float32).reshape({5, 5});
  NDArray x2 = cp::arange(0, 25, 1, DType::Float32).reshape({5, 5});
  NDArray y = cp::zeros({5, 5}, DType::Float32);
  add_kernel({5}, {5}, {x1, x2, y});  // grid, block and arguments
  std::printf("%s\n", str(y).c_str());
}

static void cpp_api() {
  section("C++ operators and option structs");
  NDArray a = cp::arange(6).reshape({2, 3});
  std::printf("%s\n", str(cp::sum(a * 2 + 1, {.axis = 1, .keepdims = true})).c_str());
  std::printf("%s\n", str(a.T()(cp::Slice{1}, 0)).c_str());
}

int main() {
  std::printf("ndgpu backend: %s, devices: %d\n",
              cp::current_device().type == cp::DeviceType::CPU ? "cpu" : "cuda",
              cp::device_count(cp::current_device().type));
  ndarray_basics();
  devices();
  device_agnostic();
  elementwise_kernels();
  reduction_kernels();
  raw_kernels();
  cpp_api();
}
