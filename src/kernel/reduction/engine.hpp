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

#include "kernel/cache/lookup.hpp"
#include "kernel/definition.hpp"
#include "kernel/prepared_call.hpp"
#include "kernel/reduction/shortcut.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct QuickRowsSpec;  // reduction/quick.cpp

// What a reduction kernel is made of (CuPy's ReductionKernel arguments, by name, and what
// the built-ins add).
struct ReductionCode {
  std::string in_params{}, out_params{};  // "T x", "T y"
  std::string map_expr = "in0";           // per element, over the inputs
  std::string reduce_expr = "a + b";      // combines accumulators a and b
  std::string post_map_expr = "out0 = a";
  std::string identity{};  // the accumulator's start
  std::string name = "reduce";
  // A dtype name, a placeholder letter, empty (the first output's type) or, with
  // `reduce_type_is_ctype`, a C type of `reduce_size` bytes (the built-ins' structs).
  std::string reduce_type{};
  size_t reduce_size = 0;
  bool reduce_type_is_ctype = false;
  bool reduce_dims = true;
  std::string preamble{};
  std::vector<std::string> includes{};  // extra device headers
  std::vector<std::string> options{};   // compiler options
  // "max" or "min": NumPy's NaN-propagating extreme of the input itself (map `x`, float32 or
  // float64), which the CPU's kernels compute with SIMD loops (device/ndgpu/cpu_extreme.cuh).
  std::string cpu_simd{};
};

struct ReductionDefinition : KernelDefinition {
  std::string map_expr, reduce_expr, post_map_expr, identity;
  // A dtype name, a placeholder letter, empty (the first output's type) or a C type whose
  // size is `reduce_size` (the built-ins' structs).
  std::string reduce_type;
  size_t reduce_size = 0;
  bool reduce_type_is_ctype = false;        // reduce_type is a C type, never a dtype name
  std::vector<std::string> includes;        // extra device headers
  std::string cpu_simd;                     // ReductionCode's
  bool uses_index = false;                  // the code reads i, _i or _j: keep C order
  mutable ReductionShortcutTable shortcut;  // the shortcut's recipes (reduction/shortcut.hpp)
  // The quick tier's state per specialisation key, guarded by `mu` (reduction/quick.hpp).
  mutable std::unordered_map<std::string, std::shared_ptr<QuickRowsSpec>, KeyHash, std::equal_to<>>
      quick;

  explicit ReductionDefinition(ReductionCode code);
};

// `args`: inputs, optionally followed by outputs. `axes` empty optional: every axis.
std::vector<NDArray> run_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                                   const std::optional<std::vector<int64_t>>& axes, bool keepdims);

}  // namespace ndgpu::kernel
