// ElementwiseKernel/ReductionKernel parameter lists (src/kernel/signature.cpp). Input: the
// in_params line, the out_params line, then a kernel body. Malformed lists must raise
// ValueError; nothing else may escape.
#include <cstdlib>

#include "fuzz_input.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ndgpu;
  auto f = fuzz::fields(data, size, 3);
  try {
    kernel::KernelParams k = kernel::parse_kernel_params(f[0], f[1], "fuzzed");
    for (const auto* list : {&k.in, &k.out}) {
      for (const kernel::Param& p : *list) {
        if (!kernel::is_identifier(p.name)) std::abort();  // the parser accepted a bad name
        kernel::uses_identifier(f[2], p.name);
        kernel::only_assigned(f[2], p.name);
      }
    }
    if (k.out.empty()) std::abort();
  } catch (const ValueError&) {
  }
  kernel::is_identifier(f[0]);
  return 0;
}
