// The quick tier's front-end (docs/quick_tier.md): compiles the body of an ElementwiseKernel
// into a register program for the interpreter in device/ndgpu/interp.cuh. Anything whose
// C++ meaning it cannot reproduce bit for bit is rejected; the caller then compiles the body.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "ndgpu/interp_program.cuh"

namespace ndgpu::kernel {

struct QuickParam {
  std::string name;     // the kernel parameter's name, e.g. "x"
  interp::Type type;    // its value type
  bool output = false;  // outputs are references: reads see the current element, writes store it
};

struct QuickProgram {
  std::optional<interp::Program> program;  // empty: not interpretable
  std::string why_not;                     // a short reason when empty (for tracing)
};

// `params`: inputs then outputs, in declaration order; parameter k of the program is params[k].
// `type_names`: extra type names usable in declarations and casts, e.g. {"T", F32} for a
// CuPy type placeholder bound at call time.
QuickProgram compile_quick(std::string_view body, std::span<const QuickParam> params,
                           std::span<const std::pair<std::string, interp::Type>> type_names = {});

}  // namespace ndgpu::kernel
