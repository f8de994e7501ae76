// The reduction engine: binds types, plans, generates, caches and launches reduction
// kernels. ReductionKernel and every built-in reduction run through `run_reduction`.
#pragma once
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "kernel/definition.hpp"
#include "kernel/cache/lookup.hpp"
#include "kernel/reduction/shortcut.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct QuickRowsSpec;  // reduction/quick.cpp

struct ReductionDefinition : KernelDefinition {
  std::string map_expr, reduce_expr, post_map_expr, identity;
  // A dtype name, a placeholder letter, empty (the first output's type) or a C type whose
  // size is `reduce_size` (the built-ins' structs).
  std::string reduce_type;
  size_t reduce_size = 0;
  bool reduce_type_is_ctype = false;  // reduce_type is a C type, never a dtype name
  std::vector<std::string> includes;  // extra device headers
  bool uses_index = false;  // the code reads i, _i or _j: keep C order
  mutable ReductionShortcutTable shortcut;  // the shortcut's recipes (reduction/shortcut.hpp)
  // The quick tier's state per specialisation key, guarded by `mu` (reduction/quick.hpp).
  mutable std::unordered_map<std::string, std::shared_ptr<QuickRowsSpec>, KeyHash, std::equal_to<>>
      quick;

  ReductionDefinition(const std::string& in_params, const std::string& out_params,
                      std::string map_expr, std::string reduce_expr, std::string post_map_expr,
                      std::string identity, std::string name, std::string reduce_type = "",
                      bool reduce_dims = true, std::string preamble = "");
};

// `args`: inputs, optionally followed by outputs. `axes` empty optional: every axis.
std::vector<NDArray> run_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                                   const std::optional<std::vector<int64_t>>& axes,
                                   bool keepdims);

// Normalises `axes` for `ndim` (NumPy's errors for out-of-range and repeated axes).
std::vector<bool> reduced_axes(const std::optional<std::vector<int64_t>>& axes, int ndim);

}  // namespace ndgpu::kernel
