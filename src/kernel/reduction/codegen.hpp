// Source generation for reduction kernels (ReductionKernel and the built-in reductions).
#pragma once
#include <string>
#include <vector>

#include "kernel/elementwise/codegen.hpp"

namespace ndgpu::kernel {

// What the generated kernel's `_mode` argument selects (one entry serves every strategy,
// so a new layout of the same types costs no compile).
enum ReduceMode : int {
  kModeRows = 0,         // a block per output, threads over the reduced range
  kModeColumns = 1,      // a thread per output
  kModeRowsVec = 2,      // rows, with 16-byte loads of the single input
  kModeFinalRows = 3,    // second pass: a block per output over the partials
  kModeFinalColumns = 4  // second pass: a thread per output over the partials
};

struct ReductionSpec {
  std::string name;
  std::string map_expr, reduce_expr, post_map_expr, identity, preamble;
  std::string reduce_ctype;                          // the accumulator's C type
  std::vector<std::string> includes;                 // device headers besides reduce.cuh
  std::vector<std::pair<char, DType>> placeholders;  // typedef'd for the code
  std::vector<ArgSpec> args;                         // outputs first, then inputs
  int out_ndim = 0, red_ndim = 1;
  bool index32 = true;
  int vec_width = 0;        // > 0: emit kModeRowsVec for the single input array
  unsigned modes = 0x1f;    // bit k set: emit case k of the mode switch
  bool plain_rows = false;  // the plain row kernel (reduction/codegen_rows.cpp) instead
  std::string cpu_simd;     // "max"/"min": the CPU's SIMD loops (ReductionCode::cpu_simd)
};

// Kernel parameters, in order: each arg (input array: Strided<I, out_ndim + red_ndim>,
// output array: Strided<I, out_ndim>, scalar: value, raw: RawArray), then
// Extents<I, out_ndim>, Extents<I, red_ndim>, I out_size, I red_size, I chunk,
// char* partials, int mode.
KernelSource generate_reduction(const ReductionSpec& spec);

// The plain row kernel, for one output and one input array reduced along one axis
// (out_ndim == red_ndim == 1) in a single pass, with an accumulator of a type that
// plain_rows_reduce_type accepts. Same parameters as generate_reduction's kernel.
KernelSource generate_reduction_plain_rows(const ReductionSpec& spec);
bool plain_rows_reduce_type(const std::string& ctype);

}  // namespace ndgpu::kernel
