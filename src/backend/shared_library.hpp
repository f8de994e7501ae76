// Opening the field's libraries on first use (cuBLAS, OpenBLAS, ...): the first of several
// names that dlopen finds, and its symbols by name.
#pragma once
#include <string>
#include <vector>

namespace ndgpu {

struct SharedLibrary {
  void* handle = nullptr;  // nullptr: none of the names opened
  std::string name;        // the one that opened
  std::string tried;       // every name tried and why it failed, for error messages
  // A symbol, or nullptr when the library lacks it.
  void* symbol(const char* name) const;
};

// Tries `names` in order (sonames or paths); the library stays loaded for the process.
SharedLibrary open_shared_library(const std::vector<std::string>& names);

// A CUDA toolkit library (`stem` "cublas"): the path in `env_var` when set, then the
// sonames `versions` ("13", "12") on the loader's path, then the toolkit's lib64 folder
// (CUDA_PATH, CUDA_HOME, /usr/local/cuda).
SharedLibrary open_cuda_library(const char* env_var, const std::string& stem,
                                const std::vector<std::string>& versions);

}  // namespace ndgpu
