// Compiles kernel-dialect source for the host into a shared object (as MLX's CPU backend).
#pragma once
#include <string>

#include "backend/files.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::cpu {

// The host compiler (NDGPU_CXX, else CXX, else c++), its files' identity (path, size, time),
// the flags and the CPU model; part of cache keys.
const std::string& host_compiler_identity();
// The full translation unit: the source plus one entry point per KernelEntry that unpacks
// CUDA's void** arguments and runs a block.
std::string host_translation_unit(const KernelSource& src);
// Returns the shared object's bytes; raises CompileError with the compiler's output and the
// numbered source when compilation fails.
std::string compile_shared_object(const KernelSource& src);
// Precompiles ndgpu/common.cuh beside itself in the cache's header folder, with the kernels'
// flags; the compiler then uses it for every kernel (tools/aot: half the compile time).
// Returns its path.
std::string precompile_common_header();
using ndgpu::number_lines;

}  // namespace ndgpu::cpu
