// nvcc in a subprocess: the CUDA backend's compiler for sources that ask for
// Compiler::Nvcc (RawModule's backend='nvcc').
#pragma once
#include <string>

#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

// A cubin for sm_<arch>, headers written to a temporary folder. Raises CompileError with
// nvcc's output and the numbered source; extern "C" kernels only (no name expressions).
std::string nvcc_compile(const KernelSource& src, int arch);
// "nvcc <version>"; raises BackendError when nvcc cannot be found.
std::string nvcc_identity();

}  // namespace ndgpu::cuda
