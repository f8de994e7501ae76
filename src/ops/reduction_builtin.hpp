// Built-in reductions as generated ReductionDefinitions: one per (operation, dtypes), made on
// first use and cached, like the ufunc loops.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ndgpu/reductions.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {
struct ReductionDefinition;
}

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

// The definition made from `r` (once per operation and dtypes), and the one already made for
// (op, in, out) or nullptr: callers on the dispatch path look first and build `r` only on a
// miss, so a repeated call builds no string.
const kernel::ReductionDefinition& builtin_definition(const BuiltinReduce& r);
const kernel::ReductionDefinition* find_builtin(std::string_view op, std::span<const DType> in,
                                                DType out);
NDArray run_definition(const kernel::ReductionDefinition& def, std::span<const Operand> inputs,
                       const Axes& axis, const OptArray& out, bool keepdims);

// run_builtin for one input array, calling make() (a BuiltinReduce) only on the first call.
template <class Make>
NDArray run_builtin_cached(const char* op, const NDArray& a, DType out_type, Make&& make,
                           const Axes& axis, const OptArray& out, bool keepdims) {
  const DType in[1] = {a.dtype()};
  const kernel::ReductionDefinition* def = find_builtin(op, in, out_type);
  if (!def) def = &builtin_definition(make());
  const Operand args[1] = {a};
  return run_definition(*def, args, axis, out, keepdims);
}

std::string kernel_ctype(DType t);       // "float", "ndgpu::complex<float>"
// `expr` converted to `ctype`, spelled so that multi-word types ("unsigned char", "long
// long") parse too: T(expr) does not for them.
std::string convert_to(const std::string& ctype, const std::string& expr);
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
