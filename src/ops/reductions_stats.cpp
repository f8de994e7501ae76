// mean, var, std, average and their NaN-skipping forms, each one pass over memory.
#include <cmath>

#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu {
namespace {

using ops::BuiltinReduce;
using ops::kernel_ctype;

// The accumulator of a mean in dtype `t`: float16 works in float.
DType acc_dtype(DType t) {
  return t == DType::Float16 ? DType::Float32 : t;
}

// NumPy's nan-functions refuse a non-inexact dtype= or out= for inexact input.
void check_nan_dtype(bool skip_nan, const NDArray& a, OptDType dtype, const OptArray& out) {
  if (!skip_nan || !is_inexact(a.dtype())) return;
  if (dtype && !is_inexact(*dtype)) throw TypeError("If a is inexact, then dtype must be inexact");
  if (out && !is_inexact(out->dtype()))
    throw TypeError("If a is inexact, then out must be inexact");
}

NDArray mean_impl(bool skip_nan, const NDArray& a, const Axes& axis, OptDType dtype,
                  const OptArray& out, bool keepdims) {
  check_nan_dtype(skip_nan, a, dtype, out);
  if (!skip_nan || !is_inexact(a.dtype()))
    return ops::run_builtin(ops::reduction_recipe("mean", a.dtype(), dtype), {a}, axis, out,
                            keepdims);
  DType ot = dtype.value_or(ops::mean_dtype(a.dtype()));
  DType at = acc_dtype(ot);
  std::string acc = kernel_ctype(at);
  // NaNs skipped: the sum and the count of the others together.
  std::string ws = "ndgpu::WSum<" + acc + ">", zero = ops::convert_to(acc, "0");
  BuiltinReduce r{.op = "nanmean",
                  .in = {a.dtype()},
                  .out = ot,
                  .acc = ws,
                  .acc_size = 2 * itemsize(at),
                  .map = "ndgpu::isnan_(x) ? ndgpu::wsum(" + zero + ", " + zero +
                         ") : ndgpu::wsum(ndgpu::cast<" + acc + ">(x), " +
                         ops::convert_to(acc, "1") + ")",
                  .reduce = "ndgpu::wsum_combine(a, b)",
                  .post = "y = ndgpu::cast<" + kernel_ctype(ot) + ">(a.s / a.w)",
                  .identity = "ndgpu::wsum(" + zero + ", " + zero + ")",
                  .scalar_params = ""};
  return ops::run_builtin(r, {a}, axis, out, keepdims);
}

NDArray moments_impl(bool skip_nan, bool root, const NDArray& a, const Axes& axis, OptDType dtype,
                     const OptArray& out, double ddof, bool keepdims) {
  // An integer dtype= is NumPy's integer arithmetic: the mean truncated, the result too
  // (computed here in float64); std then cannot cast sqrt's float64 back, as in NumPy.
  check_nan_dtype(skip_nan, a, dtype, out);
  const bool int_dtype = dtype && !is_inexact(*dtype);
  if (int_dtype && root)
    throw TypeError(std::string("Cannot cast ufunc 'sqrt' output from dtype('float64') to "
                                "dtype('") +
                    dtype_name(*dtype) + "') with casting rule 'same_kind'");
  DType mt = int_dtype ? DType::Float64 : acc_dtype(dtype.value_or(ops::mean_dtype(a.dtype())));
  DType ft = real_dtype(mt);
  // A complex dtype= gives a complex result (zero imaginary part), as NumPy's sum into it.
  DType ot = dtype && (int_dtype || is_complex(*dtype))
                 ? *dtype
                 : real_dtype(dtype.value_or(ops::mean_dtype(a.dtype())));
  if (root) ops::require_out_cast(out, ot, "sqrt");  // NumPy's std takes sqrt into out
  std::string m = kernel_ctype(mt), f = kernel_ctype(ft);
  std::string mom = "ndgpu::Moments<" + m + ", " + f + ">";
  std::string map = "ndgpu::moments_of<" + m + ", " + f + ">(ndgpu::cast<" + m + ">(x))";
  if (skip_nan && is_inexact(a.dtype()))
    map = "ndgpu::isnan_(x) ? ndgpu::moments_none<" + m + ", " + f + ">() : " + map;
  // NumPy's nanvar of integers is var (no NaN to skip): inf, not NaN, without freedom.
  const bool nan_without_dof = skip_nan && is_inexact(a.dtype());
  const std::string nan = is_inexact(ft) ? ops::nan_expr(ft) : ops::convert_to(f, "0");
  std::string value =
      int_dtype ? "ndgpu::moments_var_about_int_mean(a, " + ops::convert_to(f, "ddof") + ")"
                : "ndgpu::moments_var(a, " + ops::convert_to(f, "ddof") + ", " +
                      (nan_without_dof ? "true" : "false") + ", " + nan + ")";
  if (root) value = "sqrt(" + value + ")";
  std::string op = std::string(skip_nan ? "nan" : "") + (root ? "std" : "var");
  BuiltinReduce r{.op = op,
                  .in = {a.dtype()},
                  .out = ot,
                  .acc = mom,
                  .acc_size = ops::struct_size(
                      {{8, 8}, {itemsize(mt), ops::ctype_align(mt)}, {itemsize(ft), itemsize(ft)}}),
                  .map = map,
                  .reduce = "ndgpu::moments_combine(a, b)",
                  .post = "y = ndgpu::cast<" + kernel_ctype(ot) + ">(" + value + ")",
                  .identity = "ndgpu::moments_none<" + m + ", " + f + ">()",
                  .scalar_params = "float64 ddof"};
  return ops::run_builtin(r, {a, Scalar::py_float(ddof)}, axis, out, keepdims);
}

}  // namespace

NDArray mean(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out,
             bool keepdims) {
  return mean_impl(false, a, axis, dtype, out, keepdims);
}
NDArray nanmean(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out,
                bool keepdims) {
  return mean_impl(true, a, axis, dtype, out, keepdims);
}
NDArray var(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out, double ddof,
            bool keepdims) {
  return moments_impl(false, false, a, axis, dtype, out, ddof, keepdims);
}
NDArray stddev(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out, double ddof,
               bool keepdims) {
  return moments_impl(false, true, a, axis, dtype, out, ddof, keepdims);
}
NDArray nanvar(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out, double ddof,
               bool keepdims) {
  return moments_impl(true, false, a, axis, dtype, out, ddof, keepdims);
}
NDArray nanstd(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out, double ddof,
               bool keepdims) {
  return moments_impl(true, true, a, axis, dtype, out, ddof, keepdims);
}

NDArray average(const NDArray& a, const Axes& axis, const OptArray& weights, bool keepdims) {
  if (!weights) return mean(a, axis, {}, {}, keepdims);
  NDArray w = *weights;
  if (w.shape() != a.shape()) {
    if (!axis) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    if (w.ndim() != 1) throw TypeError("1D weights expected when shapes of a and weights differ.");
    if (axis->size() != 1)
      throw TypeError("Single axis expected when shapes of a and weights differ.");
    int ax = normalize_axis((*axis)[0], a.ndim());
    if (w.shape()[0] != a.shape()[size_t(ax)])
      throw ValueError("Length of weights not compatible with specified axis.");
    Shape s(size_t(a.ndim()), 1);
    s[size_t(ax)] = w.shape()[0];
    w = w.reshape(s);
  }
  std::vector<PromotionOperand> ops{PromotionOperand::strong(a.dtype()),
                                    PromotionOperand::strong(w.dtype())};
  if (!is_inexact(a.dtype())) ops.push_back(PromotionOperand::strong(DType::Float64));
  DType ot = result_type(ops);
  DType at = acc_dtype(ot);
  std::string acc = kernel_ctype(at);
  BuiltinReduce r{.op = "average",
                  .in = {a.dtype(), w.dtype()},
                  .out = ot,
                  .acc = "ndgpu::WSum<" + acc + ">",
                  .acc_size = 2 * itemsize(at),
                  .map = "ndgpu::wsum(ndgpu::cast<" + acc + ">(x) * ndgpu::cast<" + acc +
                         ">(w), ndgpu::cast<" + acc + ">(w))",
                  .reduce = "ndgpu::wsum_combine(a, b)",
                  .post = "y = ndgpu::cast<" + kernel_ctype(ot) + ">(a.s / a.w)",
                  .identity = "ndgpu::wsum(" + ops::convert_to(acc, "0") + ", " +
                              ops::convert_to(acc, "0") + ")",
                  .scalar_params = ""};
  return ops::run_builtin(r, {a, w}, axis, {}, keepdims);
}

}  // namespace ndgpu
