// How one kernel parameter reaches a specialisation: the description every engine shares
// (the code generators, the argument packers, the shortcuts and the quick tier).
#pragma once
#include <cstdint>

#include "kernel/signature.hpp"
#include "ndgpu/dtype.hpp"

namespace ndgpu::kernel {

enum class ArgKind : uint8_t { Array, Scalar, Raw };

struct ArgSpec {
  const Param* param;
  ArgKind kind;
  DType type;     // the parameter's bound type (what the body sees)
  DType storage;  // the array's dtype (loads and stores convert between the two)
  int raw_ndim = 0;
  bool is_output = false;
};

}  // namespace ndgpu::kernel
