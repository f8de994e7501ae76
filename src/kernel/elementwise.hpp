// The elementwise engine: binds types, plans the iteration, generates, caches and launches.
// ElementwiseKernel and every built-in ufunc run through `run_elementwise`.
#pragma once
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "kernel/kernel_cache.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct ElementwiseDefinition {
  std::string name;
  std::vector<Param> in, out;
  std::string operation, preamble, loop_prep, after_loop;
  std::vector<std::string> options;
  bool reduce_dims = true;
  bool uses_i = false;  // the body reads the loop index: the plan must keep C order
  bool has_raw = false;

  ElementwiseDefinition(const std::string& in_params, const std::string& out_params,
                        std::string operation, std::string name, bool reduce_dims,
                        std::string preamble, std::string loop_prep, std::string after_loop,
                        std::vector<std::string> options);

  // Compiled specialisations, keyed by dtypes, layout and device.
  mutable std::mutex mu;
  mutable std::unordered_map<std::string, CompiledKernel> specs;
};

// `args`: inputs, optionally followed by outputs. Returns the outputs.
std::vector<NDArray> run_elementwise(const ElementwiseDefinition& def,
                                     std::span<const Operand> args,
                                     std::optional<int64_t> size = std::nullopt);

}  // namespace ndgpu::kernel
