// What every user-defined kernel (ElementwiseKernel, ReductionKernel) has: a name, checked
// parameter lists, a preamble and options, and its compiled specialisations.
#pragma once
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kernel/cache/lookup.hpp"
#include "kernel/signature.hpp"

namespace ndgpu::kernel {

struct KernelDefinition {
  std::string name;
  std::vector<Param> in, out;
  std::string preamble;
  std::vector<std::string> options;
  bool reduce_dims = true;
  bool has_raw = false;

  // Parses and checks both parameter lists (parse_kernel_params).
  KernelDefinition(std::string_view in_params, std::string_view out_params, std::string name,
                   std::string preamble, bool reduce_dims, std::vector<std::string> options);

  // Compiled specialisations, keyed by dtypes, layout and device; looked up by string_view.
  struct KeyHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  mutable std::mutex mu;
  mutable std::unordered_map<std::string, CompiledKernel, KeyHash, std::equal_to<>> specs;
};

}  // namespace ndgpu::kernel
