// nvcc in a subprocess: the CUDA backend's compiler for RawModule(backend='nvcc').
#include "backend/cuda/nvcc.hpp"

#include <gtest/gtest.h>

#include "ndgpu/errors.hpp"

using namespace ndgpu;
using namespace ndgpu::cuda;

TEST(Nvcc, CompilesACubinWhenNvccIsInstalled) {
  try {
    nvcc_identity();
  } catch (const BackendError&) {
    GTEST_SKIP() << "no nvcc";
  }
  KernelSource src;
  src.name_hint = "nvcc_test";
  src.source =
      "#include <cupy/complex.cuh>\nextern \"C\" __global__ void f(complex<float>* x) "
      "{ x[0] = x[0] * 2.0f; }\n";
  std::string cubin = nvcc_compile(src, 90);
  EXPECT_EQ(cubin.compare(0, 4,
                          "\x7f"
                          "ELF"),
            0);
  src.source = "extern \"C\" __global__ void f(float* x) { x[0] = nope; }\n";
  EXPECT_THROW(nvcc_compile(src, 90), CompileError);
}

// nvcc reports no lowered names, so a source that needs them is refused, not half-compiled.
TEST(Nvcc, RefusesNameExpressions) {
  KernelSource src;
  src.source = "template <class T> __global__ void f(T* x) { x[0] = T(1); }\n";
  src.name_expressions = {"f<float>"};
  EXPECT_THROW(nvcc_compile(src, 90), CompileError);
}
