// The CPU backend's ahead-of-time pack: the catalogue's kernels as the CPU backend generates
// them, each compiled to a shared object exactly as at run time (docs/architecture.md).
#pragma once
#include <string>

namespace ndgpu::aot {

// Writes the pack to `out` with `jobs` compilers at a time; --list prints each kernel.
// Returns the process exit status.
int build_cpu_pack(const std::string& out, unsigned jobs, bool list);

}  // namespace ndgpu::aot
