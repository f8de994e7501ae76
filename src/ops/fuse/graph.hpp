// A fused function's trace: nodes in the order they were recorded (operands always before
// their users), each with its NumPy dtype, weakness and ndim.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ndgpu/fuse.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::fuse {

enum class NodeKind {
  // Leaves: values a kernel receives as parameters.
  ArrayArg,
  ScalarArg,
  View,
  Reduce,
  // Elementwise work, inlined into the kernels that read it.
  Constant,
  Ufunc,
  Cast,
  Where,
  Clip,
};

struct Node {
  NodeKind kind = NodeKind::Constant;
  DType dtype = DType::Float64;
  bool weak = false;  // a Python scalar, or ops on Python scalars alone (NEP 50)
  int ndim = 0;
  std::vector<int> in;              // operand nodes
  int arg = -1;                     // ArrayArg, ScalarArg: the argument's position
  std::optional<Scalar> value;      // Constant
  std::string op;                   // Ufunc, Reduce: the name
  int out_slot = 0;                 // Ufunc: which output
  UfuncLoopInfo loop;               // Ufunc: the loop, its parameter dtypes
  std::optional<bool> same_answer;  // Ufunc: a comparison NumPy 2 answers for every element
  std::vector<IndexItem> index;     // View
  Axes axes;                        // Reduce
  bool keepdims = false;
  OptDType reduce_dtype;  // Reduce: the dtype= argument
};

// A Python int argument an integer loop converts: its value is checked on each call, as NumPy
// checks it (OverflowError in arithmetic; comparisons answered for every element are not
// fused: NotImplementedError; a clip bound may lie beyond the side it does not limit).
enum class IntUse { Arithmetic, Comparison, LowerBound, UpperBound };
struct IntArgCheck {
  int node;
  DType loop_type;
  IntUse use;
};

// A Python int (argument or constant) converted to integer dtype `t`.
inline bool weak_int_into(const Node& n, DType t) {
  return n.weak && is_integer(n.dtype) && is_integer(t) &&
         (n.kind == NodeKind::ScalarArg || n.kind == NodeKind::Constant);
}

struct Graph {
  std::string name;
  std::vector<Node> nodes;
  int num_args = 0;
  std::vector<IntArgCheck> int_args;
  std::vector<std::pair<int, int>> assigned;  // (argument node, value node), in order
};

inline bool is_leaf(NodeKind k) {
  return k <= NodeKind::Reduce;
}

}  // namespace ndgpu::fuse
