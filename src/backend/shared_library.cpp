#include "backend/shared_library.hpp"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>

namespace ndgpu {

void* SharedLibrary::symbol(const char* sym) const {
  return handle ? dlsym(handle, sym) : nullptr;
}

SharedLibrary open_shared_library(const std::vector<std::string>& names) {
  SharedLibrary lib;
  for (const std::string& n : names) {
    if (n.empty()) continue;
    if ((lib.handle = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL))) {
      lib.name = n;
      return lib;
    }
    const char* err = dlerror();
    lib.tried += "\n  " + n + ": " + (err ? err : "not found");
  }
  return lib;
}

const CudaLibrary kNvrtcLibrary{"NDGPU_NVRTC", "nvrtc", "cuda_nvrtc", {"13", "12"}};
const CudaLibrary kCublasLibrary{"NDGPU_CUBLAS", "cublas", "cublas", {"13", "12"}};
const CudaLibrary kCublasLtLibrary{"NDGPU_CUBLASLT", "cublasLt", "cublas", {"13", "12"}};
const CudaLibrary kCusolverLibrary{"NDGPU_CUSOLVER", "cusolver", "cusolver", {"12", "11"}};
const CudaLibrary kCufftLibrary{"NDGPU_CUFFT", "cufft", "cufft", {"12", "11"}};
const CudaLibrary kCurandLibrary{"NDGPU_CURAND", "curand", "curand", {"10"}};

namespace {
std::mutex roots_mu;
std::vector<std::string> wheel_roots;
}  // namespace

void set_wheel_roots(std::vector<std::string> roots) {
  std::lock_guard lk(roots_mu);
  wheel_roots = std::move(roots);
}

SharedLibrary open_cuda_library(const CudaLibrary& library) {
  const std::string file = std::string("lib") + library.stem + ".so";
  std::vector<std::string> names;
  if (const char* e = std::getenv(library.env_var); e && *e) names.push_back(e);
  {
    // Only files that exist: a wheel path that is absent would only lengthen the error.
    std::lock_guard lk(roots_mu);
    for (const std::string& root : wheel_roots)
      for (const std::string& dir :
           {root + "/nvidia/cu13/lib/", root + "/nvidia/" + library.wheel + "/lib/"})
        for (const std::string& v : library.versions)
          if (::access((dir + file + "." + v).c_str(), F_OK) == 0)
            names.push_back(dir + file + "." + v);
  }
  for (const std::string& v : library.versions) names.push_back(file + "." + v);
  names.push_back(file);
  for (const char* var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* v = std::getenv(var); v && *v)
      names.push_back(std::string(v) + "/lib64/" + file);
  names.push_back("/usr/local/cuda/lib64/" + file);
  return open_shared_library(names);
}

std::string loaded_path(void* handle) {
  link_map* map = nullptr;
  if (handle && ::dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name)
    return map->l_name;
  return "";
}

}  // namespace ndgpu
