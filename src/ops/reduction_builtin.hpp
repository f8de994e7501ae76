// Built-in reductions as generated ReductionDefinitions: one per (operation, dtypes), made on
// first use and cached, like the ufunc loops.
#pragma once
#include <string>
#include <vector>

#include "ndgpu/reductions.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::ops {

struct BuiltinReduce {
  std::string op;            // kernel name stem ("sum")
  std::vector<DType> in;     // the inputs' parameter types (x, then w for two-input ops)
  DType out;                 // the output's parameter type
  std::string acc;           // the accumulator's C type
  size_t acc_size;           // its size in bytes
  std::string map, reduce, post, identity;
  std::string scalar_params; // e.g. "float64 ddof": inputs after the arrays
};

// Runs `r` over `inputs` (arrays, then the scalars of scalar_params).
NDArray run_builtin(const BuiltinReduce& r, const std::vector<Operand>& inputs, const Axes& axis,
                    const OptArray& out, bool keepdims);

std::string kernel_ctype(DType t);       // "float", "ndgpu::complex<float>"
std::string compute_ctype(DType t);      // arithmetic type: float16 computes in float
DType sum_dtype(DType t);                // NumPy's sum/prod result for `t`
DType mean_dtype(DType t);               // NumPy's mean result (ints: float64)
// Size of a struct of fields (size, alignment), as the compiler lays it out.
size_t struct_size(std::initializer_list<std::pair<size_t, size_t>> fields);
size_t ctype_align(DType t);
// True when the reduction over `axis` has no elements per output (NumPy then raises for
// operations without an identity).
bool reduces_nothing(const NDArray& a, const Axes& axis);
void require_nonempty(const NDArray& a, const Axes& axis, const char* numpy_op);
// The lowest/highest value of `t` as a kernel expression (infinities for floats).
std::string lowest_expr(DType t);
std::string highest_expr(DType t);
std::string nan_expr(DType t);

}  // namespace ndgpu::ops
