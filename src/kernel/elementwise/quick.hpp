// The elementwise engine's use of the quick tier (quick/tier.hpp): a specialisation that is
// not compiled yet runs on the interpreter while it compiles in the background.
#pragma once
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "kernel/cache/lookup.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/quick/tier.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct ElementwiseDefinition;

// One call of a specialisation.
struct QuickCall {
  std::span<const ArgSpec> specs;          // outputs first, then inputs
  std::span<const NDArray* const> arrays;  // the Array specs' arrays, in specs' order
  std::span<const Scalar* const> scalars;  // the Scalar specs' values, in specs' order
  std::span<const std::pair<char, DType>> placeholders;
  const IterationPlan* plan = nullptr;  // its strides follow `arrays`
};

// For the specialisation `key`, not compiled yet: returns its kernel when it is ready or must
// be compiled now (compiling `source()`), or nullopt after running this call on the
// interpreter. Adds -fmad=false to the source when the interpreter can stand in for it
// (both tiers must agree).
std::optional<CompiledKernel> compile_or_interpret(const ElementwiseDefinition& def,
                                                   std::string_view key, Device device,
                                                   const SourceFn& source, const QuickCall& call);

}  // namespace ndgpu::kernel
