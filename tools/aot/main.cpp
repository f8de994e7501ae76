// ndgpu_aot: builds the ahead-of-time kernel pack. It runs the catalogue (catalogue.cpp) on
// a capture device per architecture, keys each kernel the engines ask for exactly as the
// run-time cache does, compiles them to cubins with NVRTC on every core and writes the pack.
// With --cpu it builds the CPU backend's pack of shared objects instead (cpu_pack.cpp).
//
//   ndgpu_aot --out PACK [--arch 90 ... | --cpu] [--jobs N] [--list]
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "backend/cuda/nvrtc.hpp"
#include "backend/files.hpp"
#include "backend/substitute.hpp"
#include "capture_backend.hpp"
#include "catalogue.hpp"
#include "cpu_pack.hpp"
#include "kernel/cache/aot_pack.hpp"
#include "kernel/cache/lookup.hpp"
#include "kernel/quick/tier.hpp"
#include "ndgpu/errors.hpp"
#include "pack_build.hpp"

using namespace ndgpu;

namespace {

using aot::Captured;

int usage() {
  std::fprintf(stderr, "usage: ndgpu_aot --out PACK [--arch 90 ... | --cpu] [--jobs N] [--list]\n");
  return 2;
}

// Compiles kernels[k] for k = first, first + step, ... to cubins in `dir`/<key>.
bool compile_share(const std::vector<Captured*>& kernels, const std::vector<int>& archs,
                   size_t first, size_t step, const std::string& dir) {
  bool ok = true;
  for (size_t k = first; k < kernels.size(); k += step) {
    const Captured& c = *kernels[k];
    int arch = archs[size_t(c.device)];
    try {
      auto r = cuda::nvrtc_compile_program(c.src, arch / 10, arch % 10, {}, true);
      if (r.is_ptx) throw BackendError("NVRTC cannot emit a cubin for sm_" + std::to_string(arch));
      write_file_atomic(dir + "/" + c.key, r.binary);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ndgpu_aot: %s: %s\n", c.src.name_hint.c_str(), e.what());
      ok = false;
    }
  }
  return ok;
}

// NVRTC serialises compiles within a process, so each of `jobs` child processes compiles
// a share; the cubins come back through files. Returns false on any error.
bool compile_all(const std::vector<Captured*>& kernels, const std::vector<int>& archs,
                 unsigned jobs, const std::string& dir) {
  std::fflush(nullptr);
  std::vector<pid_t> children;
  for (unsigned j = 0; j < jobs; ++j) {
    pid_t pid = ::fork();
    if (pid < 0) {
      std::perror("ndgpu_aot: fork");
      return false;
    }
    if (pid == 0) _exit(compile_share(kernels, archs, j, jobs, dir) ? 0 : 1);
    children.push_back(pid);
  }
  bool ok = true;
  for (pid_t pid : children) {
    int status = 0;
    ok = ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok;
  }
  for (Captured* c : kernels) {
    auto bin = ok ? read_file(dir + "/" + c->key) : std::nullopt;
    if (!bin) return false;
    c->binary = std::move(*bin);
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out;
  std::vector<int> archs;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  bool list = false, cpu = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--out" && i + 1 < argc)
      out = argv[++i];
    else if (a == "--arch" && i + 1 < argc)
      archs.push_back(std::atoi(argv[++i]));
    else if (a == "--jobs" && i + 1 < argc)
      jobs = unsigned(std::max(1, std::atoi(argv[++i])));
    else if (a == "--list")
      list = true;
    else if (a == "--cpu")
      cpu = true;
    else
      return usage();
  }
  if (out.empty()) return usage();
  if (archs.empty()) archs.push_back(90);
  for (int arch : archs)
    if (arch < 10) return usage();

  // No pack while capturing (it would hide kernels from the compiler) and a private,
  // empty kernel cache (a user's cached kernel would hide it too).
  setenv("NDGPU_AOT_PACK", "", 1);
  setenv("NDGPU_CPU_AOT_PACK", "", 1);
  TempDir tmp("ndgpu-aot");
  setenv("NDGPU_CACHE_DIR", tmp.path().c_str(), 1);
  // Every kernel is compiled, none interpreted: the interpreter is one of them.
  set_quick_tier(QuickTier::Off);
  if (cpu) return aot::build_cpu_pack(out, jobs, list);

  if (!cuda::nvrtc_available()) {
    std::fprintf(stderr, "ndgpu_aot: NVRTC is not available: writing an empty pack\n");
    kernel::write_aot_pack(out, {});
    return 0;
  }

  auto t0 = std::chrono::steady_clock::now();
  std::vector<Captured> kernels;
  aot::CaptureHooks hooks;
  std::set<std::string> seen;
  hooks.on_compile = [&](int device, const KernelSource& src) {
    std::string key = kernel::cache_key(Device{DeviceType::CUDA, device}, src);
    if (seen.insert(key).second) kernels.push_back({device, src, key, ""});
    return CompiledBinary{};
  };
  substitute_cuda_backend(aot::make_capture_backend(archs, hooks));
  std::vector<std::string> skipped;
  for (size_t d = 0; d < archs.size(); ++d)
    aot::run_catalogue(Device{DeviceType::CUDA, int(d)}, d == 0 ? &skipped : nullptr);
  auto t1 = std::chrono::steady_clock::now();

  std::vector<Captured*> to_compile = aot::reuse_previous(out, kernels);
  std::string cubins = tmp.path() + "/cubins";
  std::filesystem::create_directories(cubins);
  if (!compile_all(to_compile, archs, unsigned(std::min<size_t>(jobs, to_compile.size())), cubins))
    return 1;
  auto sm = [&](const Captured& c) { return "sm_" + std::to_string(archs[size_t(c.device)]); };
  aot::write_pack(out, kernels, list, sm, "cubins", skipped.size(), to_compile.size(), t0, t1);
  return 0;
}
