// Built-in reductions as generated ReductionDefinitions: one per (operation, dtypes), made on
// first use and cached, like the ufunc loops.
#pragma once
#include <array>
#include <atomic>
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
  std::string op;         // kernel name stem ("sum")
  std::vector<DType> in;  // the inputs' parameter types (x, then w for two-input ops)
  DType out;              // the output's parameter type
  std::string acc;        // the accumulator's C type
  size_t acc_size;        // its size in bytes
  std::string map, reduce, post, identity;
  std::string scalar_params;  // e.g. "float64 ddof": inputs after the arrays
  std::string cpu_simd{};     // kernel::ReductionCode::cpu_simd
};

// The recipe (map over `x`, reduce, post, identity) of sum, prod, nansum, nanprod, max, min,
// nanmax, nanmin, mean, any, all or norm2 of `in`; `dtype` is the result's for sums (NumPy's
// accumulator when omitted) and mean, ignored by the others.
BuiltinReduce reduction_recipe(std::string_view op, DType in, OptDType dtype = {});

// The dtype ufunc.reduce/accumulate of a binary ufunc runs in: `dtype`, else bool for logical_*,
// else out's or a's; its loop must keep that dtype (TypeError otherwise, as NumPy's).
DType binary_fold_dtype(const std::string& name, const char* method, const NDArray& a,
                        OptDType dtype, const OptArray& out);

// Runs `r` over `inputs` (arrays, then the scalars of scalar_params).
NDArray run_builtin(const BuiltinReduce& r, const std::vector<Operand>& inputs, const Axes& axis,
                    const OptArray& out, bool keepdims);

// The definition made from `r`, once per operation and dtypes.
const kernel::ReductionDefinition& builtin_definition(const BuiltinReduce& r);
NDArray run_definition(const kernel::ReductionDefinition& def, std::span<const Operand> inputs,
                       const Axes& axis, const OptArray& out, bool keepdims);
// run_definition on one array; a repeated call replays its recorded launch without building
// an operand list.
NDArray run_definition_on(const kernel::ReductionDefinition& def, const NDArray& a,
                          const Axes& axis, const OptArray& out, bool keepdims);

// The definitions of one built-in operation by (input dtype, output dtype), read without a
// lock or a string: each caller of run_builtin_cached keeps one, for its operation.
class BuiltinSlots {
 public:
  const kernel::ReductionDefinition* find(DType in, DType out) const {
    return slots_[index(in, out)].load(std::memory_order_acquire);
  }
  void store(DType in, DType out, const kernel::ReductionDefinition* def) {
    slots_[index(in, out)].store(def, std::memory_order_release);
  }

 private:
  static size_t index(DType in, DType out) { return size_t(in) * kNumDTypes + size_t(out); }
  std::array<std::atomic<const kernel::ReductionDefinition*>, kNumDTypes * kNumDTypes> slots_{};
};

// run_builtin for one input array, calling make() (a BuiltinReduce) only on the first call
// with these dtypes.
template <class Make>
NDArray run_builtin_cached(BuiltinSlots& slots, const NDArray& a, DType out_type, Make&& make,
                           const Axes& axis, const OptArray& out, bool keepdims) {
  const kernel::ReductionDefinition* def = slots.find(a.dtype(), out_type);
  if (!def) {
    def = &builtin_definition(make());
    slots.store(a.dtype(), out_type, def);
  }
  return run_definition_on(*def, a, axis, out, keepdims);
}

std::string kernel_ctype(DType t);  // "float", "ndgpu::complex<float>"
// `expr` converted to `ctype`, spelled so that multi-word types ("unsigned char", "long
// long") parse too: T(expr) does not for them.
std::string convert_to(const std::string& ctype, const std::string& expr);
std::string compute_ctype(DType t);  // arithmetic type: float16 computes in float
DType sum_dtype(DType t);            // NumPy's sum/prod result for `t`
// The dtype a sum, product or scan of `in` computes in: `dtype` when given, else NumPy's
// loop for (out, input): an inexact out= widens it (int32 into float64 cannot overflow,
// float32 into float64 rounds once). Integer outs wrap alike either way.
DType accumulate_dtype(DType in, OptDType dtype, const OptArray& out);
DType mean_dtype(DType t);  // NumPy's mean result (ints: float64)
// Size of a struct of fields (size, alignment), as the compiler lays it out.
size_t struct_size(std::initializer_list<std::pair<size_t, size_t>> fields);
size_t ctype_align(DType t);
// True when the reduction over `axis` has no elements per output (NumPy then raises for
// operations without an identity).
bool reduces_nothing(const NDArray& a, const Axes& axis);
void require_nonempty(const NDArray& a, const Axes& axis, const char* numpy_op);
// NumPy's check of an out= that a ufunc (`ufunc`: sqrt for std, subtract for ptp) writes
// its `from`-typed result into: TypeError unless it casts under 'same_kind'.
void require_out_cast(const OptArray& out, DType from, const char* ufunc);
// The lowest/highest value of `t` as a kernel expression (infinities for floats).
std::string lowest_expr(DType t);
std::string highest_expr(DType t);
std::string nan_expr(DType t);

}  // namespace ndgpu::ops
