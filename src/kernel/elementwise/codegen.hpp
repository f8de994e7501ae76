// Source generation for elementwise kernels, in the one kernel dialect.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/arg_spec.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::kernel {

struct ElementwiseSpec {
  std::string name;
  std::string operation, preamble, loop_prep, after_loop;
  std::vector<std::pair<char, DType>> placeholders;  // typedef'd for the body
  std::vector<ArgSpec> args;                         // outputs first, then inputs
  int ndim = 1;                                      // collapsed iteration ndim
  bool contiguous = true;
  bool index32 = true;
  // Elements per vector load on CUDA's contiguous path (16 bytes / widest itemsize), with a
  // run-time flag `_vec_ok` for alignment; 1 disables the vector path.
  int vector_width = 1;
  int vectors_per_thread = 1;  // loaded by each thread before computing (ElementwiseCode)
};

// The kernel's source and its single entry (with parameter types, for the CPU backend);
// its parameters are those elementwise/args.hpp describes.
KernelSource generate_elementwise(const ElementwiseSpec& spec);

}  // namespace ndgpu::kernel
