// The quick tier's front-end entry point (quick/compile.hpp): lexing (quick/lexer.cpp),
// parsing and typing (quick/parser.cpp, quick/expressions.cpp, quick/functions.cpp,
// quick/types.cpp) and register emission (quick/emitter.cpp).
#include "kernel/quick/compile.hpp"

#include "kernel/quick/parser.hpp"

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
