#include "kernel/cache/lookup.hpp"

#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "backend/cuda/nvrtc.hpp"
#include "backend/files.hpp"
#include "backend/substitute.hpp"
#include "capture_backend.hpp"
#include "ndgpu/cpu_abi.h"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using namespace ndgpu::kernel;

namespace {

KernelSource scale_source(const std::string& constant) {
  KernelSource src;
  src.name_hint = "scale_test";
  src.source =
      "extern \"C\" __global__ void scale_test(float* x, long long n) {\n"
      "  for (long long i = 0; i < n; ++i) x[i] *= " +
      constant + "f;\n}\n";
  src.entries.push_back({"scale_test", {"float*", "long long"}});
  return src;
}

void run_scale(const CompiledKernel& k, float* data, long long n) {
  Backend& be = backend_for(DeviceType::CPU);
  void* args[] = {&data, &n};
  LaunchConfig cfg;
  be.launch(0, k.function, cfg, args);
}

}  // namespace

TEST(KernelCache, KeyDependsOnSourceOptionsAndHeaders) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource a = scale_source("2.0");
  KernelSource b = scale_source("3.0");
  EXPECT_NE(cache_key(cpu, a), cache_key(cpu, b));
  KernelSource c = a;
  c.options.push_back("-DFOO=1");
  EXPECT_NE(cache_key(cpu, a), cache_key(cpu, c));
  KernelSource d = a;
  d.headers["my.h"] = "#define X 1";
  EXPECT_NE(cache_key(cpu, a), cache_key(cpu, d));
  EXPECT_EQ(cache_key(cpu, a), cache_key(cpu, scale_source("2.0")));
}

TEST(KernelCache, CompilesOnceThenHitsMemoryThenDisk) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource src = scale_source("1.25");  // unique to this test
  std::remove(cache_path(cache_key(cpu, src)).c_str());
  auto before = cache_stats();
  auto k1 = get_kernel(cpu, src);
  float x[3] = {1, 2, 4};
  run_scale(k1, x, 3);
  EXPECT_FLOAT_EQ(x[2], 5.0f);
  auto k2 = get_kernel(cpu, src);
  EXPECT_EQ(k1.function, k2.function);
  auto mid = cache_stats();
  EXPECT_EQ(mid.compiles, before.compiles + 1);
  EXPECT_EQ(mid.memory_hits, before.memory_hits + 1);

  k1 = {};
  k2 = {};
  clear_memory_cache();
  auto k3 = get_kernel(cpu, src);
  EXPECT_EQ(cache_stats().disk_hits, mid.disk_hits + 1);
  EXPECT_EQ(cache_stats().compiles, mid.compiles);
  run_scale(k3, x, 3);
  EXPECT_FLOAT_EQ(x[0], 1.5625f);
}

// find_kernel (the quick tier's question) never compiles: a miss stays a miss until a
// compile, after which memory and then the disk answer.
TEST(KernelCache, FindKernelNeverCompiles) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource src = scale_source("1.75");  // unique to this test
  std::remove(cache_path(cache_key(cpu, src)).c_str());
  clear_memory_cache();
  auto before = cache_stats();
  EXPECT_FALSE(find_kernel(cpu, src));
  EXPECT_EQ(cache_stats().compiles, before.compiles);
  auto k = get_kernel(cpu, src);
  EXPECT_EQ(cache_stats().compiles, before.compiles + 1);
  auto found = find_kernel(cpu, src);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->function, k.function);
  k = {};
  found.reset();
  clear_memory_cache();
  auto from_disk = find_kernel(cpu, src);
  ASSERT_TRUE(from_disk);
  EXPECT_EQ(cache_stats().compiles, before.compiles + 1);
  float x[2] = {2, 4};
  run_scale(*from_disk, x, 2);
  EXPECT_FLOAT_EQ(x[1], 7.0f);
}

TEST(KernelCache, DamagedFileIsDetectedAndRecompiled) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource src = scale_source("0.5");
  std::string path = cache_path(cache_key(cpu, src));
  { auto k = get_kernel(cpu, src); }
  clear_memory_cache();
  // Truncate the entry as a crash mid-write would (without the atomic rename).
  auto bytes = read_file(path);
  ASSERT_TRUE(bytes.has_value());
  write_file_atomic(path, bytes->substr(0, bytes->size() / 2));
  auto before = cache_stats();
  auto k = get_kernel(cpu, src);
  auto after = cache_stats();
  EXPECT_EQ(after.damaged, before.damaged + 1);
  EXPECT_EQ(after.compiles, before.compiles + 1);
  float x[2] = {2, 8};
  run_scale(k, x, 2);
  EXPECT_FLOAT_EQ(x[1], 4.0f);
  // The entry was rewritten whole.
  EXPECT_EQ(read_file(path)->size(), bytes->size());

  // A flipped byte in the payload is caught by the digest.
  clear_memory_cache();
  k = {};
  std::string flipped = *read_file(path);
  flipped[flipped.size() - 10] ^= 0x5a;
  write_file_atomic(path, flipped);
  before = cache_stats();
  k = get_kernel(cpu, src);
  EXPECT_EQ(cache_stats().damaged, before.damaged + 1);
  // So is an entry of format 1 (the bare binary, magic "NDGPUK1").
  clear_memory_cache();
  k = {};
  std::string format1 = *read_file(path);
  format1[6] = '1';
  write_file_atomic(path, format1);
  before = cache_stats();
  k = get_kernel(cpu, src);
  EXPECT_EQ(cache_stats().damaged, before.damaged + 1);
  EXPECT_EQ(cache_stats().compiles, before.compiles + 1);
}

TEST(KernelCache, CompileErrorCarriesLogAndNumberedSource) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource src = scale_source("2.0");
  src.source += "this is not C++;\n";
  try {
    get_kernel(cpu, src);
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("scale_test"), std::string::npos);
    EXPECT_NE(msg.find("error"), std::string::npos);  // the compiler's log
    EXPECT_NE(msg.find("   4 | this is not C++;"), std::string::npos) << msg;
    EXPECT_FALSE(e.log.empty());
  }
}

TEST(KernelCache, KeyDependsOnNameExpressionsAndCompiler) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource a = scale_source("2.0");
  KernelSource b = a;
  b.name_expressions = {"scale_test"};
  EXPECT_NE(cache_key(cpu, a), cache_key(cpu, b));
  KernelSource c = b;
  c.name_expressions = {"scale_test", "other<int>"};
  EXPECT_NE(cache_key(cpu, b), cache_key(cpu, c));
  KernelSource d = a;
  d.compiler = Compiler::Nvcc;
  EXPECT_NE(cache_key(cpu, a), cache_key(cpu, d));
}

namespace {

KernelSource template_source() {
  KernelSource src;
  src.name_hint = "twice_test";
  src.source =
      "template <class T> __global__ void twice_test(T* x, long long n) {\n"
      "  for (long long i = 0; i < n; ++i) x[i] = x[i] + x[i];\n}\n";
  src.entries.push_back({"twice_test<float>", {"float*", "long long"}});
  src.name_expressions = {"twice_test<float>"};
  return src;
}

}  // namespace

// A module found on disk resolves name expressions as the compile did, without compiling.
TEST(KernelCache, NameExpressionsResolveFromTheDiskCache) {
  Device cpu{DeviceType::CPU, 0};
  KernelSource src = template_source();
  std::remove(cache_path(cache_key(cpu, src)).c_str());
  clear_memory_cache();
  auto before = cache_stats();
  ASSERT_NE(get_module(cpu, src)->function("twice_test<float>"), nullptr);
  EXPECT_EQ(cache_stats().compiles, before.compiles + 1);
  clear_memory_cache();
  auto module = get_module(cpu, src);
  EXPECT_EQ(cache_stats().compiles, before.compiles + 1);
  EXPECT_EQ(cache_stats().disk_hits, before.disk_hits + 1);
  CompiledKernel k{module, module->function("twice_test<float>")};
  ASSERT_NE(k.function, nullptr);
  float x[2] = {1.5f, -4.0f};
  run_scale(k, x, 2);
  EXPECT_FLOAT_EQ(x[0], 3.0f);
  EXPECT_FLOAT_EQ(x[1], -8.0f);
}

// The lowered names themselves come back from the disk: a stand-in CUDA backend reports a
// symbol no backend would derive, and the second load (after the memory cache is cleared)
// must be handed that symbol without a compile.
TEST(KernelCache, LoweredNamesAreStoredOnDisk) {
  if (!cuda::nvrtc_available()) GTEST_SKIP() << "the stand-in's compiler identity needs NVRTC";
  int compiles = 0;
  std::vector<std::map<std::string, std::string>> loaded;
  aot::CaptureHooks hooks;
  hooks.on_compile = [&](int, const KernelSource&) {
    ++compiles;
    return CompiledBinary{"stand-in binary", {{"twice_test<float>", "_Z10twice_testIfEvPT_x_v1"}}};
  };
  hooks.on_load = [&](int, const CompiledBinary& c, const KernelSource&) {
    loaded.push_back(c.lowered_names);
  };
  substitute_cuda_backend(aot::make_capture_backend({90}, hooks));
  Device gpu{DeviceType::CUDA, 0};
  KernelSource src = template_source();
  std::remove(cache_path(cache_key(gpu, src)).c_str());
  clear_memory_cache();
  get_module(gpu, src);
  clear_memory_cache();
  auto before = cache_stats();
  get_module(gpu, src);
  EXPECT_EQ(cache_stats().disk_hits, before.disk_hits + 1);
  substitute_cuda_backend(nullptr);
  clear_memory_cache();
  EXPECT_EQ(compiles, 1);
  ASSERT_EQ(loaded.size(), 2u);
  EXPECT_EQ(loaded[1], loaded[0]);
  EXPECT_EQ(loaded[1].at("twice_test<float>"), "_Z10twice_testIfEvPT_x_v1");
}
