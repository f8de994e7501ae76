// The built-in ufuncs: NumPy's loops (type signatures) and the body each loop runs.
#pragma once
#include <array>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/dtype.hpp"

namespace ndgpu::ops {

struct UfuncLoop {
  std::vector<DType> in, out;  // what the loop is chosen by, as NumPy's loop signatures
  // The dtypes the kernel takes its inputs in, when they differ from `in` (integer true
  // division runs in float64; a Python int then converts to float64, never overflowing).
  std::vector<DType> params;
  std::string body;                                            // uses in0, in1, out0
  mutable std::unique_ptr<kernel::ElementwiseDefinition> def;  // made on first use
  mutable std::atomic<const kernel::ElementwiseDefinition*> def_ready{nullptr};
  UfuncLoop() = default;
  UfuncLoop(UfuncLoop&& o) noexcept
      : in(std::move(o.in)),
        out(std::move(o.out)),
        params(std::move(o.params)),
        body(std::move(o.body)) {}
};

struct Ufunc {
  std::string name;
  int nin = 1, nout = 1;
  std::vector<UfuncLoop> loops;  // in NumPy's order: the first loop that fits is used
  std::string unsupported_bool;  // NumPy's message for bool inputs, where it has one
  // power: an integer loop raises NumPy's ValueError for a negative exponent.
  bool refuses_negative_integer_exponent = false;
  // Loops whose inputs differ in dtype (ldexp): chosen per operand, not by a common dtype.
  bool mixed_inputs = false;
  // equal, not_equal, less, less_equal, greater, greater_equal: a bool mask of two operands.
  bool comparison = false;
  // A cupyx.scipy.special ufunc, not one of NumPy's.
  bool scipy_special = false;
  // The loop chosen for each common input dtype, filled on first use.
  mutable std::array<std::atomic<const UfuncLoop*>, kNumDTypes> resolved{};
  Ufunc() = default;
  Ufunc(Ufunc&& o) noexcept
      : name(std::move(o.name)),
        nin(o.nin),
        nout(o.nout),
        loops(std::move(o.loops)),
        unsupported_bool(std::move(o.unsupported_bool)),
        refuses_negative_integer_exponent(o.refuses_negative_integer_exponent),
        mixed_inputs(o.mixed_inputs),
        comparison(o.comparison),
        scipy_special(o.scipy_special) {}
};

const std::vector<Ufunc>& ufunc_table();

}  // namespace ndgpu::ops
