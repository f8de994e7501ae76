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
// numbered source when compilation fails. The first compile of each set of flags also
// precompiles ndgpu/common.cuh for them in the background (NDGPU_CPU_PCH=0: not), which
// halves later compiles.
std::string compile_shared_object(const KernelSource& src);
// Precompiles ndgpu/common.cuh now for kernels compiled as `like` is, into the cache's
// header folder; returns its path (tools/aot checks that outputs stay the same with it).
std::string precompile_common_header(const KernelSource& like);
// Whether compile_shared_object may precompile in the background (tools/aot: not).
void set_background_precompile(bool on);
// Where the header precompiled for kernels compiled as `src` is would be: kernels with the
// same path share it.
std::string precompiled_header_path(const KernelSource& src);
using ndgpu::number_lines;

}  // namespace ndgpu::cpu
