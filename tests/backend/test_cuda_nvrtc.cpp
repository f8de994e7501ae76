// NVRTC needs no GPU: these run wherever libnvrtc is installed (skipped where it is not).
#include <gtest/gtest.h>

#include <cstdlib>

#include <algorithm>
#include <string>

#include "backend/cuda/nvrtc.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {
namespace {

#define SKIP_WITHOUT_NVRTC() \
  if (!nvrtc_available()) GTEST_SKIP() << "libnvrtc is not installed"

KernelSource scale_source() {
  KernelSource src;
  src.name_hint = "scale";
  src.source = R"(
#include "ndgpu/elementwise.cuh"
#include "cupy/complex.cuh"
extern "C" __global__ void scale(const float* x, float* y, float a, long long n) {
  NDGPU_LOOP(long long, i, n) {
    complex<float> z(x[i], 0.0f);
    y[i] = (z * complex<float>(a, 0.0f)).real();
  }
}
)";
  src.entries = {{"scale", {"const float*", "float*", "float", "long long"}}};
  return src;
}

TEST(CudaNvrtc, VersionAndArchitectures) {
  SKIP_WITHOUT_NVRTC();
  std::string v = nvrtc_version();
  EXPECT_EQ(v.rfind("nvrtc-", 0), 0u) << v;
  std::vector<int> archs = nvrtc_supported_archs();
  EXPECT_NE(std::find(archs.begin(), archs.end(), 90), archs.end());
}

TEST(CudaNvrtc, CompilesDeviceHeadersToACubinForSm90) {
  SKIP_WITHOUT_NVRTC();
  if (std::getenv("NDGPU_NVRTC_PTX")) GTEST_SKIP() << "NDGPU_NVRTC_PTX asks for PTX";
  // A cubin for the device's own architecture: faster than PTX plus the driver's JIT.
  NvrtcResult r = nvrtc_compile_program(scale_source(), 9, 0);
  EXPECT_FALSE(r.is_ptx);
  EXPECT_EQ(r.arch, "sm_90");
  EXPECT_EQ(r.binary.substr(0, 4), std::string("\x7f"
                                               "ELF"));  // a cubin is an ELF image
  EXPECT_NE(r.binary.find("scale"), std::string::npos);  // its symbol table
  std::string via_free_function = nvrtc_compile(scale_source(), 9, 0);
  EXPECT_EQ(via_free_function.substr(0, 4), std::string("\x7f"
                                                        "ELF"));
}

TEST(CudaNvrtc, PtxOnRequest) {
  SKIP_WITHOUT_NVRTC();
  if (!std::getenv("NDGPU_NVRTC_PTX")) GTEST_SKIP() << "set NDGPU_NVRTC_PTX=1 to check PTX";
  NvrtcResult r = nvrtc_compile_program(scale_source(), 9, 0);
  EXPECT_TRUE(r.is_ptx);
  EXPECT_EQ(r.arch, "compute_90");
  EXPECT_NE(r.binary.find(".entry scale"), std::string::npos);
  EXPECT_NE(r.binary.find(".target sm_90"), std::string::npos);
}

TEST(CudaNvrtc, UnknownNewArchitectureFallsBackToPtx) {
  SKIP_WITHOUT_NVRTC();
  // sm_99 does not exist: PTX for the newest architecture below it, JIT-compiled forward.
  NvrtcResult r = nvrtc_compile_program(scale_source(), 9, 9);
  EXPECT_TRUE(r.is_ptx);
  EXPECT_EQ(r.arch.rfind("compute_9", 0), 0u) << r.arch;
  EXPECT_NE(r.binary.find(".entry scale"), std::string::npos);
  EXPECT_NE(r.binary.find(".target sm_9"), std::string::npos);
}

TEST(CudaNvrtc, UserHeadersAndNameExpressions) {
  SKIP_WITHOUT_NVRTC();
  KernelSource src;
  src.name_hint = "tmpl";
  src.headers["my/twice.cuh"] = "template <class T> __device__ T twice(T v) { return v + v; }\n";
  src.source = R"(
#include "my/twice.cuh"
template <class T> __global__ void twice_all(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = twice(x[i]);
}
)";
  NvrtcResult r = nvrtc_compile_program(src, 9, 0, {"twice_all<float>", "twice_all<int>"});
  ASSERT_EQ(r.lowered_names.size(), 2u);
  EXPECT_EQ(r.lowered_names.at("twice_all<float>"), "_Z9twice_allIfEvPT_i");
  EXPECT_EQ(r.lowered_names.at("twice_all<int>"), "_Z9twice_allIiEvPT_i");
}

// User kernels include the toolkit's headers as with CuPy, which passes its include folders.
TEST(CudaNvrtc, ToolkitHeadersAsCupyUsersIncludeThem) {
  SKIP_WITHOUT_NVRTC();
  if (toolkit_include_options().empty()) GTEST_SKIP() << "no CUDA toolkit headers found";
  KernelSource src;
  src.name_hint = "half_sum";
  src.source = R"(
#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void half_sum(const __half* x, __half* y, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hadd(x[i], __float2half(1.0f));
  block.sync();
}
)";
  NvrtcResult r = nvrtc_compile_program(src, 9, 0, {});
  EXPECT_EQ(r.binary.compare(0, 4,
                             "\x7f"
                             "ELF"),
            0);  // a cubin holding the kernel
  EXPECT_NE(r.binary.find("half_sum"), std::string::npos);
}

// User kernels try -minimal first; one that needs what it leaves out compiles in full.
TEST(CudaNvrtc, TryMinimalFallsBackToAFullCompile) {
  SKIP_WITHOUT_NVRTC();
  KernelSource tex;
  tex.name_hint = "fetch";
  tex.source =
      "extern \"C\" __global__ void fetch(cudaTextureObject_t t, float* y) {\n"
      "  y[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);\n}\n";
  tex.options = {kTryMinimal};
  EXPECT_NE(nvrtc_compile_program(tex, 9, 0, {}).binary.find("fetch"), std::string::npos);
  tex.options = {"-minimal"};  // what the first attempt is
  EXPECT_THROW(nvrtc_compile_program(tex, 9, 0, {}), CompileError);

  KernelSource broken = tex;
  broken.source = "extern \"C\" __global__ void fetch(float* y) { y[0] = undefined_name; }\n";
  broken.options = {kTryMinimal};
  try {
    nvrtc_compile_program(broken, 9, 0, {});
    FAIL() << "expected a CompileError";
  } catch (const CompileError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("undefined_name"), std::string::npos) << what;
    EXPECT_EQ(what.find("-minimal"), std::string::npos) << what;  // the full compile's error
    EXPECT_EQ(what.find(kTryMinimal), std::string::npos) << what;
  }
}

TEST(CudaNvrtc, BrokenKernelRaisesCompileErrorWithLogAndNumberedSource) {
  SKIP_WITHOUT_NVRTC();
  KernelSource src;
  src.name_hint = "broken_kernel";
  src.source = "extern \"C\" __global__ void broken(float* x) {\n  x[0] = undefined_name;\n}\n";
  try {
    nvrtc_compile(src, 9, 0);
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("broken_kernel"), std::string::npos) << msg;
    EXPECT_NE(msg.find("_90"), std::string::npos) << msg;
    EXPECT_NE(e.log.find("undefined_name"), std::string::npos) << e.log;
    EXPECT_NE(msg.find(e.log), std::string::npos) << msg;
    EXPECT_NE(msg.find("   2 |   x[0] = undefined_name;"), std::string::npos) << msg;
    EXPECT_EQ(e.source, src.source);
  }
}

TEST(CudaNvrtc, NumbersLines) {
  EXPECT_EQ(number_lines("a\nb\n"), "   1 | a\n   2 | b\n");
}

}  // namespace
}  // namespace ndgpu::cuda
