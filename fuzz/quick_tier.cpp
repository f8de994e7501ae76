// The quick tier's lexer and parser (src/kernel/quick): an ElementwiseKernel body compiled to
// the interpreter's program, or refused with a reason. The first byte picks the parameters'
// types; the rest is the body. Nothing may escape compile_quick.
#include <cstdlib>

#include "fuzz_input.hpp"
#include "kernel/quick/compile.hpp"
#include "kernel/quick/internal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ndgpu::kernel;
  using ndgpu::interp::Type;
  if (size == 0) return 0;
  const Type types[] = {ndgpu::interp::F32, ndgpu::interp::F64, ndgpu::interp::I32,
                        ndgpu::interp::I64};
  Type a = types[data[0] & 3], b = types[(data[0] >> 2) & 3], out = types[(data[0] >> 4) & 3];
  std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    quick::tokenize(body);
  } catch (const quick::Reject&) {
  }
  const QuickParam params[] = {{"x", a, false}, {"y", b, false}, {"z", out, true}};
  const std::pair<std::string, Type> names[] = {{"T", a}};
  QuickProgram q = compile_quick(body, params, names);
  if (!q.program && q.why_not.empty()) std::abort();  // a refusal always says why
  return 0;
}
