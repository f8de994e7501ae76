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

// A CUDA toolkit library: the variable naming its path, its file stem, the folder of its
// CUDA 12 pip wheel under site-packages/nvidia, and the soname versions tried.
struct CudaLibrary {
  const char* env_var;  // "NDGPU_CUBLAS"
  const char* stem;     // "cublas"
  const char* wheel;    // "cublas" (nvidia/cublas/lib); CUDA 13 wheels share nvidia/cu13/lib
  std::vector<std::string> versions;  // "13", "12"
};
extern const CudaLibrary kNvrtcLibrary, kCublasLibrary, kCublasLtLibrary, kCusolverLibrary,
    kCufftLibrary, kCurandLibrary;

// The path in `env_var` when set, then NVIDIA's pip wheels (nvidia/cu13/lib, then
// nvidia/<wheel>/lib under each site-packages folder), then the sonames on the loader's path,
// then the toolkit's lib64 folder (CUDA_PATH, CUDA_HOME, /usr/local/cuda).
SharedLibrary open_cuda_library(const CudaLibrary& library);

// The site-packages folders searched for NVIDIA's wheels (the Python module sets them).
void set_wheel_roots(std::vector<std::string> roots);

// The file a loaded library came from (its absolute path when the loader knows it).
std::string loaded_path(void* handle);

}  // namespace ndgpu
