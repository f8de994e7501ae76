// ufunc.at(a, indices, b): a[indices] = ufunc(a[indices], b) unbuffered, so an index that
// repeats applies the ufunc once per occurrence. Ufuncs whose repeated applications commute
// run in parallel, each element combined atomically; the others run the indices in order on
// one thread, as NumPy does.
#include <algorithm>
#include <map>
#include <mutex>
#include <string_view>

#include "kernel/codegen_common.hpp"
#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu {
namespace {

// Binary ufuncs where f(f(x, b1), b2) == f(f(x, b2), b1): any order of the repeated
// indices gives NumPy's result (up to float rounding, as CuPy's atomics).
bool commutes(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "add",         "subtract",   "multiply",    "true_divide", "divide",      "maximum",
      "minimum",     "fmax",       "fmin",        "bitwise_and", "bitwise_or",  "bitwise_xor",
      "logical_and", "logical_or", "logical_xor", "left_shift",  "right_shift", "gcd",
      "lcm",         "hypot",      "logaddexp",   "logaddexp2"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

// The loop's body on `o` (a's element) and `v` (b's), written back in a's dtype.
std::string apply_body(const UfuncLoopInfo& loop, DType a_type, const std::string& v) {
  const std::string t = kernel::kernel_ctype(a_type);
  std::string s = kernel::kernel_ctype(loop.params[0]) + " in0 = ndgpu::cast<" +
                  kernel::kernel_ctype(loop.params[0]) + ">(o); ";
  if (loop.params.size() == 2) s += kernel::kernel_ctype(loop.params[1]) + " in1 = " + v + "; ";
  s += kernel::kernel_ctype(loop.out[0]) + " out0; " + loop.body + "; ";
  return s + "return ndgpu::cast<" + t + ">(out0);";
}

// One definition per (ufunc loop, a's dtype, strategy), made once.
const kernel::ElementwiseDefinition& at_definition(const std::string& name,
                                                   const UfuncLoopInfo& loop, DType a_type,
                                                   DType v_type, bool atomic) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<kernel::ElementwiseDefinition>> defs;
  const std::string t = kernel::kernel_ctype(a_type);
  std::string key = name + "|" + loop.body + "|" + dtype_name(a_type) + "|" +
                    dtype_name(loop.params[0]) + dtype_name(v_type) + (atomic ? "a" : "s");
  std::lock_guard lk(mu);
  auto& def = defs[key];
  if (def) return *def;
  const std::string v = std::string(dtype_name(v_type));
  const std::string kname = "ndgpu_" + name + "_at";
  if (atomic) {
    def = std::make_unique<kernel::ElementwiseDefinition>(kernel::ElementwiseCode{
        .in_params = v + " v, int64 off, int64 rsize",
        .out_params = "raw " + std::string(dtype_name(a_type)) + " dst",
        .operation = "ndgpu::atomic_apply((" + t + "*)((char*)&dst[i % rsize] + off), [&](" + t +
                     " o) { " + apply_body(loop, a_type, "v") + " })",
        .name = kname,
        .preamble = "#include \"ndgpu/scatter_ops.cuh\"\n"});
  } else {
    def = std::make_unique<kernel::ElementwiseDefinition>(kernel::ElementwiseCode{
        .in_params = "raw " + v + " v, raw int64 off, int64 rsize, int64 count",
        .out_params = "raw " + std::string(dtype_name(a_type)) + " dst",
        .operation = "for (long long k = 0; k < count; ++k) { " + t + "* p = (" + t +
                     "*)((char*)&dst[k % rsize] + off[k / rsize]); auto f = [&](" + t + " o) { " +
                     apply_body(loop, a_type, "v[k]") + " }; *p = f(*p); }",
        .name = kname + "_serial"});
  }
  return *def;
}

}  // namespace

void ufunc_at(const std::string& name, NDArray& a, std::span<const Index> index,
              const std::optional<Operand>& b) {
  const UfuncInfo* u = find_ufunc(name);
  if (!u) throw NotImplementedError("ufunc '" + name + "' is not implemented");
  if (u->nout != 1) throw ValueError("Only single output ufuncs supported at this time");
  if (u->nin == 2 && !b) throw ValueError("second operand needed for ufunc");
  if (u->nin == 1 && b) throw ValueError("second operand provided when ufunc is unary");
  if (ops::is_basic(index)) {  // a basic index names each element once: the ufunc in place
    NDArray view = a.index(ops::basic_items(index));
    std::vector<Operand> args{view};
    if (b) args.push_back(*b);
    const NDArray out[1] = {view};
    call_ufunc(name, args, out, std::nullopt, Casting::Unsafe);
    return;
  }
  // NumPy's loop is the one a call on a and b would run (a weak Python scalar stays weak;
  // ldexp's mixed loops fit each operand); the result is cast back to a's dtype unsafely.
  const Operand operands[2] = {a, b ? *b : Operand(a)};
  const UfuncLoopInfo loop = ufunc_loop_info(name, std::span(operands, b ? 2 : 1));
  // b in the loop's dtype, a new array (so never memory that the kernel writes).
  const DType v_type = loop.params.size() == 2 ? loop.params[1] : DType::Bool;
  NDArray value;
  if (!b) {
    value = zeros(Shape{}, DType::Bool);
  } else if (const NDArray* x = std::get_if<NDArray>(&*b)) {
    value = x->astype(v_type);
  } else {
    value = full(Shape{}, std::get<Scalar>(*b), v_type);
  }
  if (name == "power" && is_integer(v_type) && kind(v_type) == DTypeKind::Int) {
    const Operand args[2] = {value, Scalar::py_int(0)};
    bool negative = false;
    if (value.size() > 0) any(call_ufunc("less", args)[0]).to_host(&negative);
    if (negative) throw ValueError("Integers to negative integer powers are not allowed.");
  }
  ops::ScatterPlan s = ops::scatter_plan(a, index, value, false);
  if (s.values.size() == 0) return;
  // complex128 has no 8-byte word to swap atomically: it runs in order too.
  const bool atomic = (u->nin == 1 || commutes(name)) && itemsize(a.dtype()) <= 8;
  const auto& def = at_definition(name, loop, a.dtype(), v_type, atomic);
  const Scalar rsize = Scalar::typed_int(DType::Int64, s.rest.size());
  if (atomic) {
    Shape padded = s.offsets.shape();
    while (padded.size() < s.values.shape().size()) padded.push_back(1);
    std::vector<Operand> args{s.values, s.offsets.reshape(padded), rsize, s.rest};
    kernel::run_elementwise(def, args);
  } else {
    std::vector<Operand> args{s.values, s.offsets, rsize,
                              Scalar::typed_int(DType::Int64, s.values.size()), s.rest};
    kernel::run_elementwise(def, args, 1);
  }
}

}  // namespace ndgpu
