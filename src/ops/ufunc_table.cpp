#include "ops/ufunc_table.hpp"

#include <array>
#include <initializer_list>
#include <string_view>
#include <utility>

namespace ndgpu::ops {
namespace {

// Type-character sets, in NumPy's ufunc.types order: the first loop that a dtype casts to
// safely is the one chosen, so an unsigned type must come before the wider signed one
// (uint8 resolves to the uint8 loop, not int16).
constexpr const char* kInts = "bBhHiIlL";
constexpr const char* kInexact = "efdFD";
constexpr const char* kAll = "?bBhHiIlLefdFD";

// A type character's dtype, parsed once per character (the table has ~1000 loops).
DType code(char c) {
  static const auto table = [] {
    std::array<DType, 128> t{};
    for (char k : std::string_view(kAll)) t[size_t(k)] = *dtype_from_name(std::string(1, k));
    return t;
  }();
  return table[size_t(c) & 127];
}

// One loop per type in `types`: nin inputs and one output of that type (or `out_type`).
void add_loops(Ufunc& u, const char* types, const std::string& body, char out_type = 0,
               char param_type = 0) {
  for (const char* t = types; *t; ++t) {
    UfuncLoop l;
    l.in.assign(size_t(u.nin), code(*t));
    l.out.assign(size_t(u.nout), out_type ? code(out_type) : code(*t));
    if (param_type) l.params.assign(size_t(u.nin), code(param_type));
    l.body = body;
    u.loops.push_back(std::move(l));
  }
}

Ufunc make(const std::string& name, int nin, int nout = 1) {
  Ufunc u;
  u.name = name;
  u.nin = nin;
  u.nout = nout;
  return u;
}

// Loops of NumPy signatures whose operands differ in dtype ("fi->f", "e->ei"), one body.
void add_signatures(Ufunc& u, std::initializer_list<std::string_view> sigs,
                    const std::string& body) {
  for (std::string_view s : sigs) {
    UfuncLoop l;
    const size_t arrow = s.find("->");
    for (char c : s.substr(0, arrow)) l.in.push_back(code(c));
    for (char c : s.substr(arrow + 2)) l.out.push_back(code(c));
    u.mixed_inputs = u.mixed_inputs || l.in.front() != l.in.back();
    l.body = body;
    u.loops.push_back(std::move(l));
  }
}

// `out0 = ndgpu::ufn::<fn>(in0, ..., in<nin-1>)` (device/ndgpu/ufunc_math.cuh) over `types`.
void add_fn(std::vector<Ufunc>& t, const std::string& name, int nin, const char* types,
            const std::string& fn = "", char out_type = 0) {
  Ufunc u = make(name, nin);
  std::string args;
  for (int k = 0; k < nin; ++k) args += (k ? ", in" : "in") + std::to_string(k);
  add_loops(u, types, "out0 = ndgpu::ufn::" + (fn.empty() ? name : fn) + "(" + args + ")",
            out_type);
  t.push_back(std::move(u));
}

// cupyx.scipy.special's ufuncs (device/ndgpu/ufunc_special.cuh), with SciPy's float32 and
// float64 loops: float16 and small integers compute in float32, wider integers in float64.
void add_special_ufuncs(std::vector<Ufunc>& t) {
  const size_t first = t.size();
  for (const char* f :
       {"erf",   "erfc",  "erfcx",     "erfinv",  "erfcinv", "ndtr",    "ndtri", "log_ndtr",
        "expit", "logit", "log_expit", "gammaln", "gamma",   "digamma", "i0",    "i0e",
        "i1",    "i1e",   "j0",        "j1",      "y0",      "y1",      "entr"})
    add_fn(t, f, 1, "fd");
  for (const char* f : {"exp10", "rgamma", "k0", "k0e", "k1", "k1e", "zetac", "exp1", "expi",
                        "ellipk", "ellipkm1", "loggamma"})
    add_fn(t, f, 1, "fd");
  for (const char* f : {"gammainc", "gammaincc", "gammaincinv", "gammainccinv", "zeta", "polygamma",
                        "expn", "yn", "poch"})
    add_fn(t, f, 2, "fd");
  for (const char* f : {"xlogy", "xlog1py", "rel_entr", "kl_div", "huber", "pseudo_huber", "boxcox",
                        "boxcox1p", "inv_boxcox", "inv_boxcox1p", "betaln", "beta", "binom"})
    add_fn(t, f, 2, "fd");
  for (const char* f : {"betainc", "betaincinv"}) add_fn(t, f, 3, "fd");
  for (size_t k = first; k < t.size(); ++k) t[k].scipy_special = true;
}

// The second wave (NumPy's loops as numpy.<ufunc>.types lists them): arithmetic, rounding,
// trigonometry, classification, logic and bits.
void add_math_ufuncs(std::vector<Ufunc>& t) {
  constexpr const char* kIntsInexact = "bBhHiIlLefdFD";
  constexpr const char* kIntsReal = "bBhHiIlLefd";
  constexpr const char* kReal = "efd";
  {
    Ufunc u = make("power", 2);
    add_loops(u, kIntsInexact, "out0 = ndgpu::ufn::power(in0, in1)");
    u.refuses_negative_integer_exponent = true;
    t.push_back(std::move(u));
  }
  add_fn(t, "remainder", 2, kIntsReal);
  add_fn(t, "fmod", 2, kIntsReal);
  for (const char* f : {"square", "reciprocal", "sign"}) add_fn(t, f, 1, kIntsInexact);
  for (const char* f : {"floor", "ceil", "trunc"}) add_fn(t, f, 1, "?bBhHiIlLefd");
  for (const char* f : {"rint", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
                        "tanh", "arcsinh", "arccosh", "arctanh", "exp2", "expm1", "log2", "log10"})
    add_fn(t, f, 1, kInexact);
  for (const char* f : {"cbrt", "fabs"}) add_fn(t, f, 1, kReal);
  add_fn(t, "rsqrt", 1, kInexact);  // cupyx.rsqrt, not a NumPy name
  for (const char* f : {"arctan2", "hypot", "copysign"}) add_fn(t, f, 2, kReal);
  // NumPy's radians and degrees are ufuncs of their own names, with the same loops.
  constexpr const char* kToRadians = "out0 = in0 * (decltype(in0))(0.017453292519943295769)";
  constexpr const char* kToDegrees = "out0 = in0 * (decltype(in0))(57.295779513082320877)";
  for (auto [name, body] : {std::pair{"deg2rad", kToRadians}, std::pair{"radians", kToRadians},
                            std::pair{"rad2deg", kToDegrees}, std::pair{"degrees", kToDegrees}}) {
    Ufunc u = make(name, 1);
    add_loops(u, kReal, body);
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("isnan", 1);
    add_loops(u, kAll, "out0 = ndgpu::isnan_(in0)", '?');
    t.push_back(std::move(u));
  }
  add_fn(t, "isinf", 1, kAll, "", '?');
  add_fn(t, "isfinite", 1, kAll, "", '?');
  struct Logic {
    const char* name;
    const char* body;
  };
  for (Logic l :
       {Logic{"logical_and", "out0 = ndgpu::ufn::truth(in0) && ndgpu::ufn::truth(in1)"},
        Logic{"logical_or", "out0 = ndgpu::ufn::truth(in0) || ndgpu::ufn::truth(in1)"},
        Logic{"logical_xor", "out0 = ndgpu::ufn::truth(in0) != ndgpu::ufn::truth(in1)"}}) {
    Ufunc u = make(l.name, 2);
    add_loops(u, kAll, l.body, '?');
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("logical_not", 1);
    add_loops(u, kAll, "out0 = !ndgpu::ufn::truth(in0)", '?');
    t.push_back(std::move(u));
  }
  struct Bits {
    const char* name;
    const char* op;
  };
  for (Bits b : {Bits{"bitwise_and", "&"}, Bits{"bitwise_or", "|"}, Bits{"bitwise_xor", "^"}}) {
    Ufunc u = make(b.name, 2);
    add_loops(u, "?", std::string("out0 = in0 ") + b.op + " in1");
    add_loops(u, kInts, std::string("out0 = in0 ") + b.op + " in1");
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("invert", 1);
    add_loops(u, "?", "out0 = !in0");
    add_loops(u, kInts, "out0 = ~in0");
    t.push_back(std::move(u));
  }
  add_fn(t, "left_shift", 2, kInts);
  add_fn(t, "right_shift", 2, kInts);
  {
    Ufunc u = make("positive", 1);
    add_loops(u, kIntsInexact, "out0 = in0");
    t.push_back(std::move(u));
    Ufunc c = make("conjugate", 1);
    add_loops(c, kIntsReal, "out0 = in0");
    add_loops(c, "FD", "out0 = ndgpu::conj(in0)");
    t.push_back(std::move(c));
  }
}

// The third wave: two outputs (divmod, frexp, modf), mixed inputs (ldexp), number theory,
// and the nan-aware and bit-level float functions (device/ndgpu/ufunc_more.cuh).
void add_more_ufuncs(std::vector<Ufunc>& t) {
  {
    Ufunc u = make("divmod", 2, 2);
    add_loops(
        u, "bBhHiIlLefd",
        "out0 = ndgpu::ufn::divmod_quotient(in0, in1); out1 = ndgpu::ufn::remainder(in0, in1)");
    t.push_back(std::move(u));
    Ufunc f = make("frexp", 1, 2);
    add_signatures(f, {"e->ei", "f->fi", "d->di"}, "out0 = ndgpu::ufn::frexp(in0, out1)");
    t.push_back(std::move(f));
    Ufunc m = make("modf", 1, 2);
    add_loops(m, "efd", "out0 = ndgpu::ufn::modf(in0, out1)");
    t.push_back(std::move(m));
    Ufunc l = make("ldexp", 2);
    add_signatures(l, {"ei->e", "fi->f", "el->e", "fl->f", "di->d", "dl->d"},
                   "out0 = ndgpu::ufn::ldexp(in0, in1)");
    t.push_back(std::move(l));
  }
  for (const char* f : {"gcd", "lcm"}) add_fn(t, f, 2, kInts);
  for (const char* f : {"heaviside", "logaddexp", "logaddexp2", "nextafter"})
    add_fn(t, f, 2, "efd");
  add_fn(t, "float_power", 2, "dD", "power");
  for (const char* f : {"fmax", "fmin"}) add_fn(t, f, 2, kAll);
  add_fn(t, "signbit", 1, "efd", "", '?');
  add_fn(t, "spacing", 1, "efd");
  add_fn(t, "bitwise_count", 1, kInts, "", 'B');
}

std::vector<Ufunc> build() {
  std::vector<Ufunc> t;
  t.reserve(128);  // no reallocation: each move would copy loops and bodies again
  {
    Ufunc u = make("add", 2);
    add_loops(u, "?", "out0 = in0 || in1");
    add_loops(u, kInts, "out0 = in0 + in1");
    add_loops(u, kInexact, "out0 = in0 + in1");
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("subtract", 2);
    add_loops(u, kInts, "out0 = in0 - in1");
    add_loops(u, kInexact, "out0 = in0 - in1");
    u.unsupported_bool =
        "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
        "operator, or the logical_xor function instead.";
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("multiply", 2);
    add_loops(u, "?", "out0 = in0 && in1");
    add_loops(u, kInts, "out0 = in0 * in1");
    add_loops(u, kInexact, "out0 = in0 * in1");
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("true_divide", 2);
    // NumPy's true-division type resolver: bool and integer inputs divide as float64.
    add_loops(u, "?bBhHiIlL", "out0 = in0 / in1", 'd', 'd');
    add_loops(u, kInexact, "out0 = in0 / in1");
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("floor_divide", 2);
    add_loops(u, kInts, "out0 = ndgpu::floor_divide(in0, in1)");
    // float16 first, or it would resolve to the float32 loop.
    add_loops(u, "e", "out0 = float16(ndgpu::floor_divide(float(in0), float(in1)))");
    add_loops(u, "fd", "out0 = ndgpu::floor_divide(in0, in1)");
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("negative", 1);
    add_loops(u, kInts, "out0 = ndgpu::negative(in0)");
    add_loops(u, kInexact, "out0 = -in0");
    u.unsupported_bool =
        "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or "
        "the logical_not function instead.";
    t.push_back(std::move(u));
  }
  {
    Ufunc u = make("absolute", 1);
    add_loops(u, "?bBhHiIlLefd", "out0 = ndgpu::absolute(in0)");
    add_loops(u, "F", "out0 = ndgpu::absolute(in0)", 'f');
    add_loops(u, "D", "out0 = ndgpu::absolute(in0)", 'd');
    t.push_back(std::move(u));
  }
  struct Cmp {
    const char* name;
    const char* body;
  };
  for (Cmp c : {Cmp{"equal", "out0 = in0 == in1"}, Cmp{"not_equal", "out0 = in0 != in1"},
                Cmp{"less", "out0 = ndgpu::less(in0, in1)"},
                Cmp{"less_equal", "out0 = ndgpu::less_equal(in0, in1)"},
                Cmp{"greater", "out0 = ndgpu::greater(in0, in1)"},
                Cmp{"greater_equal", "out0 = ndgpu::greater_equal(in0, in1)"}}) {
    Ufunc u = make(c.name, 2);
    u.comparison = true;
    add_loops(u, kAll, c.body, '?');
    t.push_back(std::move(u));
  }
  for (const char* name : {"maximum", "minimum"}) {
    Ufunc u = make(name, 2);
    add_loops(u, "?bBhHiIlLefd", std::string("out0 = ndgpu::") + name + "(in0, in1)");
    // A NaN in either complex operand propagates (the device helper checks the second
    // operand only after comparing, so maximum(1+1j, nanj) lost the NaN).
    add_loops(u, "FD",
              std::string("out0 = ndgpu::isnan_(in0) ? in0 : (ndgpu::isnan_(in1) ? in1 : ndgpu::") +
                  name + "(in0, in1))");
    t.push_back(std::move(u));
  }
  for (const char* name : {"exp", "log", "log1p", "sqrt"}) {
    Ufunc u = make(name, 1);
    add_loops(u, kInexact, std::string("out0 = ndgpu::") + name + "_(in0)");
    t.push_back(std::move(u));
  }
  add_math_ufuncs(t);
  add_more_ufuncs(t);
  add_special_ufuncs(t);
  return t;
}

}  // namespace

const std::vector<Ufunc>& ufunc_table() {
  static const std::vector<Ufunc> table = build();
  return table;
}

}  // namespace ndgpu::ops
