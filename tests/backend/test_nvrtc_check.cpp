// The NVRTC check (NDGPU_NVRTC_CHECK=1): the CPU backend wrapped so that every compile is
// also an NVRTC compile for sm_90, name expressions included.
#include <gtest/gtest.h>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cuda/entry_points.hpp"
#include "backend/cuda/nvrtc.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;

namespace {

// A template kernel whose body fails only where NDGPU_CPU_KERNEL is undefined (NVRTC).
KernelSource gpu_broken_template() {
  KernelSource src;
  src.name_hint = "check_test";
  src.source =
      "template <class T> __global__ void check_test(T* x) {\n"
      "#ifndef NDGPU_CPU_KERNEL\n  x[0] = T::no_such_member;\n#endif\n}\n"
      "extern \"C\" __global__ void plain_test(float* x) { x[0] = 1.0f; }\n";
  src.entries.push_back({"plain_test", {"float*"}});
  return src;
}

std::string compile_error(Backend& b, const KernelSource& src) {
  try {
    b.compile(0, src);
  } catch (const CompileError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(NvrtcCheck, ReportsNameExpressionsOnlyTheCpuCompiles) {
  if (!cuda::nvrtc_available()) GTEST_SKIP() << "no NVRTC";
  auto checked = cuda::with_nvrtc_check(cpu::create_backend());
  EXPECT_EQ(checked->type(), DeviceType::CPU);
  KernelSource src = gpu_broken_template();
  // Uninstantiated, the template is no error anywhere: the CPU's binary and names come back.
  CompiledBinary ok = checked->compile(0, src);
  EXPECT_FALSE(ok.binary.empty());
  EXPECT_TRUE(ok.lowered_names.empty());
  // Asked for by expression, NVRTC instantiates it and fails; the CPU compiles it.
  src.name_expressions = {"check_test<float>"};
  src.entries.push_back({"check_test<float>", {"float*"}});
  auto plain = cpu::create_backend();
  EXPECT_EQ(plain->compile(0, src).lowered_names.count("check_test<float>"), 1u);
  std::string what = compile_error(*checked, src);
  EXPECT_NE(what.find("kernel 'check_test' compiles for the CPU but not with NVRTC for sm_90:"),
            std::string::npos)
      << what;
  EXPECT_NE(what.find("no_such_member"), std::string::npos) << what;
}

TEST(NvrtcCheck, ChecksPrebuiltSourcesWithoutTheHostCompiler) {
  if (!cuda::nvrtc_available()) GTEST_SKIP() << "no NVRTC";
  auto checked = cuda::with_nvrtc_check(cpu::create_backend());
  KernelSource src = gpu_broken_template();
  checked->check_prebuilt(0, src);  // what NVRTC compiles: no error
  src.name_expressions = {"check_test<float>"};
  try {
    checked->check_prebuilt(0, src);
    FAIL() << "a pack hit NVRTC cannot compile was not reported";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("not with NVRTC for sm_90"), std::string::npos);
  }
  // Backends that do not check take prebuilt binaries as they are.
  cpu::create_backend()->check_prebuilt(0, src);
}
