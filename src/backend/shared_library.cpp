#include "backend/shared_library.hpp"

#include <dlfcn.h>

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

}  // namespace ndgpu
