// The reduction engine's use of the quick tier (quick/tier.hpp): a ReductionKernel on the
// plain row kernel's path runs its first calls on the row interpreter
// (device/ndgpu/interp_rows.cuh) while its kernel compiles in the background.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "kernel/cache/lookup.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/quick/tier.hpp"
#include "ndgpu/interp_program.cuh"

namespace ndgpu::kernel {

struct ReductionDefinition;

struct RowsQuickCall {
  std::span<const ArgSpec> specs;  // the output, then the input
  std::span<const std::pair<char, DType>> placeholders;
  std::string reduce_ctype;
  bool index32 = false;
  int64_t elements = 0;
};

// `compiled` set: use it. Otherwise launch `interpreter` with the plain row kernel's
// arguments and then `programs`.
struct RowsQuick {
  std::optional<CompiledKernel> compiled;
  CompiledKernel interpreter;
  interp::RowsPrograms programs{};
};

// For the plain-row specialisation `key`, not compiled yet. Adds -fmad=false to the source
// when the interpreter can stand in for it.
RowsQuick rows_compile_or_interpret(const ReductionDefinition& def, std::string_view key,
                                    Device device, const SourceFn& source,
                                    const RowsQuickCall& call);

}  // namespace ndgpu::kernel
