// The functions a quick-tier body may call (quick/internal.hpp). Only calls whose overload
// resolution is the same under NVRTC and the host compiler are accepted.
#include <string>

#include "kernel/quick/internal.hpp"

namespace ndgpu::kernel::quick {
namespace {

using namespace interp;

enum class Kind { Unary, Binary, Classify, MinMax, Abs };

struct Function {
  std::string_view name;
  Op op;
  Kind kind;
};

constexpr Function kFunctions[] = {
    {"sqrt", Sqrt, Kind::Unary},
    {"cbrt", Cbrt, Kind::Unary},
    {"exp", Exp, Kind::Unary},
    {"exp2", Exp2, Kind::Unary},
    {"expm1", Expm1, Kind::Unary},
    {"log", Log, Kind::Unary},
    {"log2", Log2, Kind::Unary},
    {"log10", Log10, Kind::Unary},
    {"log1p", Log1p, Kind::Unary},
    {"sin", Sin, Kind::Unary},
    {"cos", Cos, Kind::Unary},
    {"tan", Tan, Kind::Unary},
    {"asin", Asin, Kind::Unary},
    {"acos", Acos, Kind::Unary},
    {"atan", Atan, Kind::Unary},
    {"sinh", Sinh, Kind::Unary},
    {"cosh", Cosh, Kind::Unary},
    {"tanh", Tanh, Kind::Unary},
    {"asinh", Asinh, Kind::Unary},
    {"acosh", Acosh, Kind::Unary},
    {"atanh", Atanh, Kind::Unary},
    {"floor", Floor, Kind::Unary},
    {"ceil", Ceil, Kind::Unary},
    {"trunc", Trunc, Kind::Unary},
    {"round", Round, Kind::Unary},
    {"rint", Rint, Kind::Unary},
    {"erf", Erf, Kind::Unary},
    {"erfc", Erfc, Kind::Unary},
    {"fabs", Abs, Kind::Unary},
    {"pow", Pow, Kind::Binary},
    {"atan2", Atan2, Kind::Binary},
    {"fmod", Fmod, Kind::Binary},
    {"hypot", Hypot, Kind::Binary},
    {"copysign", Copysign, Kind::Binary},
    {"fmin", Fmin, Kind::Binary},
    {"fmax", Fmax, Kind::Binary},
    {"isnan", IsNan, Kind::Classify},
    {"isinf", IsInf, Kind::Classify},
    {"isfinite", IsFinite, Kind::Classify},
    {"signbit", Signbit, Kind::Classify},
    {"min", Min, Kind::MinMax},
    {"max", Max, Kind::MinMax},
    {"abs", Abs, Kind::Abs},
};

const Function* find_function(std::string_view name) {
  for (const Function& f : kFunctions)
    if (f.name == name) return &f;
  return nullptr;
}

// The float form of a math function (sqrtf, powf, ...): its plain Unary/Binary entry.
const Function* find_float_form(std::string_view name) {
  if (name.size() < 2 || name.back() != 'f') return nullptr;
  const Function* f = find_function(name.substr(0, name.size() - 1));
  return f && (f->kind == Kind::Unary || f->kind == Kind::Binary) ? f : nullptr;
}

// Results a compiler computes exactly when it folds constants (correctly rounded or exact);
// for the others (sin, exp, ...) a folded constant may differ from the runtime library.
bool folds_exactly(Op op) {
  switch (op) {
    case Abs:
    case Sqrt:
    case Floor:
    case Ceil:
    case Trunc:
    case Round:
    case Rint:
    case Fmod:
    case Copysign:
    case Fmin:
    case Fmax:
    case IsNan:
    case IsInf:
    case IsFinite:
    case Signbit:
    case Min:
    case Max:
      return true;
    default:
      return false;
  }
}

void check_folding(std::string_view name, Op op, const std::vector<Value>& args) {
  bool any_runtime = false;
  for (const Value& v : args) any_runtime = any_runtime || v.runtime;
  if (!any_runtime && !folds_exactly(op))
    reject(std::string(name) + " of constants (the compiler may fold it differently)");
  // Compilers rewrite pow(x, 2.0) as x * x, pow(x, -1.0) as 1 / x, ...
  if (op == Pow && !args[1].runtime) reject("pow with a constant exponent");
}

bool same_float_type(const std::vector<Value>& args) {
  for (const Value& v : args)
    if (!is_float(v.type.t) || v.type.t != args[0].type.t) return false;
  return true;
}

Value apply(Emitter& em, Op op, Type t, CType result, const std::vector<Value>& args) {
  return args.size() == 1 ? em.op1(op, t, result, args[0])
                          : em.op2(op, t, result, args[0], args[1]);
}

Value call_min_max(Emitter& em, const Function& f, std::vector<Value> args) {
  // CUDA and cpu_math.hpp overload min/max for int, unsigned, long, long long, ... float,
  // double: equal promoted types pick the same overload on both (long vs long long do not).
  CType a = promote(args[0].type), b = promote(args[1].type);
  if (!(a == b)) reject(std::string(f.name) + " of different types");
  return em.op2(f.op, a.t, a, em.convert(args[0], a), em.convert(args[1], a));
}

}  // namespace

bool is_function_name(std::string_view name) {
  return find_function(name) || find_float_form(name);
}

Value call_function(Emitter& em, std::string_view name, std::vector<Value> args) {
  const Function* f = find_function(name);
  const Function* ff = f ? nullptr : find_float_form(name);
  if (!f && !ff) reject("unknown function '" + std::string(name) + "'");
  const Function& fn = f ? *f : *ff;
  size_t arity = fn.kind == Kind::Binary || fn.kind == Kind::MinMax ? 2 : 1;
  if (args.size() != arity)
    reject(std::string(name) + " with " + std::to_string(args.size()) + " arguments");
  check_folding(name, fn.op, args);
  if (ff) {
    for (Value& v : args) v = em.convert(v, ctype_of(F32));
    return apply(em, fn.op, F32, ctype_of(F32), args);
  }
  switch (fn.kind) {
    case Kind::MinMax:
      return call_min_max(em, fn, std::move(args));
    case Kind::Abs: {
      // abs(long) may be missing or ambiguous under CUDA: long long only.
      CType c = args[0].type;
      Type t = c.t;
      bool long_long = t == I64 && c.host_ll && c.dev_ll;
      if (t != I32 && !long_long && !is_float(t)) reject(std::string("abs of ") + type_name(t));
      return em.op1(Abs, t, args[0].type, args[0]);
    }
    default:
      break;
  }
  // The plain names: exactly float or double (integer arguments resolve differently).
  if (!same_float_type(args))
    reject(std::string(name) + " needs float or double arguments of one type");
  Type t = args[0].type.t;
  CType result = fn.kind == Kind::Classify ? ctype_of(Bool) : ctype_of(t);
  return apply(em, fn.op, t, result, args);
}

}  // namespace ndgpu::kernel::quick
