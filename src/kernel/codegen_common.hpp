// Helpers every kernel generator shares. Headers by need: each header NVRTC parses costs
// first-call time, so a kernel includes math/cast, complex or float16 support only when its
// types or code use it.
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

// A dtype's C type in kernel code ("float", "ndgpu::complex<float>").
std::string kernel_ctype(DType t);

// The generated source with its one entry point.
KernelSource finish_source(const SourceWriter& src, KernelEntry entry, const std::string& name);

}  // namespace ndgpu::kernel
