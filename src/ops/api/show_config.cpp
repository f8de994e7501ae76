// show_config(): each library opened as its first use would open it, the file it came from
// and the version it reports (docs/cuda_backend.md, "Finding the libraries").
#include <dlfcn.h>

#include <cstdio>
#include <initializer_list>

#include "backend/cpu/cpu_blas.hpp"
#include "backend/cuda/cub_library.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/config.hpp"
#include "ndgpu/device.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
namespace {

std::string dotted(std::initializer_list<int> parts) {
  std::string out;
  for (int p : parts) out += (out.empty() ? "" : ".") + std::to_string(p);
  return out;
}

// The toolkit libraries' <lib>GetProperty(libraryPropertyType, int*): MAJOR_VERSION (0),
// MINOR_VERSION (1), PATCH_LEVEL (2); a status of 0 is success.
std::string property_version(const SharedLibrary& lib, const char* function) {
  auto get = reinterpret_cast<int (*)(int, int*)>(lib.symbol(function));
  int v[3] = {};
  for (int i = 0; get && i < 3; ++i)
    if (get(i, &v[i]) != 0) return "";
  return get ? dotted({v[0], v[1], v[2]}) : "";
}

std::string driver_version(const SharedLibrary& lib) {
  auto get = reinterpret_cast<int (*)(int*)>(lib.symbol("cuDriverGetVersion"));
  int v = 0;  // 13000 for CUDA 13.0
  return get && get(&v) == 0 ? dotted({v / 1000, v % 1000 / 10}) : "";
}

std::string nvrtc_version(const SharedLibrary& lib) {
  auto get = reinterpret_cast<int (*)(int*, int*)>(lib.symbol("nvrtcVersion"));
  int major = 0, minor = 0;
  return get && get(&major, &minor) == 0 ? dotted({major, minor}) : "";
}

LibraryInfo report(const char* name, const SharedLibrary& lib, std::string version) {
  if (!lib.handle) return {name, "", "", "not found", lib.tried};
  std::string path = loaded_path(lib.handle);
  return {name, path.empty() ? lib.name : path, std::move(version), "", ""};
}

LibraryInfo cuda_report(const char* name, const CudaLibrary& which, const char* property) {
  SharedLibrary lib = open_cuda_library(which);
  return report(name, lib, property_version(lib, property));
}

LibraryInfo cpu_blas_report() {
  try {
    Dl_info info{};
    LibraryInfo out{"CPU BLAS", "", "", "", ""};
    if (::dladdr(cpu_blas_symbol("cblas_dgemm"), &info) && info.dli_fname)
      out.path = info.dli_fname;
    else
      out.note = "loaded, its file unknown";
    // OpenBLAS says "OpenBLAS 0.3.30 DYNAMIC_ARCH ..."; a reference CBLAS says nothing.
    try {
      auto config = reinterpret_cast<const char* (*)()>(cpu_blas_symbol("openblas_get_config"));
      std::string text = config();
      if (text.rfind("OpenBLAS ", 0) == 0) out.version = text.substr(9, text.find(' ', 9) - 9);
    } catch (const BackendError&) {
    }
    return out;
  } catch (const BackendError& e) {
    return {"CPU BLAS", "", "", e.what(), ""};
  }
}

std::vector<DeviceInfo> device_report(DeviceType type) {
  std::vector<DeviceInfo> out;
  Backend& backend = backend_for(type);
  for (int i = 0, n = device_count(type); i < n; ++i) {
    DeviceProperties p = backend.properties(i);
    DeviceInfo d{Device{type, i}.str(), p.name, "", 0};
    int64_t major = -1, minor = 0;
    for (const auto& [key, value] : p.values) {
      if (key == "totalGlobalMem") d.memory_bytes = value;
      if (key == "major") major = value;
      if (key == "minor") minor = value;
    }
    if (major >= 0) d.compute_capability = dotted({int(major), int(minor)});
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

void set_library_search_roots(std::vector<std::string> roots) {
  set_wheel_roots(std::move(roots));
}

std::vector<LibraryInfo> library_report() {
  std::vector<LibraryInfo> out;
  SharedLibrary driver = open_shared_library({"libcuda.so.1"});
  out.push_back(report("libcuda", driver, driver_version(driver)));
  SharedLibrary nvrtc = open_cuda_library(kNvrtcLibrary);
  out.push_back(report("NVRTC", nvrtc, nvrtc_version(nvrtc)));
  out.push_back(cuda_report("cuBLAS", kCublasLibrary, "cublasGetProperty"));
  out.push_back(cuda_report("cuBLASLt", kCublasLtLibrary, "cublasLtGetProperty"));
  out.push_back(cuda_report("cuSOLVER", kCusolverLibrary, "cusolverGetProperty"));
  out.push_back(cuda_report("cuFFT", kCufftLibrary, "cufftGetProperty"));
  LibraryInfo curand = cuda_report("cuRAND", kCurandLibrary, "curandGetProperty");
  if (!curand.path.empty()) curand.note = "not used yet: random numbers are ndgpu's own kernels";
  out.push_back(curand);
  out.push_back(cuda::cub_library_info());
  out.push_back(cpu_blas_report());
#if __has_include(<kissfft/kissfft.hh>)
  out.push_back({"CPU FFT", "KissFFT (header-only, built in)", "", "", ""});
#else
  out.push_back({"CPU FFT", "", "", "KissFFT's header was absent at build time", ""});
#endif
  return out;
}

Config config() {
  DeviceType type = default_device_type();
  return {NDGPU_VERSION, type == DeviceType::CUDA ? "cuda" : "cpu", device_report(type),
          library_report()};
}

std::string config_text() {
  Config c = config();
  std::string text = "ndgpu " + c.version + "\n";
  text += "backend: " + c.backend + ", devices: " + std::to_string(c.devices.size()) + "\n";
  for (const DeviceInfo& d : c.devices) {
    char memory[32];
    std::snprintf(memory, sizeof memory, "%.1f GiB", double(d.memory_bytes) / (1 << 30));
    text += "  " + d.id + ": " + d.name +
            (d.compute_capability.empty() ? "" : ", compute capability " + d.compute_capability) +
            ", " + memory + "\n";
  }
  text += "libraries:\n";
  for (const LibraryInfo& lib : c.libraries) {
    std::string name = lib.name + ":";
    name.resize(11, ' ');
    text += "  " + name + (lib.path.empty() ? "-" : lib.path);
    if (!lib.version.empty()) text += ", version " + lib.version;
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
