// sum, prod, max, min, argmax, argmin, any, all, count_nonzero, ptp and ufunc.reduce.
#include "ndgpu/reductions.hpp"
#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu {
namespace {

using ops::BuiltinReduce;
using ops::kernel_ctype;

// sum and prod: NumPy's accumulator dtype, float16 accumulated in float and rounded once.
NDArray sum_like(ops::BuiltinSlots& slots, const char* op, const NDArray& a, const Axes& axis,
                 OptDType dtype, const OptArray& out, bool keepdims) {
  DType ot = ops::accumulate_dtype(a.dtype(), dtype, out);
  auto make = [&] { return ops::reduction_recipe(op, a.dtype(), ot); };
  return ops::run_builtin_cached(slots, a, ot, make, axis, out, keepdims);
}

NDArray extreme(ops::BuiltinSlots& slots, bool is_max, bool skip_nan, const NDArray& a,
                const Axes& axis, const OptArray& out, bool keepdims) {
  ops::require_nonempty(a, axis, is_max ? "maximum" : "minimum");
  const char* op = skip_nan ? (is_max ? "nanmax" : "nanmin") : (is_max ? "max" : "min");
  auto make = [&] { return ops::reduction_recipe(op, a.dtype()); };
  return ops::run_builtin_cached(slots, a, a.dtype(), make, axis, out, keepdims);
}

std::string mode_name(bool is_max) {
  return is_max ? "argmax" : "argmin";
}

}  // namespace

static NDArray arg_extreme(bool is_max, bool skip_nan, const NDArray& a,
                           std::optional<int64_t> axis, const OptArray& out, bool keepdims) {
  Axes axes;
  if (axis) axes = std::vector<int64_t>{*axis};
  // As NumPy: an empty reduced axis (or an empty array flattened) has no extreme; other
  // axes may be empty, the result then is.
  if ((!axis && a.size() == 0) || ops::reduces_nothing(a, axes))
    throw ValueError("attempt to get " + mode_name(is_max) + " of an empty sequence");
  if (out && !can_cast(out->dtype(), DType::Int64, Casting::Safe))  // NumPy casts out to intp
    throw TypeError(std::string("Cannot cast array data from dtype('") + dtype_name(out->dtype()) +
                    "') to dtype('int64') according to the rule 'safe'");
  DType t = a.dtype();
  std::string ct = kernel_ctype(t);
  std::string pair = "ndgpu::ArgPair<" + ct + ">";
  std::string map = "ndgpu::arg_pair<" + ct + ">(x, (long long)_j)";
  bool nan_aware = skip_nan && is_inexact(t);
  if (nan_aware) map = "ndgpu::isnan_(x) ? ndgpu::arg_none<" + ct + ">() : " + map;
  BuiltinReduce r{.op = std::string(nan_aware ? "nan" : "") + mode_name(is_max),
                  .in = {t},
                  .out = DType::Int64,
                  .acc = pair,
                  .acc_size = ops::struct_size({{itemsize(t), ops::ctype_align(t)}, {8, 8}}),
                  .map = map,
                  .reduce = std::string("ndgpu::arg_combine<") + (is_max ? "true" : "false") +
                            ", " + ct + ">(a, b)",
                  .post = "y = a.i",
                  .identity = "ndgpu::arg_none<" + ct + ">()",
                  .scalar_params = ""};
  NDArray res = ops::run_builtin(r, {a}, axes, out, keepdims);
  if (nan_aware && res.size() > 0) {
    // NumPy refuses a slice of NaNs only; -1 marks one.
    NDArray lo = amin(res);
    int64_t v = 0;
    lo.to_host(&v);
    if (v < 0) throw ValueError("All-NaN slice encountered");
  }
  return res;
}

NDArray sum(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out,
            bool keepdims) {
  static ops::BuiltinSlots slots;
  return sum_like(slots, "sum", a, axis, dtype, out, keepdims);
}
NDArray prod(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out,
             bool keepdims) {
  static ops::BuiltinSlots slots;
  return sum_like(slots, "prod", a, axis, dtype, out, keepdims);
}
NDArray nansum(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out,
               bool keepdims) {
  static ops::BuiltinSlots slots;
  return sum_like(slots, "nansum", a, axis, dtype, out, keepdims);
}
NDArray nanprod(const NDArray& a, const Axes& axis, OptDType dtype, const OptArray& out,
                bool keepdims) {
  static ops::BuiltinSlots slots;
  return sum_like(slots, "nanprod", a, axis, dtype, out, keepdims);
}
NDArray amax(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  static ops::BuiltinSlots slots;
  return extreme(slots, true, false, a, axis, out, keepdims);
}
NDArray amin(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  static ops::BuiltinSlots slots;
  return extreme(slots, false, false, a, axis, out, keepdims);
}
NDArray nanmax(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  static ops::BuiltinSlots slots;
  return extreme(slots, true, true, a, axis, out, keepdims);
}
NDArray nanmin(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  static ops::BuiltinSlots slots;
  return extreme(slots, false, true, a, axis, out, keepdims);
}
NDArray argmax(const NDArray& a, std::optional<int64_t> axis, const OptArray& out, bool keepdims) {
  return arg_extreme(true, false, a, axis, out, keepdims);
}
NDArray argmin(const NDArray& a, std::optional<int64_t> axis, const OptArray& out, bool keepdims) {
  return arg_extreme(false, false, a, axis, out, keepdims);
}
NDArray nanargmax(const NDArray& a, std::optional<int64_t> axis, const OptArray& out,
                  bool keepdims) {
  return arg_extreme(true, true, a, axis, out, keepdims);
}
NDArray nanargmin(const NDArray& a, std::optional<int64_t> axis, const OptArray& out,
                  bool keepdims) {
  return arg_extreme(false, true, a, axis, out, keepdims);
}

NDArray any(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  return ops::run_builtin(ops::reduction_recipe("any", a.dtype()), {a}, axis, out, keepdims);
}
NDArray all(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  return ops::run_builtin(ops::reduction_recipe("all", a.dtype()), {a}, axis, out, keepdims);
}
NDArray count_nonzero(const NDArray& a, const Axes& axis, bool keepdims) {
  BuiltinReduce r{.op = "count_nonzero",
                  .in = {a.dtype()},
                  .out = DType::Int64,
                  .acc = "long long",
                  .acc_size = 8,
                  .map = "(long long)ndgpu::cast<bool>(x)",
                  .reduce = "a + b",
                  .post = "y = a",
                  .identity = "0",
                  .scalar_params = ""};
  return ops::run_builtin(r, {a}, axis, {}, keepdims);
}

NDArray ptp(const NDArray& a, const Axes& axis, const OptArray& out, bool keepdims) {
  ops::require_nonempty(a, axis, "maximum");  // checked first, as NumPy's max runs first
  if (a.dtype() == DType::Bool)
    throw TypeError(
        "numpy boolean subtract, the `-` operator, is not supported, use the "
        "bitwise_xor, the `^` operator, or the logical_xor function instead.");
  // NumPy's ptp takes max into out, then subtracts min from it in their common dtype.
  if (out) ops::require_out_cast(out, promote_types(out->dtype(), a.dtype()), "subtract");
  DType t = a.dtype();
  std::string ct = kernel_ctype(t);
  BuiltinReduce r{
      .op = "ptp",
      .in = {t},
      .out = t,
      .acc = "ndgpu::MinMax<" + ct + ">",
      .acc_size = ops::struct_size(
          {{itemsize(t), ops::ctype_align(t)}, {itemsize(t), ops::ctype_align(t)}, {1, 1}}),
      .map = "ndgpu::minmax_of<" + ct + ">(x)",
      .reduce = "ndgpu::minmax_combine(a, b)",
      .post = "y = ndgpu::cast<" + ct + ">(a.hi - a.lo)",
      .identity = "ndgpu::minmax_none<" + ct + ">()",
      .scalar_params = ""};
  return ops::run_builtin(r, {a}, axis, out, keepdims);
}

}  // namespace ndgpu
