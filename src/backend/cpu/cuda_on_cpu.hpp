// The few source changes that let CUDA C++ compile for the host (with device/ndgpu/
// cpu_runtime.hpp as prelude), and the facts about a source the host entry points need.
#pragma once
#include <set>
#include <string>

namespace ndgpu::cpu {

// Rewrites `extern __shared__ T name[];` to a pointer at the block's dynamic shared buffer:
// a local `T* name` inside a function, a macro at file scope. Line numbers are kept.
std::string rewrite_extern_shared(const std::string& source);

// Whether the text uses block or warp barriers (__syncthreads, __syncwarp, shuffles, votes,
// warp reductions): such kernels run their threads as fibers.
bool uses_barriers(const std::string& source);

// Renames the __global__ functions called `*names` to NAME__ndgpu_kernel, at their
// declarations and definitions, and leaves in `*names` those it found: on the host a kernel
// named after a C library function (cabs, cabsf) would take the place of the one GCC's
// builtins call.
inline constexpr const char* kKernelSuffix = "__ndgpu_kernel";
std::string rename_kernels(const std::string& source, std::set<std::string>* names);

// The exported symbol of a kernel entry: NAME__ndgpu_entry for identifiers; name
// expressions ("scale<float>") are hex-encoded.
std::string entry_symbol(const std::string& name);

}  // namespace ndgpu::cpu
