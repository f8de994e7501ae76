#include "ops/reduction_builtin.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "kernel/codegen_common.hpp"
#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::ops {

std::string kernel_ctype(DType t) {
  return kernel::kernel_ctype(t);
}

std::string convert_to(const std::string& ctype, const std::string& expr) {
  return "((" + ctype + ")(" + expr + "))";
}

std::string compute_ctype(DType t) {
  return t == DType::Float16 ? "float" : kernel_ctype(t);
}

DType sum_dtype(DType t) {
  switch (t) {
    case DType::Bool:
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
      return DType::Int64;
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32:
      return DType::UInt64;
    default:
      return t;
  }
}

DType accumulate_dtype(DType in, OptDType dtype, const OptArray& out) {
  if (dtype) return *dtype;
  DType t = sum_dtype(in);
  return out && is_inexact(out->dtype()) ? promote_types(out->dtype(), t) : t;
}

DType mean_dtype(DType t) {
  return is_inexact(t) ? t : DType::Float64;
}

size_t ctype_align(DType t) {
  if (t == DType::Complex64) return 8;
  if (t == DType::Complex128) return 16;
  return itemsize(t);
}

size_t struct_size(std::initializer_list<std::pair<size_t, size_t>> fields) {
  size_t off = 0, align = 1;
  for (auto [sz, al] : fields) {
    off = (off + al - 1) / al * al + sz;
    align = std::max(align, al);
  }
  return (off + align - 1) / align * align;
}

bool reduces_nothing(const NDArray& a, const Axes& axis) {
  std::vector<bool> red = kernel::reduced_axes(axis, a.ndim());
  for (int d = 0; d < a.ndim(); ++d)
    if (red[d] && a.shape()[d] == 0) return true;
  return false;
}

void require_nonempty(const NDArray& a, const Axes& axis, const char* numpy_op) {
  if (a.size() > 0) return;  // no axis is empty (a bad axis is raised by the reduction)
  if (reduces_nothing(a, axis) || (a.size() == 0 && a.ndim() == 0))
    throw ValueError(std::string("zero-size array to reduction operation ") + numpy_op +
                     " which has no identity");
}

void require_out_cast(const OptArray& out, DType from, const char* ufunc) {
  if (out && !can_cast(from, out->dtype(), Casting::SameKind))
    throw TypeError(std::string("Cannot cast ufunc '") + ufunc + "' output from dtype('" +
                    dtype_name(from) + "') to dtype('" + dtype_name(out->dtype()) +
                    "') with casting rule 'same_kind'");
}

namespace {

std::string float_limit(DType t, bool negative, const char* fn) {
  std::string sign = negative ? "-" : "";
  switch (t) {
    case DType::Float16:
      return "float16(" + sign + "ndgpu::" + fn + "_f())";
    case DType::Float32:
      return sign + "ndgpu::" + fn + "_f()";
    case DType::Float64:
      return sign + "ndgpu::" + fn + "_d()";
    case DType::Complex64:
      return "ndgpu::complex<float>(" + sign + "ndgpu::" + fn + "_f(), " + sign + "ndgpu::" + fn +
             "_f())";
    default:
      return "ndgpu::complex<double>(" + sign + "ndgpu::" + fn + "_d(), " + sign + "ndgpu::" + fn +
             "_d())";
  }
}

std::string int_limit(DType t, bool low) {
  switch (t) {
    case DType::Bool:
      return low ? "false" : "true";
    case DType::Int8:
      return low ? "(signed char)-128" : "(signed char)127";
    case DType::Int16:
      return low ? "(short)-32768" : "(short)32767";
    case DType::Int32:
      return low ? "(-2147483647 - 1)" : "2147483647";
    case DType::Int64:
      return low ? "(-9223372036854775807LL - 1)" : "9223372036854775807LL";
    case DType::UInt8:
      return low ? "(unsigned char)0" : "(unsigned char)255";
    case DType::UInt16:
      return low ? "(unsigned short)0" : "(unsigned short)65535";
    case DType::UInt32:
      return low ? "0u" : "4294967295u";
    default:
      return low ? "0ull" : "18446744073709551615ull";
  }
}

}  // namespace

std::string lowest_expr(DType t) {
  return is_inexact(t) ? float_limit(t, true, "inf") : int_limit(t, true);
}
std::string highest_expr(DType t) {
  return is_inexact(t) ? float_limit(t, false, "inf") : int_limit(t, false);
}
std::string nan_expr(DType t) {
  return float_limit(t, false, "nan");
}

namespace {

// Built-in definitions by name ("sum_float32_float64"). Entries are never removed: callers
// keep pointers to them (BuiltinSlots).
struct BuiltinIndex {
  std::mutex mu;
  std::map<std::string, std::unique_ptr<kernel::ReductionDefinition>> by_name;
};
BuiltinIndex& index() {
  static BuiltinIndex* i = new BuiltinIndex;  // never destroyed: definitions outlive main
  return *i;
}

}  // namespace

const kernel::ReductionDefinition& builtin_definition(const BuiltinReduce& r) {
  std::string key = r.op;
  key += '_';
  for (DType t : r.in) key += dtype_name(t);
  key += '_';
  key += dtype_name(r.out);
  BuiltinIndex& ix = index();
  std::lock_guard lk(ix.mu);
  auto& slot = ix.by_name[key];
  if (!slot) {
    static const char* names[] = {"x", "w"};
    std::string in;
    for (size_t k = 0; k < r.in.size(); ++k)
      in += (k ? ", " : "") + std::string(dtype_name(r.in[k])) + " " + names[k];
    if (!r.scalar_params.empty()) in += ", " + r.scalar_params;
    slot = std::make_unique<kernel::ReductionDefinition>(
        kernel::ReductionCode{.in_params = in,
                              .out_params = std::string(dtype_name(r.out)) + " y",
                              .map_expr = r.map,
                              .reduce_expr = r.reduce,
                              .post_map_expr = r.post,
                              .identity = r.identity,
                              .name = "ndgpu_" + key,
                              .reduce_type = r.acc,
                              .reduce_size = r.acc_size,
                              .reduce_type_is_ctype = true,
                              .includes = {"ndgpu/reduce_ops.cuh"},
                              .cpu_simd = r.cpu_simd});
  }
  return *slot;
}

NDArray run_definition(const kernel::ReductionDefinition& def, std::span<const Operand> inputs,
                       const Axes& axis, const OptArray& out, bool keepdims) {
  if (!out) return kernel::run_reduction(def, inputs, axis, keepdims)[0];
  std::vector<Operand> args(inputs.begin(), inputs.end());
  args.push_back(*out);
  return kernel::run_reduction(def, args, axis, keepdims)[0];
}

NDArray run_definition_on(const kernel::ReductionDefinition& def, const NDArray& a,
                          const Axes& axis, const OptArray& out, bool keepdims) {
  if (!out) {
    const NDArray* ins[1] = {&a};
    if (auto e = kernel::find_reduction_recipe(def, ins, axis, keepdims);
        e && e->out_types.size() == 1) {
      NDArray result;
      kernel::replay_reduction(def, *e, ins, &result);
      return result;
    }
  }
  const Operand args[1] = {a};
  return run_definition(def, args, axis, out, keepdims);
}

NDArray run_builtin(const BuiltinReduce& r, const std::vector<Operand>& inputs, const Axes& axis,
                    const OptArray& out, bool keepdims) {
  return run_definition(builtin_definition(r), inputs, axis, out, keepdims);
}

}  // namespace ndgpu::ops
