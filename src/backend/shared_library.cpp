#include "backend/shared_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

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

SharedLibrary open_cuda_library(const char* env_var, const std::string& stem,
                                const std::vector<std::string>& versions) {
  const std::string file = "lib" + stem + ".so";
  std::vector<std::string> names;
  if (const char* e = std::getenv(env_var); e && *e) names.push_back(e);
  for (const std::string& v : versions) names.push_back(file + "." + v);
  names.push_back(file);
  for (const char* var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* v = std::getenv(var); v && *v)
      names.push_back(std::string(v) + "/lib64/" + file);
  names.push_back("/usr/local/cuda/lib64/" + file);
  return open_shared_library(names);
}

}  // namespace ndgpu
