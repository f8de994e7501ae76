// Helpers every kernel generator shares. Headers by need: each header NVRTC parses costs
// first-call time, so a kernel includes math/cast, complex or float16 support only when its
// types or code use it.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "kernel/binding.hpp"
#include "kernel/source_writer.hpp"

namespace ndgpu::kernel {

// Writes the #includes (and `using ndgpu::complex;` where complex appears) that `args` and
// the user's `code` need, before the engine's own header.
void write_device_includes(SourceWriter& src, std::span<const ArgSpec> args,
                           const std::string& code);

// A dtype's C type in kernel code ("float", "ndgpu::complex<float>").
std::string kernel_ctype(DType t);

// Declares argument `a` as a kernel parameter, appending "type name" to `params` and the type
// to `entry`: raw arrays as RawArray<T, N> under their own name, scalars as _s_<name>, arrays
// as `array_type` under _p_<name>.
void declare_param(const ArgSpec& a, const std::string& array_type,
                   std::vector<std::string>& params, KernelEntry& entry);

// The generated source with its one entry point.
KernelSource finish_source(const SourceWriter& src, KernelEntry entry, const std::string& name);

}  // namespace ndgpu::kernel
