// RawKernel and RawModule: users' own CUDA C++ kernels, as CuPy's, on every backend. On CUDA
// the source is compiled with NVRTC (or nvcc); on the CPU backend the same source is compiled
// by the host compiler against a CUDA runtime prelude (barriers, shared memory, atomics,
// shuffles). Unlike CuPy, a launch's arguments are checked against the kernel's parameters.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "ndgpu/backend.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

class RawKernel;
namespace kernel {
struct RawModuleState;
// The kernel's function on the current device, compiled and loaded on first use: for the
// library's own launches that cache it and pack their arguments themselves.
void* function_of(const RawKernel& k);
}  // namespace kernel

// A parameter's value as bytes: a struct or CUDA vector type passed by value, from a NumPy
// record (structured scalar) in Python or any trivially copyable C++ object. The launch checks
// the size against the parameter's type; `what` names the value in errors.
struct RawBytes {
  std::vector<unsigned char> bytes;
  std::string what;
  template <class T>
  static RawBytes of(const T& value, std::string what = "a C++ object") {
    const auto* p = reinterpret_cast<const unsigned char*>(&value);
    return RawBytes{std::vector<unsigned char>(p, p + sizeof(T)), std::move(what)};
  }
};

// One launch argument: an array (passes its data pointer, at its offset), a scalar, a value's
// bytes, or a null pointer (Python's None).
using RawArg = std::variant<NDArray, Scalar, RawBytes, std::nullptr_t>;

class RawKernel;

class RawModule {
 public:
  // Exactly one of `code` (CUDA C++) and `path` (a cubin, PTX or fatbin on CUDA; CUDA source
  // on either backend). backend: "nvrtc" or "nvcc". name_expressions: template
  // instantiations to compile ("scale<float>"), retrievable by get_function. Headers named
  // by `-I` options are read here and handed to the compilers in memory.
  RawModule(const std::string& code, const std::string& path, std::vector<std::string> options = {},
            const std::string& backend = "nvrtc", std::vector<std::string> name_expressions = {},
            bool translate_cucomplex = false);

  // A kernel by name, or by one of the name expressions. Raises when the module has none.
  RawKernel get_function(const std::string& name) const;
  // Compiles and loads the module for the current device now (otherwise done on first use).
  void compile() const;

  const std::string& code() const;
  const std::string& backend() const;
  const std::vector<std::string>& options() const;
  const std::vector<std::string>& name_expressions() const;

 private:
  std::shared_ptr<kernel::RawModuleState> state_;
};

class RawKernel {
 public:
  RawKernel(const std::string& code, const std::string& name, std::vector<std::string> options = {},
            const std::string& backend = "nvrtc", bool translate_cucomplex = false);

  // Launches on the current device (and its current stream unless one is given). Raises
  // ValueError for an impossible grid or block, TypeError naming the parameter when an
  // argument cannot be passed to it, CompileError when the source does not compile.
  void operator()(Dim3 grid, Dim3 block, std::span<const RawArg> args, size_t shared_mem = 0,
                  std::optional<StreamHandle> stream = std::nullopt) const;
  // Python's call one for one: `add_kernel({5}, {5}, {x1, x2, y})`.
  void operator()(Dim3 grid, Dim3 block, std::initializer_list<RawArg> args, size_t shared_mem = 0,
                  std::optional<StreamHandle> stream = std::nullopt) const {
    (*this)(grid, block, std::span<const RawArg>(args.begin(), args.size()), shared_mem, stream);
  }

  // The compiled function's attributes on the current device (compiles if needed).
  FunctionAttributes attributes() const;
  void set_max_dynamic_shared_size_bytes(int bytes) const;

  const std::string& name() const { return name_; }
  const std::string& code() const;
  const std::string& backend() const;
  const std::vector<std::string>& options() const;
  // "const float* x1, const float* x2, float* y", or "" when the signature was not parsed.
  std::string signature() const;

 private:
  friend class RawModule;
  friend void* kernel::function_of(const RawKernel& k);
  RawKernel(std::shared_ptr<kernel::RawModuleState> module, std::string name);
  void* function() const;

  std::shared_ptr<kernel::RawModuleState> module_;
  std::string name_;
};

}  // namespace ndgpu
