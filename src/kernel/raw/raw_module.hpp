// The state behind RawModule and its RawKernels: the source (or binary), its parsed kernels,
// and what has been compiled and loaded per device.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "kernel/raw/cuda_signature.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::kernel {

struct RawModuleState {
  std::string code;    // CUDA C++ (empty when loaded from a binary)
  std::string binary;  // a cubin, PTX or fatbin read from `path`
  std::string path;
  std::vector<std::string> options;            // as given
  std::vector<std::string> compile_options;    // without -I (headers travel in memory)
  std::map<std::string, std::string> headers;  // found through -I
  std::string backend = "nvrtc";
  std::vector<std::string> name_expressions;
  std::vector<CudaKernelDecl> kernels;

  // The function `name` (a kernel name or a name expression) on `device`, compiling and
  // loading the module on first use.
  void* function(Device device, const std::string& name);
  // The declaration `name` refers to, with its parameters classified, when the source could
  // be read (nullptr otherwise). Cached: launches look it up every time.
  struct Declaration {
    CudaKernelDecl decl;
    std::vector<ParamType> types;
  };
  const Declaration* declaration(const std::string& name);

 private:
  LoadedModule& load(Device device);
  KernelSource source() const;

  std::mutex mu_;
  std::map<std::string, std::shared_ptr<LoadedModule>> loaded_;  // by device ("cuda:0")
  std::map<std::string, Declaration> instantiated_;
  std::optional<TypeLayouts> layouts_;  // read on the first declaration() call
};

// Reads the headers that `code` includes (transitively) from `include_dirs`, keyed by the
// name used in the #include; ndgpu's own device headers are left to the compilers.
std::map<std::string, std::string> collect_headers(const std::string& code,
                                                   const std::vector<std::string>& include_dirs);

}  // namespace ndgpu::kernel
