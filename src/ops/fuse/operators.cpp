// fuse::Var's operators and functions: each records the ufunc or reduction of its name.
#include "ops/fuse/graph.hpp"

namespace ndgpu::fuse {
namespace {

Var call(const char* name, std::initializer_list<Var> in) {
  return in.begin()->trace->ufunc(name, std::span(in.begin(), in.size()))[0];
}

Var weak(Var like, double v) {
  return like.trace->constant(Scalar::py_float(v));
}

}  // namespace

Var operator+(Var a, Var b) {
  return call("add", {a, b});
}
Var operator-(Var a, Var b) {
  return call("subtract", {a, b});
}
Var operator*(Var a, Var b) {
  return call("multiply", {a, b});
}
Var operator/(Var a, Var b) {
  return call("true_divide", {a, b});
}
Var operator-(Var a) {
  return call("negative", {a});
}
Var operator<(Var a, Var b) {
  return call("less", {a, b});
}
Var operator<=(Var a, Var b) {
  return call("less_equal", {a, b});
}
Var operator>(Var a, Var b) {
  return call("greater", {a, b});
}
Var operator>=(Var a, Var b) {
  return call("greater_equal", {a, b});
}
Var operator==(Var a, Var b) {
  return call("equal", {a, b});
}
Var operator!=(Var a, Var b) {
  return call("not_equal", {a, b});
}
Var operator+(Var a, double b) {
  return a + weak(a, b);
}
Var operator-(Var a, double b) {
  return a - weak(a, b);
}
Var operator*(Var a, double b) {
  return a * weak(a, b);
}
Var operator/(Var a, double b) {
  return a / weak(a, b);
}
Var sqrt(Var a) {
  return call("sqrt", {a});
}
Var exp(Var a) {
  return call("exp", {a});
}
Var log(Var a) {
  return call("log", {a});
}
Var absolute(Var a) {
  return call("absolute", {a});
}
Var maximum(Var a, Var b) {
  return call("maximum", {a, b});
}
Var minimum(Var a, Var b) {
  return call("minimum", {a, b});
}
Var where(Var condition, Var x, Var y) {
  return x.trace->where(condition, x, y);
}
Var sum(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("sum", x, axis, {}, keepdims);
}
Var prod(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("prod", x, axis, {}, keepdims);
}
Var mean(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("mean", x, axis, {}, keepdims);
}
Var amax(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("max", x, axis, {}, keepdims);
}
Var amin(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("min", x, axis, {}, keepdims);
}
Var any(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("any", x, axis, {}, keepdims);
}
Var all(Var x, const Axes& axis, bool keepdims) {
  return x.trace->reduce("all", x, axis, {}, keepdims);
}

}  // namespace ndgpu::fuse
