// The quick tier's front-end entry point (quick_compile.hpp): lexing (quick_lexer.cpp),
// parsing and typing (quick_parser.cpp, quick_expressions.cpp, quick_functions.cpp,
// quick_types.cpp) and register emission (quick_emitter.cpp).
#include "kernel/quick_compile.hpp"

#include "kernel/quick_parser.hpp"

namespace ndgpu::kernel {

QuickProgram compile_quick(std::string_view body, std::span<const QuickParam> params,
                           std::span<const std::pair<std::string, interp::Type>> type_names) {
  QuickProgram out;
  try {
    quick::Parser parser(body, params, type_names);
    out.program = parser.compile();
  } catch (const quick::Reject& r) {
    out.why_not = r.why;
  }
  return out;
}

}  // namespace ndgpu::kernel
