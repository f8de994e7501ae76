// RawKernel's reading of a CUDA source's __global__ declarations
// (src/kernel/raw/cuda_signature.cpp). Input: a name expression line, then the source. Any
// source must parse without an exception (unreadable parameter lists are marked unparsed).
#include "kernel/raw/cuda_signature.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ndgpu::kernel;
  auto f = ndgpu::fuzz::fields(data, size, 2);
  std::vector<CudaKernelDecl> kernels = parse_cuda_kernels(f[1]);
  parse_name_expression(f[0]);
  instantiate(kernels, f[0]);
  for (const CudaKernelDecl& k : kernels) instantiate(kernels, k.name);
  return 0;
}
