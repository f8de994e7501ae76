// Recording a fused function: each operation is typed when recorded, by the rules its eager
// call follows (ufunc loop selection with NEP 50 weak scalars, reduction recipes).
#include <algorithm>
#include <cctype>
#include <cstring>

#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ops/fuse/graph.hpp"
#include "ops/reduction_builtin.hpp"
#include "ops/ufunc_table.hpp"

namespace ndgpu::fuse {
namespace {

Node make(NodeKind k, DType t) {
  Node n;
  n.kind = k;
  n.dtype = t;
  return n;
}

PromotionOperand promotion_of(const Node& n) {
  if (!n.weak) return PromotionOperand::strong(n.dtype);
  switch (kind(n.dtype)) {
    case DTypeKind::Complex:
      return PromotionOperand::scalar(WeakKind::Complex);
    case DTypeKind::Float:
      return PromotionOperand::scalar(WeakKind::Float);
    default:
      return PromotionOperand::scalar(WeakKind::Int);
  }
}

// NumPy 2 compares an integer value with a Python int outside its dtype's range exactly: the
// answer is the same for every element (as call_ufunc's out_of_range_comparison).
// 0..5 for equal, not_equal, less, less_equal, greater, greater_equal; 6 for other ufuncs.
int comparison_index(const std::string& op) {
  static const char* kOps[] = {"equal",      "not_equal", "less",
                               "less_equal", "greater",   "greater_equal"};
  int k = 0;
  while (k < 6 && op != kOps[k]) ++k;
  return k;
}

std::optional<bool> same_answer(const std::string& op, const Node& a, const Node& b) {
  const bool const_left = a.kind == NodeKind::Constant && a.weak;
  const Node& c = const_left ? a : b;
  const Node& other = const_left ? b : a;
  if (c.kind != NodeKind::Constant || !c.weak || other.weak || !is_integer(other.dtype))
    return std::nullopt;
  const int side = c.value->outside_range(other.dtype);
  const int k = comparison_index(op);
  if (side == 0 || k == 6) return std::nullopt;
  if (k < 2) return k == 1;
  const bool left_is_less = (side > 0) != const_left;
  return (k == 2 || k == 3) == left_is_less;
}

int max_ndim(const std::vector<Node>& nodes, std::span<const int> ids) {
  int d = 0;
  for (int i : ids) d = std::max(d, nodes[size_t(i)].ndim);
  return d;
}

}  // namespace

DType Var::dtype() const {
  return trace->graph_->nodes[size_t(id)].dtype;
}
int Var::ndim() const {
  return trace->graph_->nodes[size_t(id)].ndim;
}

Trace::Trace(std::string name) : graph_(std::make_shared<Graph>()) {
  // Python's "<lambda>" (or any name) becomes an identifier: it names the kernel.
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "fused_" + name;
  graph_->name = std::move(name);
}
Trace::~Trace() = default;

bool Trace::weak(Var v) const {
  return graph_->nodes[size_t(v.id)].weak;
}

Var Trace::add(Node&& n) {
  graph_->nodes.push_back(std::move(n));
  return Var{this, int(graph_->nodes.size()) - 1};
}

Var Trace::array(DType dtype, int ndim) {
  Node n = make(NodeKind::ArrayArg, dtype);
  n.ndim = ndim;
  n.arg = graph_->num_args++;
  return add(std::move(n));
}

Var Trace::scalar(DType dtype, bool weak) {
  Node n = make(NodeKind::ScalarArg, dtype);
  n.weak = weak && dtype != DType::Bool;  // a Python bool is NumPy's bool (NEP 50)
  n.arg = graph_->num_args++;
  return add(std::move(n));
}

Var Trace::constant(const Scalar& value) {
  Node n = make(NodeKind::Constant, value.dtype());
  n.weak = value.weak() && value.dtype() != DType::Bool;
  n.value = value;
  return add(std::move(n));
}

std::vector<Var> Trace::ufunc(const std::string& name, std::span<const Var> inputs,
                              std::optional<DType> dtype) {
  if (!find_ufunc(name)) throw NotImplementedError("cp.fuse cannot fuse 'cp." + name + "'");
  const ops::Ufunc& u = ufunc_handle(name);
  if (int(inputs.size()) != u.nin)
    throw TypeError(u.name + "() takes " + std::to_string(u.nin) + " positional argument" +
                    (u.nin == 1 ? "" : "s") + " but " + std::to_string(inputs.size()) +
                    " were given");
  const auto& nodes = graph_->nodes;
  std::vector<PromotionOperand> ops;
  std::vector<int> ids;
  bool all_weak = true;
  for (Var v : inputs) {
    ops.push_back(promotion_of(nodes[size_t(v.id)]));
    ids.push_back(v.id);
    all_weak = all_weak && nodes[size_t(v.id)].weak;
  }
  UfuncLoopInfo loop = ufunc_loop_info(name, dtype ? *dtype : result_type(ops));
  std::optional<bool> answer;
  if (!dtype && ids.size() == 2)
    answer = same_answer(name, nodes[size_t(ids[0])], nodes[size_t(ids[1])]);
  if (!answer)  // a Python int outside an integer loop's dtype: NumPy's OverflowError
    for (size_t k = 0; k < ids.size(); ++k) {
      const Node& c = nodes[size_t(ids[k])];
      if (c.kind == NodeKind::Constant && is_integer(loop.params[k])) {
        unsigned char buf[16];
        c.value->store_as(loop.params[k], buf);
      }
    }
  for (size_t k = 0; k < ids.size(); ++k) {
    const Node& a = nodes[size_t(ids[k])];
    if (a.kind == NodeKind::ScalarArg && weak_int_into(a, loop.params[k]))
      graph_->int_args.push_back(
          {ids[k], loop.params[k],
           comparison_index(name) < 6 ? IntUse::Comparison : IntUse::Arithmetic});
  }
  std::vector<Var> outs;
  for (int slot = 0; slot < u.nout; ++slot) {
    Node n = make(NodeKind::Ufunc, answer ? DType::Bool : loop.out[size_t(slot)]);
    n.ndim = max_ndim(nodes, ids);
    n.in = ids;
    n.op = name;
    n.out_slot = slot;
    n.loop = loop;
    n.same_answer = answer;
    n.weak = all_weak && n.dtype != DType::Bool;  // Python scalars alone stay Python scalars
    outs.push_back(add(std::move(n)));
  }
  return outs;
}

Var Trace::astype(Var x, DType dtype) {
  Node n = make(NodeKind::Cast, dtype);
  n.ndim = x.ndim();
  n.in = {x.id};
  return add(std::move(n));
}

Var Trace::where(Var condition, Var x, Var y) {
  const auto& nodes = graph_->nodes;
  PromotionOperand ops[2] = {promotion_of(nodes[size_t(x.id)]), promotion_of(nodes[size_t(y.id)])};
  Node n = make(NodeKind::Where, result_type(ops));
  n.in = {condition.id, x.id, y.id};
  n.ndim = max_ndim(nodes, n.in);
  return add(std::move(n));
}

Var Trace::clip(Var x, Var lo, Var hi) {
  // NumPy 2's clip is a ufunc of three inputs: one common dtype; a missing bound is id -1.
  const auto& nodes = graph_->nodes;
  if (lo.id < 0 && hi.id < 0) throw ValueError("One of max or min must be given");
  std::vector<PromotionOperand> ops{promotion_of(nodes[size_t(x.id)])};
  std::vector<int> ids{x.id};
  for (Var b : {lo, hi})
    if (b.id >= 0) {
      ops.push_back(promotion_of(nodes[size_t(b.id)]));
      ids.push_back(b.id);
    }
  Node n = make(NodeKind::Clip, result_type(ops));
  // NumPy 2: a Python int bound beyond the side it does not limit is no limit (the kernel
  // clamps it to the dtype's range); beyond the other side it raises OverflowError.
  for (int side = 0; side < 2; ++side) {
    const int id = side == 0 ? lo.id : hi.id;
    if (id < 0 || !weak_int_into(nodes[size_t(id)], n.dtype)) continue;
    const Node& b = nodes[size_t(id)];
    if (b.kind == NodeKind::ScalarArg) {
      graph_->int_args.push_back(
          {id, n.dtype, side == 0 ? IntUse::LowerBound : IntUse::UpperBound});
    } else if (b.value->outside_range(n.dtype) == (side == 0 ? 1 : -1)) {
      unsigned char buf[16];
      b.value->store_as(n.dtype, buf);
    }
  }
  n.ndim = max_ndim(nodes, ids);
  n.in = {x.id, lo.id, hi.id};
  return add(std::move(n));
}

Var Trace::index(Var x, std::span<const IndexItem> items) {
  const Node& base = graph_->nodes[size_t(x.id)];
  if (base.kind != NodeKind::ArrayArg && base.kind != NodeKind::View &&
      base.kind != NodeKind::Reduce)
    throw NotImplementedError(
        "fuse: only the function's array arguments and reduction results "
        "can be indexed, not values computed elementwise");
  int used = 0, added = 0, removed = 0;
  for (const auto& it : items) {
    if (std::holds_alternative<NewAxis>(it))
      ++added;
    else if (std::holds_alternative<int64_t>(it))
      ++used, ++removed;
    else if (std::holds_alternative<Slice>(it))
      ++used;
  }
  if (used > base.ndim)
    throw IndexError("too many indices for array: array is " + std::to_string(base.ndim) +
                     "-dimensional, but " + std::to_string(used) + " were indexed");
  Node n = make(NodeKind::View, base.dtype);
  n.ndim = base.ndim - removed + added;
  n.in = {x.id};
  n.index.assign(items.begin(), items.end());
  return add(std::move(n));
}

Var Trace::reduce(const std::string& name, Var x, const Axes& axis, OptDType dtype, bool keepdims) {
  std::string op = name == "amax" ? "max" : name == "amin" ? "min" : name;
  static const char* kOps[] = {"sum",    "prod",   "nansum", "nanprod", "max", "min",
                               "nanmax", "nanmin", "mean",   "any",     "all", "norm2"};
  if (std::find(std::begin(kOps), std::end(kOps), op) == std::end(kOps))
    throw NotImplementedError("cp.fuse cannot fuse 'cp." + name + "'");
  const Node& in = graph_->nodes[size_t(x.id)];
  if (op.rfind("nan", 0) == 0 && is_inexact(in.dtype) && dtype && !is_inexact(*dtype))
    throw TypeError("If a is inexact, then dtype must be inexact");
  ops::BuiltinReduce r = ops::reduction_recipe(op, in.dtype, dtype);
  std::vector<bool> red = kernel::reduced_axes(axis, in.ndim);  // NumPy's AxisError
  Node n = make(NodeKind::Reduce, r.out);
  n.ndim = keepdims ? in.ndim : in.ndim - int(std::count(red.begin(), red.end(), true));
  n.in = {x.id};
  n.op = op;
  n.axes = axis;
  n.keepdims = keepdims;
  n.reduce_dtype = dtype;
  return add(std::move(n));
}

Var Trace::norm(Var x, const linalg::NormOrder& ord, const Axes& axis, bool keepdims) {
  if (axis && axis->size() != 1 && axis->size() != 2)
    throw ValueError("Improper number of dimensions to norm.");
  const size_t axes = axis ? axis->size() : size_t(x.ndim() == 1 ? 1 : x.ndim() == 2 ? 2 : 0);
  using O = linalg::NormOrder;
  if (ord.kind == O::Nuc || (ord.kind == O::Fro && axes != 2) ||
      (ord.kind == O::Number && (ord.p != 2 || axes != 1)))
    throw NotImplementedError(
        "cp.fuse cannot fuse 'cp.linalg.norm' of this order; it fuses the "
        "default, 2 over one axis and 'fro' over two");
  if (axis && axis->size() == 2 &&
      normalize_axis((*axis)[0], x.ndim()) == normalize_axis((*axis)[1], x.ndim()))
    throw ValueError("Duplicate axes given.");
  return reduce("norm2", x, axis, {}, keepdims);
}

Var Trace::assign(Var target, Var value) {
  int arg_node = target.id;
  for (auto [a, v] : graph_->assigned)
    if (v == target.id) arg_node = a;  // a value assigned before: its argument again
  const Node t = graph_->nodes[size_t(arg_node)];
  if (t.kind == NodeKind::View || t.kind == NodeKind::ScalarArg)
    throw NotImplementedError("fuse: only the function's array arguments can be written in place");
  const Node& v = graph_->nodes[size_t(value.id)];
  if (!can_cast(v.dtype, t.dtype, Casting::SameKind))
    throw TypeError("Cannot cast ufunc '" + (v.op.empty() ? std::string("assign") : v.op) +
                    "' output from dtype('" + dtype_name(v.dtype) + "') to dtype('" +
                    dtype_name(t.dtype) + "') with casting rule 'same_kind'");
  if (v.ndim > t.ndim)
    throw ValueError(
        "non-broadcastable output operand: the value has more dimensions than the output");
  Node n = make(NodeKind::Cast, t.dtype);
  n.ndim = t.ndim;
  n.in = {value.id};
  Var out = add(std::move(n));
  if (t.kind != NodeKind::ArrayArg) return out;  // a temporary: nothing else sees its memory
  auto& as = graph_->assigned;
  as.erase(std::remove_if(as.begin(), as.end(), [&](auto& p) { return p.first == arg_node; }),
           as.end());
  as.emplace_back(arg_node, out.id);
  return out;
}

}  // namespace ndgpu::fuse
