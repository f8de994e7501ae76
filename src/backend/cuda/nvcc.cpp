// backend='nvcc': the CUDA toolkit's compiler in a subprocess, for kernels NVRTC cannot take
// (the seed's HIP workaround; CuPy's backend='nvcc'). Headers are written to a temporary
// folder: ndgpu's device headers and the user's (read through -I when the module was made).
#include "backend/cuda/nvcc.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "backend/device_headers.hpp"
#include "backend/files.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {
namespace {

namespace fs = std::filesystem;

// NDGPU_NVCC, then the toolkit named by CUDA_HOME or CUDA_PATH, /usr/local/cuda, then PATH.
std::string nvcc_path() {
  if (const char* e = std::getenv("NDGPU_NVCC"); e && *e) return e;
  for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* e = std::getenv(var); e && *e && fs::exists(fs::path(e) / "bin/nvcc"))
      return (fs::path(e) / "bin/nvcc").string();
  if (fs::exists("/usr/local/cuda/bin/nvcc")) return "/usr/local/cuda/bin/nvcc";
  return "nvcc";
}

}  // namespace

std::string nvcc_identity() {
  static const std::string id = [] {
    int st = 0;
    std::string v = run_command(shell_quote(nvcc_path()) + " --version", &st);
    if (st != 0)
      throw BackendError("backend='nvcc' needs nvcc (set NDGPU_NVCC or CUDA_HOME): " + v);
    size_t p = v.rfind("release");
    return "nvcc " + (p == std::string::npos ? v : v.substr(p, v.find('\n', p) - p));
  }();
  return id;
}

std::string nvcc_compile(const KernelSource& src, int arch) {
  if (!src.name_expressions.empty())
    throw CompileError("nvcc cannot compile kernel '" + src.name_hint +
                           "' with name expressions "
                           "(nvcc reports no lowered names; NVRTC does)",
                       "", src.source);
  TempDir tmp("ndgpu-nvcc");
  const fs::path work = tmp.path();
  for (const auto* headers : {&embedded_device_headers(), &src.headers})
    for (const auto& [name, text] : *headers) {
      fs::path p = work / "include" / name;
      fs::create_directories(p.parent_path());
      write_file_atomic(p.string(), text);
    }
  write_file_atomic((work / "kernel.cu").string(), src.source);
  bool has_arch = false, has_std = false;
  for (const auto& o : src.options) {
    has_arch = has_arch || o.rfind("-arch", 0) == 0 || o.rfind("--gpu-architecture", 0) == 0;
    has_std = has_std || o.rfind("-std", 0) == 0 || o.rfind("--std", 0) == 0;
  }
  std::string cmd = shell_quote(nvcc_path()) + " -cubin";
  if (!has_arch) cmd += " -arch=sm_" + std::to_string(arch);
  if (!has_std) cmd += " -std=c++17";
  cmd += " -I" + shell_quote((work / "include").string());
  for (const auto& o : src.options)
    if (o != kTryMinimalOption) cmd += " " + shell_quote(o);
  cmd += " -o " + shell_quote((work / "kernel.cubin").string()) + " " +
         shell_quote((work / "kernel.cu").string());
  int status = 0;
  std::string log = run_command(cmd, &status);
  if (status != 0)
    throw CompileError("nvcc failed to compile kernel '" + src.name_hint + "'\n" + cmd + "\n" +
                           log + "\n--- source ---\n" + number_lines(src.source),
                       log, src.source);
  auto cubin = read_file((work / "kernel.cubin").string());
  if (!cubin) throw BackendError("nvcc wrote no cubin for '" + src.name_hint + "'");
  return *cubin;
}

}  // namespace ndgpu::cuda
