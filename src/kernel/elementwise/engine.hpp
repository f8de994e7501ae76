// The elementwise engine: binds types, plans the iteration, generates, caches and launches.
// ElementwiseKernel and every built-in ufunc run through `run_elementwise`.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kernel/definition.hpp"
#include "kernel/elementwise/shortcut.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/cache/lookup.hpp"
#include "kernel/launch.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct QuickSpec;  // elementwise/quick.cpp

struct ElementwiseDefinition : KernelDefinition {
  std::string operation, loop_prep, after_loop;
  bool uses_i = false;  // the body reads the loop index: the plan must keep C order
  mutable ShortcutTable shortcut;  // the contiguous shortcut's specialisations (elementwise/shortcut.hpp)
  // The quick tier's state per specialisation key, guarded by `mu` (elementwise/quick.hpp).
  mutable std::unordered_map<std::string, std::shared_ptr<QuickSpec>, KeyHash, std::equal_to<>> quick;

  ElementwiseDefinition(const std::string& in_params, const std::string& out_params,
                        std::string operation, std::string name, bool reduce_dims,
                        std::string preamble, std::string loop_prep, std::string after_loop,
                        std::vector<std::string> options);
};

// Packs the arguments of one launch (elementwise/args.cpp).
void pack_elementwise_args(ArgPack& pack, std::span<const ArgSpec> specs,
                           const IterationPlan& plan, std::span<const NDArray* const> op_arrays,
                           std::span<const NDArray* const> raw_arrays,
                           std::span<const Scalar* const> scalars);

// `args`: inputs, optionally followed by outputs. Returns the outputs.
std::vector<NDArray> run_elementwise(const ElementwiseDefinition& def,
                                     std::span<const Operand> args,
                                     std::optional<int64_t> size = std::nullopt);

}  // namespace ndgpu::kernel
