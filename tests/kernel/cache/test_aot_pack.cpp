// The ahead-of-time pack: its file format, and that the pack built by tools/aot serves the
// CUDA path's own keys (a capture backend stands in for an sm_90 GPU, in a child process).
#include "kernel/cache/aot_pack.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "backend/cuda/nvrtc.hpp"
#include "backend/files.hpp"
#include "backend/substitute.hpp"
#include "capture_backend.hpp"
#include "kernel/cache/lookup.hpp"
#include "ndgpu/kernel_cache.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

using namespace ndgpu;

namespace {

std::string temp_path(const char* name) {
  return cache_dir() + "/aot_test_" + std::to_string(::getpid()) + "_" + name;
}

// The cubin's architecture, from its ELF flags (bits 8-15 in the current ABI, 0-7 before).
bool is_cubin_for(const std::string& bin, int arch) {
  if (bin.size() < 64 ||
      bin.compare(0, 4,
                  "\x7f"
                  "ELF") != 0 ||
      bin[4] != 2)
    return false;
  uint16_t machine;
  uint32_t flags;
  std::memcpy(&machine, bin.data() + 18, 2);
  std::memcpy(&flags, bin.data() + 48, 4);
  return machine == 190 /* EM_CUDA */ &&
         (int((flags >> 8) & 0xff) == arch || int(flags & 0xff) == arch);
}

}  // namespace

TEST(AotPack, RoundTripAndDamage) {
  std::string path = temp_path("roundtrip.pack");
  std::string k1(32, 'a'), k2(32, 'b'), k3(32, 'c');
  kernel::write_aot_pack(path, {{k2, "second payload"}, {k1, "first"}, {k2, "dropped"}});
  auto pack = kernel::AotPack::open(path);
  ASSERT_TRUE(pack);
  EXPECT_EQ(pack->size(), 2u);
  EXPECT_EQ(pack->find(k1).value_or(""), "first");
  EXPECT_EQ(pack->find(k2).value_or(""), "second payload");
  EXPECT_FALSE(pack->find(k3));

  // A flipped payload byte loses that entry only; a truncated or foreign file, everything.
  std::string bytes = *read_file(path);
  std::string flipped = bytes;
  flipped[flipped.size() - 1] ^= 0x20;
  write_file_atomic(path, flipped);
  pack = kernel::AotPack::open(path);
  ASSERT_TRUE(pack);
  EXPECT_FALSE(pack->find(k2));
  EXPECT_EQ(pack->find(k1).value_or(""), "first");
  write_file_atomic(path, bytes.substr(0, bytes.size() - 3));
  EXPECT_FALSE(kernel::AotPack::open(path));
  write_file_atomic(path, "not a pack at all");
  EXPECT_FALSE(kernel::AotPack::open(path));
  std::remove(path.c_str());
  EXPECT_FALSE(kernel::AotPack::open(path));
}

#ifdef NDGPU_AOT_PACK_FILE
namespace {

// Runs in a child: `a + b` and `a.sum()` (short and long) on float32 through the engines on
// an sm_90 stand-in must load three cubins from the pack, compile nothing, and find them under the
// keys the run-time cache computes. Exits 0 when every check holds.
[[noreturn]] void first_calls_come_from_the_pack() {
  int failures = 0;
  auto check = [&](bool ok, const std::string& what) {
    if (!ok) std::fprintf(stderr, "FAILED: %s\n", what.c_str()), ++failures;
  };
  ::unsetenv("NDGPU_AOT_PACK");
  char dir[] = "/tmp/ndgpu-aot-test-XXXXXX";  // an empty disk cache: only the pack can serve
  ::setenv("NDGPU_CACHE_DIR", ::mkdtemp(dir), 1);
  int compiles = 0;
  std::vector<std::string> binaries, keys, names;
  aot::CaptureHooks hooks;
  hooks.on_compile = [&](int, const KernelSource& src) {
    ++compiles;
    names.push_back(src.name_hint);
    return CompiledBinary{};
  };
  hooks.on_load = [&](int device, const CompiledBinary& compiled, const KernelSource& src) {
    binaries.push_back(compiled.binary);
    keys.push_back(kernel::cache_key(Device{DeviceType::CUDA, device}, src));
  };
  substitute_cuda_backend(aot::make_capture_backend({90}, hooks));
  set_aot_pack_path(NDGPU_AOT_PACK_FILE);

  Device gpu{DeviceType::CUDA, 0};
  DeviceGuard guard(gpu);
  NDArray a = NDArray::empty_on(gpu, {1000}, DType::Float32);
  NDArray b = NDArray::empty_on(gpu, {1000}, DType::Float32);
  add(a, b);
  sum(a);
  // A long range splits, so its kernel also holds the final pass: another pack entry.
  sum(NDArray::empty_on(gpu, {int64_t(1) << 24}, DType::Float32));
  KernelCacheStats st = kernel_cache_stats();
  check(compiles == 0,
        std::to_string(compiles) + " compiles (first: " + (names.empty() ? "" : names[0]) + ")");
  check(st.pack_hits == 3, "pack_hits == " + std::to_string(st.pack_hits));
  check(binaries.size() == 3, std::to_string(binaries.size()) + " loads");
  auto pack = kernel::AotPack::open(NDGPU_AOT_PACK_FILE);
  for (size_t k = 0; k < binaries.size(); ++k) {
    check(is_cubin_for(binaries[k], 90), "load " + std::to_string(k) + " is not an sm_90 cubin");
    check(pack && pack->find(keys[k]) == binaries[k], "key " + keys[k] + " not in the pack");
  }
  // The identity in every CUDA key: NVRTC's version and the architecture, no driver needed.
  check(cuda::nvrtc_identity(90) == cuda::nvrtc_version() + " sm_90", "identity");
  std::fflush(stderr);
  std::filesystem::remove_all(dir);
  _exit(failures ? 1 : 0);
}

}  // namespace

TEST(AotPackDeathTest, FirstAddAndSumOnSm90ComeFromThePack) {
  auto pack = kernel::AotPack::open(NDGPU_AOT_PACK_FILE);
  ASSERT_TRUE(pack) << "no pack at " << NDGPU_AOT_PACK_FILE;
  if (pack->size() == 0 && !cuda::nvrtc_available()) GTEST_SKIP() << "built without NVRTC";
  // A child process: the stand-in backend must not leak into other tests (or a real GPU's).
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(first_calls_come_from_the_pack(), ::testing::ExitedWithCode(0), "");
}
#endif
