// Kernel fusion (docs/fuse.md): a function over traced values becomes one kernel, or a small
// plan of kernels (each reduction one ReductionKernel whose map is the fused elementwise work
// before it, then one elementwise kernel for everything after). Types, loops, identities and
// errors are those of ndgpu's ufuncs and reductions: a fused function computes what the same
// calls one by one would, without the temporaries.
//
//   fuse::Trace t("scaled");
//   fuse::Var x = t.array(DType::Float32, 1), y = t.array(DType::Float32, 1);
//   fuse::Function f = t.compile({x * y + fuse::sqrt(y)});
//   NDArray r = f({a, b})[0];
#pragma once
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ndgpu/reductions.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::fuse {

struct Graph;  // src/ops/fuse/graph.hpp
struct Node;
struct Plan;  // src/ops/fuse/plan.hpp
class Trace;

// A value of a trace: an argument, a constant or the result of an operation on them.
struct Var {
  Trace* trace = nullptr;
  int id = -1;
  DType dtype() const;
  int ndim() const;
};

// The compiled function: arguments in the order the trace declared them (an NDArray for an
// array argument, a Scalar for a scalar one). Returns the outputs given to compile(); inputs
// updated in place (Trace::assign) are written before it returns.
class Function {
 public:
  std::vector<NDArray> operator()(std::span<const Operand> args) const;
  int num_args() const;
  // For each output, the argument it is (written in place or returned as given), else -1.
  std::vector<int> output_arguments() const;

 private:
  friend class Trace;
  std::shared_ptr<const Plan> plan_;
};

// Records a function's operations. Every method checks its operands as the eager call would
// (TypeError, AxisError, OverflowError...) and raises NotImplementedError for what cannot fuse.
class Trace {
 public:
  explicit Trace(std::string name = "fused");
  ~Trace();
  Trace(const Trace&) = delete;
  Trace& operator=(const Trace&) = delete;

  // The next argument: an array of `dtype` and `ndim`, or a host scalar (weak: a Python
  // scalar of dtype's kind, NEP 50; else a NumPy scalar of that dtype).
  Var array(DType dtype, int ndim);
  Var scalar(DType dtype, bool weak);
  // A constant of the function (its value is compiled in).
  Var constant(const Scalar& value);

  // A ufunc by name; `dtype` forces the loop as the ufunc's dtype= does. One Var per output.
  std::vector<Var> ufunc(const std::string& name, std::span<const Var> inputs,
                         std::optional<DType> dtype = std::nullopt);
  Var astype(Var x, DType dtype);
  Var where(Var condition, Var x, Var y);
  Var clip(Var x, Var lo, Var hi);
  // Basic indexing (ints, slices, newaxis, ellipsis) of an argument, of a reduction's result
  // or of another such view.
  Var index(Var x, std::span<const IndexItem> items);
  // sum, prod, nansum, nanprod, max (amax), min (amin), nanmax, nanmin, mean, any, all.
  Var reduce(const std::string& name, Var x, const Axes& axis = {}, OptDType dtype = {},
             bool keepdims = false);
  // linalg.norm for the orders that are one sum of squares: the default, 2 over one axis
  // (or of a vector) and "fro" over two (or of a matrix). NotImplementedError for others.
  Var norm(Var x, const linalg::NormOrder& ord = {}, const Axes& axis = {}, bool keepdims = false);
  // `target` = value, cast as ufunc out= casts ('same_kind'): an array argument is written
  // when the function runs; any other value is only replaced. Returns the new value, which
  // later operations read.
  Var assign(Var target, Var value);

  bool weak(Var v) const;
  // The compiled plan for these outputs (none: the function only updates its arguments).
  Function compile(std::span<const Var> outputs) const;

 private:
  Var add(Node&& n);
  friend struct Var;
  std::shared_ptr<Graph> graph_;
};

// Counts of the deferred comparisons (docs/architecture.md): comparisons whose kernel waited,
// those a where() took in, and fused wheres that left the mask unwritten (nobody held it).
struct DeferredStats {
  int64_t deferred = 0, fused = 0, mask_writes_skipped = 0;
};
DeferredStats deferred_stats();

// Operators and functions under NumPy's names, for building traces in C++. A double operand
// is a Python float (weak).
Var operator+(Var a, Var b);
Var operator-(Var a, Var b);
Var operator*(Var a, Var b);
Var operator/(Var a, Var b);
Var operator-(Var a);
Var operator<(Var a, Var b);
Var operator<=(Var a, Var b);
Var operator>(Var a, Var b);
Var operator>=(Var a, Var b);
Var operator==(Var a, Var b);
Var operator!=(Var a, Var b);
Var operator+(Var a, double b);
Var operator-(Var a, double b);
Var operator*(Var a, double b);
Var operator/(Var a, double b);
Var sqrt(Var a);
Var exp(Var a);
Var log(Var a);
Var absolute(Var a);
Var maximum(Var a, Var b);
Var minimum(Var a, Var b);
Var where(Var condition, Var x, Var y);
Var sum(Var x, const Axes& axis = {}, bool keepdims = false);
Var prod(Var x, const Axes& axis = {}, bool keepdims = false);
Var mean(Var x, const Axes& axis = {}, bool keepdims = false);
Var amax(Var x, const Axes& axis = {}, bool keepdims = false);
Var amin(Var x, const Axes& axis = {}, bool keepdims = false);
Var any(Var x, const Axes& axis = {}, bool keepdims = false);
Var all(Var x, const Axes& axis = {}, bool keepdims = false);

}  // namespace ndgpu::fuse
