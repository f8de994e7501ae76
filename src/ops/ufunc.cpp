// Calling a ufunc: NumPy's type resolution (NEP 50), then the elementwise engine.
#include <algorithm>
#include <mutex>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "kernel/elementwise/engine.hpp"
#include "kernel/elementwise/shortcut.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/ufunc_table.hpp"

namespace ndgpu {
namespace {

const ops::Ufunc& lookup(const std::string& name) {
  // Built once: a hash lookup instead of comparing the name with every ufunc's.
  static const auto* by_name = [] {
    auto* m = new std::unordered_map<std::string_view, const ops::Ufunc*>();
    for (const auto& u : ops::ufunc_table()) m->emplace(u.name, &u);
    return m;
  }();
  auto it = by_name->find(name);
  if (it == by_name->end()) throw NotImplementedError("ufunc '" + name + "' is not implemented");
  return *it->second;
}

std::string dtype_repr(DType t) {
  return std::string("dtype('") + dtype_name(t) + "')";
}

// The common dtype of the inputs, Python scalars weak.
DType common_dtype(std::span<const Operand> inputs) {
  // Arrays of one dtype (the usual call) promote to that dtype.
  const NDArray* first = std::get_if<NDArray>(&inputs[0]);
  bool same = first != nullptr;
  for (const auto& in : inputs.subspan(1)) {
    const NDArray* a = std::get_if<NDArray>(&in);
    same = same && a && a->dtype() == first->dtype();
  }
  if (same) return first->dtype();
  std::vector<PromotionOperand> ops;
  for (const auto& in : inputs) {
    if (auto* a = std::get_if<NDArray>(&in))
      ops.push_back(PromotionOperand::strong(a->dtype()));
    else
      ops.push_back(std::get<Scalar>(in).promotion());
  }
  return result_type(ops);
}

const ops::UfuncLoop& resolve_loop(const ops::Ufunc& u, DType common) {
  // Checked first: bool casts safely to int8, but NumPy refuses these rather than widening.
  if (common == DType::Bool && !u.unsupported_bool.empty()) throw TypeError(u.unsupported_bool);
  auto& cached = u.resolved[size_t(common)];
  if (const ops::UfuncLoop* l = cached.load(std::memory_order_acquire)) return *l;
  for (const auto& l : u.loops) {
    bool fits = true;
    for (DType t : l.in) fits = fits && can_cast(common, t, Casting::Safe);
    if (fits) {
      cached.store(&l, std::memory_order_release);
      return l;
    }
  }
  throw TypeError("ufunc '" + u.name +
                  "' not supported for the input types, and the inputs could not be safely "
                  "coerced to any supported types according to the casting rule ''safe''");
}

const kernel::ElementwiseDefinition& loop_definition(const ops::Ufunc& u, const ops::UfuncLoop& l) {
  if (auto* d = l.def_ready.load(std::memory_order_acquire)) return *d;
  static std::mutex mu;
  std::lock_guard lk(mu);
  if (!l.def) {
    std::string in, out;
    const auto& params = l.params.empty() ? l.in : l.params;
    for (size_t k = 0; k < params.size(); ++k)
      in += (k ? ", " : "") + std::string(dtype_name(params[k])) + " in" + std::to_string(k);
    for (size_t k = 0; k < l.out.size(); ++k)
      out += (k ? ", " : "") + std::string(dtype_name(l.out[k])) + " out" + std::to_string(k);
    std::string kname = "ndgpu_" + u.name + "_";
    for (DType t : l.in) kname += dtype_char(t) == '?' ? 'b' : dtype_char(t);
    l.def = std::make_unique<kernel::ElementwiseDefinition>(kernel::ElementwiseCode{
        .in_params = in, .out_params = out, .operation = l.body, .name = kname});
    l.def_ready.store(l.def.get(), std::memory_order_release);
  }
  return *l.def;
}

// NumPy 2 compares an integer array with a Python int outside the array's range exactly,
// so every element gets one answer: that answer, or nullopt for any other call.
std::optional<bool> out_of_range_comparison(const std::string& name,
                                            std::span<const Operand> inputs) {
  static constexpr std::string_view kOps[] = {"equal",      "not_equal", "less",
                                              "less_equal", "greater",   "greater_equal"};
  // The operands first: calls of two arrays (the dispatch path) leave at once.
  if (inputs.size() != 2) return std::nullopt;
  const bool scalar_left = std::holds_alternative<Scalar>(inputs[0]);
  const NDArray* a = std::get_if<NDArray>(&inputs[scalar_left ? 1 : 0]);
  const Scalar* s = std::get_if<Scalar>(&inputs[scalar_left ? 0 : 1]);
  if (!a || !s) return std::nullopt;
  const int side = s->outside_range(a->dtype());  // +1: the scalar is above every element
  if (side == 0) return std::nullopt;
  int op = -1;
  for (int k = 0; k < 6; ++k) op = name == kOps[k] ? k : op;
  if (op < 0) return std::nullopt;  // arithmetic: the integer loop raises OverflowError
  if (op < 2) return op == 1;
  const bool array_is_less = (side > 0) != scalar_left;  // the left operand is below
  return (op == 2 || op == 3) == array_is_less;
}

// NumPy's integer power raises for negative exponents (its loop checks each element).
void check_exponent(const ops::Ufunc& u, const ops::UfuncLoop& loop, const Operand& exponent) {
  if (!u.refuses_negative_integer_exponent || !is_integer(loop.in[1])) return;
  bool negative;
  if (const Scalar* s = std::get_if<Scalar>(&exponent)) {
    negative = is_integer(s->dtype()) && s->as_double() < 0;
  } else {
    const NDArray& e = std::get<NDArray>(exponent);
    if (kind(e.dtype()) != DTypeKind::Int || e.size() == 0) return;
    const Operand args[2] = {e, Scalar::py_int(0)};
    bool host = false;
    any(call_ufunc("less", args)[0]).to_host(&host);
    negative = host;
  }
  if (negative) throw ValueError("Integers to negative integer powers are not allowed.");
}

}  // namespace

const ops::Ufunc& ufunc_handle(const std::string& name) {
  return lookup(name);
}

UfuncLoopInfo ufunc_loop_info(const std::string& name, DType common) {
  const ops::UfuncLoop& l = resolve_loop(lookup(name), common);
  return {l.in, l.params.empty() ? l.in : l.params, l.out, l.body};
}

NDArray call_binary(const ops::Ufunc& u, const NDArray& a, const NDArray& b, const NDArray* out) {
  if (u.nin == 2 && u.nout == 1 && a.dtype() == b.dtype()) {
    const ops::UfuncLoop& loop = resolve_loop(u, a.dtype());
    if (u.refuses_negative_integer_exponent) check_exponent(u, loop, b);
    const kernel::ElementwiseDefinition& def = loop_definition(u, loop);
    const NDArray* ins[2] = {&a, &b};
    NDArray result;
    if (kernel::run_elementwise_shortcut(def, ins, std::span(&out, out ? 1 : 0), &result))
      return result;
  }
  const Operand args[2] = {a, b};
  return call_ufunc(u.name, args, out ? std::span(out, 1) : std::span<const NDArray>())[0];
}

const UfuncInfo* find_ufunc(const std::string& name) {
  static const std::vector<UfuncInfo> infos = list_ufuncs();
  for (const auto& i : infos)
    if (i.name == name) return &i;
  return nullptr;
}

std::vector<UfuncInfo> list_ufuncs() {
  std::vector<UfuncInfo> v;
  for (const auto& u : ops::ufunc_table()) v.push_back({u.name, u.nin, u.nout});
  return v;
}

std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out, std::optional<DType> dtype) {
  const ops::Ufunc& u = lookup(name);
  if (int(inputs.size()) != u.nin)
    throw TypeError(u.name + "() takes " + std::to_string(u.nin) + " positional argument" +
                    (u.nin == 1 ? "" : "s") + " but " + std::to_string(inputs.size()) +
                    " were given");
  if (!out.empty() && int(out.size()) != u.nout)
    throw ValueError(u.name + ": the 'out' tuple must have exactly one entry per ufunc output");
  if (!dtype)
    if (auto same = out_of_range_comparison(u.name, inputs)) {
      const NDArray& a = std::get<NDArray>(inputs[std::holds_alternative<Scalar>(inputs[0])]);
      NDArray r = out.empty() ? NDArray::empty_on(a.device(), a.shape(), DType::Bool) : out[0];
      if (!out.empty() && r.shape() != a.shape())
        throw ValueError(u.name + ": the output must have the shape of the input");
      fill(r, Scalar::py_bool(*same));
      return {r};
    }
  const ops::UfuncLoop& loop = resolve_loop(u, dtype ? *dtype : common_dtype(inputs));
  if (u.refuses_negative_integer_exponent) check_exponent(u, loop, inputs[1]);
  for (size_t k = 0; k < out.size(); ++k)
    if (!can_cast(loop.out[k], out[k].dtype(), Casting::SameKind))
      throw TypeError("Cannot cast ufunc '" + u.name + "' output from " + dtype_repr(loop.out[k]) +
                      " to " + dtype_repr(out[k].dtype()) + " with casting rule 'same_kind'");

  const auto& def = loop_definition(u, loop);
  bool any_array = false;
  for (const auto& a : inputs) any_array = any_array || std::holds_alternative<NDArray>(a);
  if (any_array && out.empty()) return kernel::run_elementwise(def, inputs);
  std::vector<Operand> args(inputs.begin(), inputs.end());
  // Scalars alone have no shape: the first becomes a 0-d array, as in NumPy.
  if (!any_array) {
    const Scalar& s = std::get<Scalar>(args[0]);
    NDArray a = NDArray::empty(Shape{}, loop.in[0]);
    fill(a, s);
    args[0] = a;
  }
  for (const auto& o : out) args.push_back(o);
  return kernel::run_elementwise(def, args);
}

}  // namespace ndgpu
