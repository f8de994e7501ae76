// Reads the __global__ functions of a user's CUDA source (RawKernel, RawModule): their names,
// linkage, template parameters and parameter types. ndgpu uses them to check a launch's
// arguments and to generate the CPU backend's entry points. Not a C++ parser: it tokenises
// the source (comments and preprocessor lines dropped) and reads declarations by shape.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "kernel/raw/cuda_types.hpp"

namespace ndgpu::kernel {

struct CudaParam {
  std::string type;  // "const float*", "unsigned long long", "complex<float>*"
  std::string name;  // "" when unnamed
};

struct CudaKernelDecl {
  std::string name;
  bool extern_c = false;
  std::vector<std::string> template_params;  // names, in order: {"T", "N"}
  std::vector<CudaParam> params;
  bool parsed = true;  // false when the parameter list could not be read
};

// Every __global__ function of `source` in order of appearance; a name declared twice (a
// prototype, then the definition) is listed once.
std::vector<CudaKernelDecl> parse_cuda_kernels(const std::string& source);

// "scale<float, 4>" -> {"scale", {"float", "4"}}; a plain name has no arguments.
struct NameExpression {
  std::string base;
  std::vector<std::string> args;
};
NameExpression parse_name_expression(const std::string& expr);

// The kernel that `name` (a name or a name expression) denotes, with the template's
// parameters replaced by the expression's arguments in its parameter types.
std::optional<CudaKernelDecl> instantiate(const std::vector<CudaKernelDecl>& kernels,
                                          const std::string& name);

}  // namespace ndgpu::kernel
