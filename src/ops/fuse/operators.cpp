// fuse::Var's operators and functions: each records the ufunc or reduction of its name.
#include "ops/fuse/graph.hpp"

namespace ndgpu::fuse {
namespace {

Var call(const char* name, std::initializer_list<Var> in) {
  return in.begin()->trace->ufunc(name, std::span(in.begin(), in.size()))[0];
}

}  // namespace

Var operator+(Var a, Var b) { return call("add", {a, b}); }
Var operator-(Var a, Var b) { return call("subtract", {a, b}); }
Var operator*(Var a, Var b) { return call("multiply", {a, b}); }
Var operator/(Var a, Var b) { return call("true_divide", {a, b}); }
Var operator-(Var a) { return call("negative", {a}); }
Var operator<(Var a, Var b) { return call("less", {a, b}); }
Var operator>(Var a, Var b) { return call("greater", {a, b}); }
Var operator+(Var a, double b) { return a + a.trace->constant(Scalar::py_float(b)); }
Var operator*(Var a, double b) { return a * a.trace->constant(Scalar::py_float(b)); }
Var sqrt(Var a) { return call("sqrt", {a}); }
Var exp(Var a) { return call("exp", {a}); }
Var absolute(Var a) { return call("absolute", {a}); }
Var where(Var condition, Var x, Var y) { return x.trace->where(condition, x, y); }
Var sum(Var x, const Axes& axis, bool keepdims) { return x.trace->reduce("sum", x, axis, {}, keepdims); }
Var amax(Var x, const Axes& axis, bool keepdims) { return x.trace->reduce("max", x, axis, {}, keepdims); }

}  // namespace ndgpu::fuse
