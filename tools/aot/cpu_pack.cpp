#include "cpu_pack.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "backend/cpu/host_compiler.hpp"
#include "backend/substitute.hpp"
#include "capture_backend.hpp"
#include "catalogue.hpp"
#include "kernel/cache/lookup.hpp"
#include "pack_build.hpp"

namespace ndgpu::aot {
namespace {

// Compiles every kernel with `jobs` threads, each running the host compiler in turn (the
// compiler is a process, so threads suffice). Returns false on any error.
bool compile_all(const std::vector<Captured*>& kernels, unsigned jobs) {
  std::atomic<size_t> next{0};
  std::atomic<bool> ok{true};
  auto work = [&] {
    for (size_t k; (k = next++) < kernels.size();) {
      try {
        kernels[k]->binary = cpu::compile_shared_object(kernels[k]->src);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "ndgpu_aot: %s: %s\n", kernels[k]->src.name_hint.c_str(), e.what());
        ok = false;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  return ok;
}

// A precompiled ndgpu/common.cuh halves each compile (most of it is parsing headers), one
// per set of flags (most kernels link libmvec, the exact twins do not). The compiler
// promises the same code with it; each is kept only if its first kernel's shared object
// comes out byte for byte as without it. Sets of a few kernels are not worth one.
void precompile_if_identical(const std::vector<Captured*>& kernels) {
  std::map<std::string, std::vector<const Captured*>> sets;
  for (const Captured* k : kernels) sets[cpu::precompiled_header_path(k->src)].push_back(k);
  for (const auto& [path, members] : sets) {
    if (members.size() < 8) continue;
    const Captured& probe = *members[0];
    std::string plain = cpu::compile_shared_object(probe.src);
    std::string gch = cpu::precompile_common_header(probe.src);
    if (cpu::compile_shared_object(probe.src) == plain) continue;
    std::filesystem::remove(gch);
    std::fprintf(stderr, "ndgpu_aot: the precompiled header changes %s: not used\n",
                 probe.src.name_hint.c_str());
  }
}

}  // namespace

int build_cpu_pack(const std::string& out, unsigned jobs, bool list) {
  auto t0 = std::chrono::steady_clock::now();
  // Captured through a stand-in for the CPU backend: the engines generate the run-time
  // sources and keys, nothing is compiled or run.
  std::vector<Captured> kernels;
  std::set<std::string> seen;
  CaptureHooks hooks;
  hooks.on_compile = [&](int device, const KernelSource& src) {
    std::string key = kernel::cache_key(Device{DeviceType::CPU, device}, src);
    if (seen.insert(key).second) kernels.push_back({device, src, key, ""});
    return CompiledBinary{};
  };
  substitute_cpu_backend(make_cpu_capture_backend(hooks));
  std::vector<std::string> skipped;
  run_catalogue(Device{DeviceType::CPU, 0}, &skipped);
  auto t1 = std::chrono::steady_clock::now();

  std::vector<Captured*> to_compile = reuse_previous(out, kernels);
  cpu::set_background_precompile(false);  // only what precompile_if_identical checked
  try {
    precompile_if_identical(to_compile);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ndgpu_aot: no precompiled header: %s\n", e.what());
  }
  if (!compile_all(to_compile, unsigned(std::min<size_t>(jobs, to_compile.size())))) return 1;
  auto cpu = [](const Captured&) { return std::string("cpu"); };
  write_pack(out, kernels, list, cpu, "CPU shared objects", skipped.size(), to_compile.size(), t0,
             t1);
  return 0;
}

}  // namespace ndgpu::aot
