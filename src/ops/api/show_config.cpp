// show_config(): each library opened as its first use would open it, and the file it came
// from (docs/cuda_backend.md, "Finding the libraries").
#include <dlfcn.h>

#include <cstdio>

#include "backend/cpu/cpu_blas.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/config.hpp"
#include "ndgpu/device.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
namespace {

LibraryInfo report(const char* name, const SharedLibrary& lib) {
  if (!lib.handle) return {name, "", "not found", lib.tried};
  std::string path = loaded_path(lib.handle);
  return {name, path.empty() ? lib.name : path, "", ""};
}

LibraryInfo cpu_blas_report() {
  try {
    Dl_info info{};
    if (::dladdr(cpu_blas_symbol("cblas_dgemm"), &info) && info.dli_fname)
      return {"CPU BLAS", info.dli_fname, "", ""};
    return {"CPU BLAS", "", "loaded, its file unknown", ""};
  } catch (const BackendError& e) {
    return {"CPU BLAS", "", e.what(), ""};
  }
}

}  // namespace

void set_library_search_roots(std::vector<std::string> roots) {
  set_wheel_roots(std::move(roots));
}

std::vector<LibraryInfo> library_report() {
  std::vector<LibraryInfo> out;
  out.push_back(report("libcuda", open_shared_library({"libcuda.so.1"})));
  out.push_back(report("NVRTC", open_cuda_library(kNvrtcLibrary)));
  out.push_back(report("cuBLAS", open_cuda_library(kCublasLibrary)));
  out.push_back(report("cuSOLVER", open_cuda_library(kCusolverLibrary)));
  out.push_back(report("cuFFT", open_cuda_library(kCufftLibrary)));
  LibraryInfo curand = report("cuRAND", open_cuda_library(kCurandLibrary));
  if (!curand.path.empty()) curand.note = "not used yet: random numbers are ndgpu's own kernels";
  out.push_back(curand);
  out.push_back(cpu_blas_report());
#if __has_include(<kissfft/kissfft.hh>)
  out.push_back({"CPU FFT", "KissFFT (header-only, built in)", "", ""});
#else
  out.push_back({"CPU FFT", "", "KissFFT's header was absent at build time", ""});
#endif
  return out;
}

std::string config_text() {
  DeviceType type = default_device_type();
  std::string text = "ndgpu " NDGPU_VERSION "\n";
  text += std::string("backend: ") + (type == DeviceType::CUDA ? "cuda" : "cpu") +
          ", devices: " + std::to_string(device_count(type)) + "\n";
  text += "libraries:\n";
  for (const LibraryInfo& lib : library_report()) {
    std::string name = lib.name + ":";
    name.resize(11, ' ');
    text += "  " + name + (lib.path.empty() ? "-" : lib.path);
    // The note's first line only: a BackendError's message lists every name tried.
    if (!lib.note.empty()) text += " (" + lib.note.substr(0, lib.note.find('\n')) + ")";
    text += "\n";
  }
  return text;
}

void show_config() {
  std::string text = config_text();
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace ndgpu
