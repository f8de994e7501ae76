// Calling a ufunc: NumPy's type resolution (NEP 50), then the elementwise engine.
#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>

#include "kernel/elementwise/engine.hpp"
#include "kernel/elementwise/shortcut.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc.hpp"
#include "ops/fuse/deferred.hpp"
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

// A loop of mixed input dtypes (ldexp): every operand must fit its own slot. A Python int
// fits any integer slot (then converted, or OverflowError) and, like a float, a float slot
// its default dtype casts to safely, as NumPy's legacy resolver.
bool operand_fits(const Operand& op, DType slot) {
  if (const NDArray* a = std::get_if<NDArray>(&op))
    return can_cast(a->dtype(), slot, Casting::Safe);
  const Scalar& s = std::get<Scalar>(op);
  if (s.weak() && s.weak_kind() == WeakKind::Int && is_integer(slot)) return true;
  return can_cast(s.dtype(), slot, Casting::Safe);
}

const ops::UfuncLoop& resolve_mixed(const ops::Ufunc& u, std::span<const Operand> inputs,
                                    std::optional<DType> dtype) {
  for (const auto& l : u.loops) {
    bool fits = !dtype || l.out[0] == *dtype;
    for (size_t k = 0; k < inputs.size(); ++k) fits = fits && operand_fits(inputs[k], l.in[k]);
    if (fits) return l;
  }
  throw TypeError("ufunc '" + u.name +
                  "' not supported for the input types, and the inputs could not be safely "
                  "coerced to any supported types according to the casting rule ''safe''");
}

// NumPy checks each input's cast to its loop type (Python scalars are exempt) and each
// loop output's cast to the given output under the call's casting rule.
void check_casts(const ops::Ufunc& u, const ops::UfuncLoop& loop, std::span<const Operand> inputs,
                 std::span<const NDArray> out, Casting casting, bool dtype_given) {
  // A loop found by safe casting needs no input check under 'safe' or looser rules.
  if (casting != Casting::Unsafe && (dtype_given || casting < Casting::Safe)) {
    const auto& params = loop.params.empty() ? loop.in : loop.params;
    for (size_t k = 0; k < inputs.size(); ++k) {
      DType from;
      if (const NDArray* a = std::get_if<NDArray>(&inputs[k]))
        from = a->dtype();
      else if (const Scalar& s = std::get<Scalar>(inputs[k]); !s.weak())
        from = s.dtype();
      else
        continue;
      if (!can_cast(from, params[k], casting))
        throw UFuncCastingError(u.name, casting, from, params[k], int(k), u.nin == 1);
    }
  }
  for (size_t k = 0; k < out.size(); ++k)
    if (!can_cast(loop.out[k], out[k].dtype(), casting))
      throw UFuncCastingError(u.name, casting, loop.out[k], out[k].dtype(), -1, u.nin == 1);
}

const kernel::ElementwiseDefinition& loop_definition(const ops::Ufunc& u, const ops::UfuncLoop& l);

// casting='unsafe': the engine casts 'same_kind' only, so what lies beyond is cast here,
// inputs before the loop and outputs after it (NumPy's unsafe cast, as astype).
std::vector<NDArray> call_unsafe(const ops::Ufunc& u, const ops::UfuncLoop& loop,
                                 std::span<const Operand> inputs, std::span<const NDArray> out) {
  const auto& params = loop.params.empty() ? loop.in : loop.params;
  std::vector<Operand> args(inputs.begin(), inputs.end());
  bool any_array = false;
  for (size_t k = 0; k < args.size(); ++k)
    if (const NDArray* a = std::get_if<NDArray>(&args[k])) {
      any_array = true;
      if (!can_cast(a->dtype(), params[k], Casting::SameKind)) args[k] = a->astype(params[k]);
    }
  if (!any_array) {  // scalars alone: the first becomes a 0-d array, as in NumPy
    NDArray a = NDArray::empty(Shape{}, loop.in[0]);
    fill(a, std::get<Scalar>(args[0]));
    args[0] = a;
  }
  std::vector<NDArray> results = kernel::run_elementwise(loop_definition(u, loop), args);
  for (size_t k = 0; k < out.size(); ++k) {
    NDArray o = out[k];
    copy_into(o, results[k]);
    results[k] = o;
  }
  return results;
}

// Vectors in flight per CUDA thread (ElementwiseCode::vectors_per_thread): more for loops
// whose arithmetic outweighs their memory traffic, one for the rest. From the H200's ufunc
// sweeps with 128-thread blocks (2026-12-04): float32 arccosh and power 94% of add's
// bandwidth with two, 95-96% with four; the other heavy float32 loops 95-95.7% with four,
// 97% with two; float64 and complex transcendentals take four.
int vectors_per_thread(const ops::Ufunc& u, const ops::UfuncLoop& l) {
  static const std::set<std::string_view> heaviest = {"arccosh", "power", "float_power"};
  static const std::set<std::string_view> heavy = {"arcsinh", "arctanh", "arctan2", "rsqrt",
                                                   "spacing", "expm1",   "log2",    "log10"};
  static const std::set<std::string_view> transcendental = {
      "exp",  "exp2", "expm1", "log",    "log2",      "log10",     "log1p",
      "sin",  "cos",  "tan",   "arcsin", "arccos",    "arctan",    "sinh",
      "cosh", "tanh", "cbrt",  "hypot",  "logaddexp", "logaddexp2"};
  bool wide = false;
  for (DType t : l.in) wide = wide || t == DType::Float64 || is_complex(t);
  if (heaviest.count(u.name)) return 4;
  if (heavy.count(u.name)) return wide ? 4 : 2;
  return wide && transcendental.count(u.name) ? 4 : 1;
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
    l.def = std::make_unique<kernel::ElementwiseDefinition>(
        kernel::ElementwiseCode{.in_params = in,
                                .out_params = out,
                                .operation = l.body,
                                .name = kname,
                                .vectors_per_thread = vectors_per_thread(u, l)});
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

UfuncLoopInfo ufunc_loop_info(const std::string& name, std::span<const Operand> inputs) {
  const ops::Ufunc& u = lookup(name);
  const ops::UfuncLoop& l = u.mixed_inputs ? resolve_mixed(u, inputs, std::nullopt)
                                           : resolve_loop(u, common_dtype(inputs));
  return {l.in, l.params.empty() ? l.in : l.params, l.out, l.body};
}

NDArray call_binary(const ops::Ufunc& u, const NDArray& a, const NDArray& b, const NDArray* out) {
  // A comparison that may wait (ops/fuse/deferred.hpp) takes call_ufunc's way.
  if (u.nin == 2 && u.nout == 1 && a.dtype() == b.dtype() &&
      !(out == nullptr && deferred::may_defer(u, std::max(a.size(), b.size())))) {
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

NDArray call_unary(const ops::Ufunc& u, const NDArray& a, const NDArray* out) {
  if (u.nin == 1 && u.nout == 1) {
    const kernel::ElementwiseDefinition& def = loop_definition(u, resolve_loop(u, a.dtype()));
    const NDArray* ins[1] = {&a};
    NDArray result;
    if (kernel::run_elementwise_shortcut(def, ins, std::span(&out, out ? 1 : 0), &result))
      return result;
  }
  const Operand args[1] = {a};
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
  for (const auto& u : ops::ufunc_table()) v.push_back({u.name, u.nin, u.nout, u.scipy_special});
  return v;
}

std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out, std::optional<DType> dtype) {
  return call_ufunc(name, inputs, out, dtype, Casting::SameKind);
}

std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out, std::optional<DType> dtype,
                                Casting casting) {
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
  const ops::UfuncLoop& loop = u.mixed_inputs
                                   ? resolve_mixed(u, inputs, dtype)
                                   : resolve_loop(u, dtype ? *dtype : common_dtype(inputs));
  if (u.refuses_negative_integer_exponent) check_exponent(u, loop, inputs[1]);
  check_casts(u, loop, inputs, out, casting, dtype.has_value());
  if (casting == Casting::Unsafe) return call_unsafe(u, loop, inputs, out);

  const auto& def = loop_definition(u, loop);
  bool any_array = false;
  for (const auto& a : inputs) any_array = any_array || std::holds_alternative<NDArray>(a);
  if (any_array && out.empty()) {
    if (auto mask = deferred::defer_comparison(u, def, inputs)) return {*mask};
    return kernel::run_elementwise(def, inputs);
  }
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

namespace {
const char* casting_name(Casting c) {
  static constexpr const char* kNames[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  return kNames[int(c)];
}
}  // namespace

UFuncCastingError::UFuncCastingError(const std::string& ufunc, Casting casting, DType from,
                                     DType to, int input, bool unary)
    : TypeError("Cannot cast ufunc '" + ufunc + "' " +
                (input < 0 ? std::string("output ")
                           : "input " + (unary ? std::string() : std::to_string(input) + " ")) +
                "from dtype('" + dtype_name(from) + "') to dtype('" + dtype_name(to) +
                "') with casting rule '" + casting_name(casting) + "'"),
      ufunc(ufunc),
      casting(casting),
      from(from),
      to(to),
      input(input) {}

std::vector<NDArray> ufunc_outer(const std::string& name, const Operand& a, const Operand& b,
                                 std::span<const NDArray> out, std::optional<DType> dtype,
                                 Casting casting) {
  if (lookup(name).nin != 2) throw ValueError("outer product only supported for binary functions");
  // NumPy converts both operands to arrays first: a Python scalar is strong here.
  auto as_array = [](const Operand& op) {
    if (const NDArray* x = std::get_if<NDArray>(&op)) return *x;
    const Scalar& v = std::get<Scalar>(op);
    NDArray r = NDArray::empty(Shape{}, v.dtype());
    fill(r, v);
    return r;
  };
  const NDArray x = as_array(a), y = as_array(b);
  // x gains one length-1 axis per axis of y, and broadcasting makes every pair.
  Shape s = x.shape();
  s.resize(s.size() + size_t(y.ndim()), 1);
  std::vector<Operand> args{x.reshape(s), y};
  return call_ufunc(name, args, out, dtype, casting);
}

std::vector<std::string> ufunc_types(const std::string& name) {
  std::vector<std::string> types;
  for (const auto& l : lookup(name).loops) {
    if (!l.params.empty()) continue;  // a resolver's step (int / int as float64), not a loop
    std::string t;
    for (DType d : l.in) t += dtype_char(d);
    t += "->";
    for (DType d : l.out) t += dtype_char(d);
    types.push_back(std::move(t));
  }
  return types;
}

std::optional<Scalar> ufunc_identity(const std::string& name) {
  const std::string& n = lookup(name).name;
  if (n == "add" || n == "bitwise_or" || n == "bitwise_xor" || n == "gcd" || n == "hypot")
    return Scalar::py_int(0);
  if (n == "multiply") return Scalar::py_int(1);
  if (n == "bitwise_and") return Scalar::py_int(-1);
  if (n == "logical_and") return Scalar::py_bool(true);
  if (n == "logical_or" || n == "logical_xor") return Scalar::py_bool(false);
  if (n == "logaddexp" || n == "logaddexp2") return Scalar::py_float(-HUGE_VAL);
  return std::nullopt;
}

}  // namespace ndgpu
