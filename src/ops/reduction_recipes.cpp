// The recipes of the common built-in reductions: what cp.sum, cp.max, ... run and what a fused
// function's reductions run (src/ops/fuse), so both follow one set of NumPy rules.
#include "ndgpu/errors.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu::ops {
namespace {

BuiltinReduce sum_recipe(const char* op, const char* reduce, const char* identity, bool skip_nan,
                         DType in, DType ot) {
  std::string acc = compute_ctype(ot);
  std::string map = "ndgpu::cast<" + acc + ">(x)";
  if (skip_nan && is_inexact(in))
    map = "ndgpu::isnan_(x) ? " + convert_to(acc, identity) + " : " + map;
  BuiltinReduce r{.op = op,
                  .in = {in},
                  .out = ot,
                  .acc = acc,
                  .acc_size = itemsize(ot),
                  .map = map,
                  .reduce = reduce,
                  .post = "y = ndgpu::cast<" + kernel_ctype(ot) + ">(a)",
                  .identity = identity,
                  .scalar_params = ""};
  if (ot == DType::Float16) r.acc_size = 4;
  return r;
}

BuiltinReduce extreme_recipe(const char* op, bool is_max, bool skip_nan, DType t) {
  bool nan_aware = skip_nan && is_inexact(t);
  std::string reduce =
      std::string("ndgpu::") +
      (nan_aware ? (is_max ? "fmax_" : "fmin_") : (is_max ? "maximum" : "minimum")) + "(a, b)";
  std::string identity = nan_aware ? nan_expr(t) : (is_max ? lowest_expr(t) : highest_expr(t));
  return BuiltinReduce{.op = op,
                       .in = {t},
                       .out = t,
                       .acc = kernel_ctype(t),
                       .acc_size = itemsize(t),
                       .map = "x",
                       .reduce = reduce,
                       .post = "y = a",
                       .identity = identity,
                       .scalar_params = "",
                       .cpu_simd = !nan_aware && (t == DType::Float32 || t == DType::Float64)
                                       ? (is_max ? "max" : "min")
                                       : ""};
}

BuiltinReduce mean_recipe(DType in, OptDType dtype) {
  DType ot = dtype.value_or(mean_dtype(in));
  DType at = ot == DType::Float16 ? DType::Float32 : ot;
  std::string acc = kernel_ctype(at), real = kernel_ctype(real_dtype(at));
  // An integer dtype= divides as NumPy's true_divide does, in float64, then truncates.
  const std::string n = convert_to(real, "_red_size");
  std::string divided = is_inexact(at) ? "a / " + n : "(double)(a) / (double)(_red_size)";
  if (is_complex(at))  // NumPy divides by n + 0j: an inf or NaN part makes the other NaN
    divided = acc + "((a.real() + a.imag() * " + convert_to(real, "0") + ") / " + n +
              ", (a.imag() - a.real() * " + convert_to(real, "0") + ") / " + n + ")";
  return BuiltinReduce{.op = "mean",
                       .in = {in},
                       .out = ot,
                       .acc = acc,
                       .acc_size = itemsize(at),
                       .map = "ndgpu::cast<" + acc + ">(x)",
                       .reduce = "a + b",
                       .post = "y = ndgpu::cast<" + kernel_ctype(ot) + ">(" + divided + ")",
                       .identity = "0",
                       .scalar_params = ""};
}

BuiltinReduce logical_recipe(bool is_any, DType in) {
  return BuiltinReduce{.op = is_any ? "any" : "all",
                       .in = {in},
                       .out = DType::Bool,
                       .acc = "bool",
                       .acc_size = 1,
                       .map = "ndgpu::cast<bool>(x)",
                       .reduce = is_any ? "a || b" : "a && b",
                       .post = "y = a",
                       .identity = is_any ? "false" : "true",
                       .scalar_params = ""};
}

// sqrt of the sum of |x|^2; integers are converted to float64 first, as NumPy does.
BuiltinReduce norm2_recipe(DType in) {
  DType out = is_inexact(in) ? real_dtype(in) : DType::Float64;
  DType acc = out == DType::Float16 ? DType::Float32 : out;
  std::string r = kernel_ctype(acc), c = is_complex(in) ? "ndgpu::complex<" + r + ">" : r;
  return BuiltinReduce{.op = "norm2",
                       .in = {in},
                       .out = out,
                       .acc = r,
                       .acc_size = itemsize(acc),
                       .map = "ndgpu::abs2(ndgpu::cast<" + c + ">(x))",
                       .reduce = "a + b",
                       .post = "y = ndgpu::cast<" + kernel_ctype(out) + ">(sqrt(a))",
                       .identity = "0",
                       .scalar_params = ""};
}

}  // namespace

BuiltinReduce reduction_recipe(std::string_view op, DType in, OptDType dtype) {
  if (op == "sum" || op == "nansum")
    return sum_recipe(op == "sum" ? "sum" : "nansum", "ndgpu::add_(a, b)", "0", op == "nansum", in,
                      dtype.value_or(sum_dtype(in)));
  if (op == "prod" || op == "nanprod")
    return sum_recipe(op == "prod" ? "prod" : "nanprod", "ndgpu::mul_(a, b)", "1", op == "nanprod",
                      in, dtype.value_or(sum_dtype(in)));
  if (op == "max") return extreme_recipe("max", true, false, in);
  if (op == "min") return extreme_recipe("min", false, false, in);
  if (op == "nanmax") return extreme_recipe("nanmax", true, true, in);
  if (op == "nanmin") return extreme_recipe("nanmin", false, true, in);
  if (op == "mean") return mean_recipe(in, dtype);
  if (op == "any" || op == "all") return logical_recipe(op == "any", in);
  if (op == "norm2") return norm2_recipe(in);
  throw NotImplementedError("no reduction recipe for '" + std::string(op) + "'");
}

}  // namespace ndgpu::ops
