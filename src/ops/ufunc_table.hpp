// The built-in ufuncs: NumPy's loops (type signatures) and the body each loop runs.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "kernel/elementwise.hpp"
#include "ndgpu/dtype.hpp"

namespace ndgpu::ops {

struct UfuncLoop {
  std::vector<DType> in, out;
  std::string body;  // uses in0, in1, out0
  mutable std::unique_ptr<kernel::ElementwiseDefinition> def;  // made on first use
};

struct Ufunc {
  std::string name;
  int nin = 1, nout = 1;
  std::vector<UfuncLoop> loops;  // in NumPy's order: the first loop that fits is used
  std::string unsupported_bool;  // NumPy's message for bool inputs, where it has one
};

const std::vector<Ufunc>& ufunc_table();

}  // namespace ndgpu::ops
