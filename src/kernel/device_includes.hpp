// Headers by need for generated kernels: each header NVRTC parses costs first-call time, so
// a kernel includes math/cast, complex or float16 support only when its types or code use it.
#pragma once
#include <span>
#include <string>

#include "kernel/binding.hpp"
#include "kernel/source_writer.hpp"

namespace ndgpu::kernel {

// Writes the #includes (and `using ndgpu::complex;` where complex appears) that `args` and
// the user's `code` need, before the engine's own header.
void write_device_includes(SourceWriter& src, std::span<const ArgSpec> args,
                           const std::string& code);

}  // namespace ndgpu::kernel
