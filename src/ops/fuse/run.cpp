// Compiling a trace into its plan, and running the plan: arguments and views, then each
// reduction (its map the fused work before it), then one elementwise kernel for the outputs
// and in-place updates.
#include <algorithm>

#include "kernel/elementwise/shortcut.hpp"
#include "ndgpu/errors.hpp"
#include "ops/fuse/plan.hpp"

namespace ndgpu::fuse {
namespace {

bool reads_nothing(const Shape& shape, const Axes& axes) {
  std::vector<bool> red = kernel::reduced_axes(axes, int(shape.size()));
  for (size_t d = 0; d < shape.size(); ++d)
    if (red[d] && shape[d] == 0) return true;
  return false;
}

Shape shape_of(const std::vector<Operand>& vals, const std::vector<int>& leaves) {
  std::vector<Shape> shapes;
  for (int l : leaves)
    if (auto* a = std::get_if<NDArray>(&vals[size_t(l)])) shapes.push_back(a->shape());
  return broadcast_shapes(shapes);
}

std::vector<Operand> operands(const std::vector<Operand>& vals, const std::vector<int>& leaves) {
  std::vector<Operand> ops;
  ops.reserve(leaves.size());
  for (int l : leaves) ops.push_back(vals[size_t(l)]);
  return ops;
}

// The leaves of the plan's kernels and outputs, and every leaf those read (views' bases).
std::vector<bool> needed_leaves(const Plan& p) {
  std::vector<bool> need(p.graph.nodes.size());
  auto add = [&](const std::vector<int>& ls) {
    for (int l : ls) need[size_t(l)] = true;
  };
  add(p.all_sinks.leaves);
  for (const auto& s : p.each_sink) add(s.leaves);
  for (int o : p.outputs)
    if (o < 0) need[size_t(-o - 1)] = true;
  for (size_t id = p.graph.nodes.size(); id-- > 0;) {
    if (!need[id]) continue;
    const Node& n = p.graph.nodes[id];
    if (n.kind == NodeKind::View) need[size_t(n.in[0])] = true;
    if (n.kind == NodeKind::Reduce) add(p.reductions[id].leaves);
  }
  return need;
}

std::vector<NDArray> outputs(const Plan& p, const std::vector<NDArray>& written,
                             const std::vector<Operand>& vals) {
  std::vector<NDArray> result;
  for (int o : p.outputs)
    result.push_back(o >= 0 ? written[size_t(o)] : std::get<NDArray>(vals[size_t(-o - 1)]));
  return result;
}

}  // namespace

int Function::num_args() const {
  return plan_->graph.num_args;
}

std::vector<int> Function::output_arguments() const {
  std::vector<int> r;
  for (int o : plan_->outputs) {
    int node = o >= 0 ? plan_->sinks[size_t(o)].arg_node : -o - 1;
    bool arg = node >= 0 && plan_->graph.nodes[size_t(node)].kind == NodeKind::ArrayArg;
    r.push_back(arg ? plan_->graph.nodes[size_t(node)].arg : -1);
  }
  return r;
}

Function Trace::compile(std::span<const Var> outputs) const {
  auto p = std::make_shared<Plan>();
  p->graph = *graph_;
  const Graph& g = p->graph;
  p->reductions.resize(g.nodes.size());
  for (size_t id = 0; id < g.nodes.size(); ++id)
    if (g.nodes[id].kind == NodeKind::Reduce)
      p->reductions[id] = reduction_step(g, g.name, int(id));
  for (auto [arg, value] : g.assigned) p->sinks.push_back({value, arg});
  for (Var v : outputs) {
    const Node& n = g.nodes[size_t(v.id)];
    auto it = std::find_if(p->sinks.begin(), p->sinks.end(),
                           [&](const Sink& s) { return s.node == v.id; });
    if (it != p->sinks.end()) {
      p->outputs.push_back(int(it - p->sinks.begin()));
    } else if (n.kind == NodeKind::ArrayArg || n.kind == NodeKind::View ||
               n.kind == NodeKind::Reduce) {
      p->outputs.push_back(-v.id - 1);
    } else {
      p->outputs.push_back(int(p->sinks.size()));
      p->sinks.push_back({v.id, -1});
    }
  }
  std::vector<int> nodes;
  std::vector<DType> types;
  for (const Sink& s : p->sinks) {
    nodes.push_back(s.node);
    types.push_back(g.nodes[size_t(s.node)].dtype);
  }
  if (!nodes.empty()) p->all_sinks = elementwise_step(g, g.name, nodes, types);
  if (nodes.size() > 1)
    for (size_t k = 0; k < nodes.size(); ++k)
      p->each_sink.push_back(
          elementwise_step(g, g.name + "_" + std::to_string(k), {nodes[k]}, {types[k]}));
  p->needed = needed_leaves(*p);
  // The common case: arrays straight into one kernel, which the dispatch shortcut can run.
  p->plain = p->sinks.size() == 1 && p->sinks[0].arg_node < 0 && p->outputs.size() == 1;
  for (int l : p->all_sinks.leaves)
    p->plain = p->plain && g.nodes[size_t(l)].kind == NodeKind::ArrayArg;
  Function f;
  f.plan_ = std::move(p);
  return f;
}

std::vector<NDArray> Function::operator()(std::span<const Operand> args) const {
  const Plan& p = *plan_;
  const Graph& g = p.graph;
  if (int(args.size()) != g.num_args)
    throw TypeError(g.name + "() takes " + std::to_string(g.num_args) + " arguments but " +
                    std::to_string(args.size()) + " were given");
  if (p.plain) {
    const NDArray* ins[8];
    size_t n = 0;
    for (int l : p.all_sinks.leaves) {
      const NDArray* a = std::get_if<NDArray>(&args[size_t(g.nodes[size_t(l)].arg)]);
      if (!a || n == 8 || a->dtype() != g.nodes[size_t(l)].dtype) break;
      ins[n++] = a;
    }
    NDArray result;
    if (n == p.all_sinks.leaves.size() &&
        kernel::run_elementwise_shortcut(*p.all_sinks.elementwise, std::span(ins, n), {}, &result))
      return {result};
  }
  for (const IntArgCheck& c : g.int_args) {
    const Scalar* s = std::get_if<Scalar>(&args[size_t(g.nodes[size_t(c.node)].arg)]);
    const int side = s ? s->outside_range(c.loop_type) : 0;
    if (side == 0 || (c.use == IntUse::LowerBound && side < 0) ||
        (c.use == IntUse::UpperBound && side > 0))
      continue;
    if (c.use == IntUse::Comparison)
      throw NotImplementedError(std::string("fuse: comparing with a Python int outside ") +
                                dtype_name(c.loop_type) +
                                " (NumPy answers for every element); "
                                "pass it as a constant of the function or a wider array");
    unsigned char buf[16];
    s->store_as(c.loop_type, buf);  // NumPy's OverflowError
  }
  std::vector<Operand> vals(g.nodes.size());
  for (size_t id = 0; id < g.nodes.size(); ++id) {
    const Node& n = g.nodes[id];
    if (n.kind == NodeKind::ArrayArg || n.kind == NodeKind::ScalarArg) {
      const Operand& a = args[size_t(n.arg)];
      const NDArray* arr = std::get_if<NDArray>(&a);
      if ((n.kind == NodeKind::ArrayArg) != (arr != nullptr) ||
          (arr && (arr->dtype() != n.dtype || arr->ndim() != n.ndim)))
        throw TypeError("fuse: argument " + std::to_string(n.arg) + " differs from the traced one");
      vals[id] = a;
    } else if (p.needed[id] && n.kind == NodeKind::View) {
      vals[id] = std::get<NDArray>(vals[size_t(n.in[0])]).index(n.index);
    } else if (p.needed[id] && n.kind == NodeKind::Reduce) {
      const Step& s = p.reductions[id];
      if ((n.op == "max" || n.op == "min") && reads_nothing(shape_of(vals, s.leaves), n.axes))
        throw ValueError(std::string("zero-size array to reduction operation ") +
                         (n.op == "max" ? "maximum" : "minimum") + " which has no identity");
      vals[id] =
          kernel::run_reduction(*s.reduction, operands(vals, s.leaves), n.axes, n.keepdims)[0];
    }
  }
  // Each sink's shape: its leaves broadcast, or the argument it writes.
  std::vector<Shape> shapes;
  bool agree = true;
  for (size_t k = 0; k < p.sinks.size(); ++k) {
    const Sink& s = p.sinks[k];
    Shape shape = shape_of(vals, p.each_sink.empty() ? p.all_sinks.leaves : p.each_sink[k].leaves);
    if (s.arg_node >= 0) {
      const Shape& target = std::get<NDArray>(vals[size_t(s.arg_node)]).shape();
      Shape both[2] = {shape, target};
      bool fits = false;
      try {
        fits = broadcast_shapes(both) == target;
      } catch (const ValueError&) {
      }
      if (!fits)
        throw ValueError("non-broadcastable output operand with shape " + shape_str(target) +
                         " doesn't match the broadcast shape " + shape_str(shape));
      shape = target;
    }
    agree = agree && (shapes.empty() || shape == shapes[0]);
    shapes.push_back(shape);
  }
  std::vector<NDArray> written(p.sinks.size());
  bool any_array = false, any_assigned = false;
  for (int l : p.all_sinks.leaves)
    any_array = any_array || std::holds_alternative<NDArray>(vals[size_t(l)]);
  for (const Sink& s : p.sinks) any_assigned = any_assigned || s.arg_node >= 0;
  if (agree && any_array && !any_assigned && !p.sinks.empty()) {
    // Outputs allocated by the engine: the call the dispatch shortcut records and replays.
    written = kernel::run_elementwise(*p.all_sinks.elementwise, operands(vals, p.all_sinks.leaves));
    return outputs(p, written, vals);
  }
  for (size_t k = 0; k < p.sinks.size(); ++k)
    written[k] = p.sinks[k].arg_node >= 0 && agree
                     ? std::get<NDArray>(vals[size_t(p.sinks[k].arg_node)])
                     : NDArray::empty(shapes[k], g.nodes[size_t(p.sinks[k].node)].dtype);
  if (agree && !p.sinks.empty()) {
    std::vector<Operand> a = operands(vals, p.all_sinks.leaves);
    a.insert(a.end(), written.begin(), written.end());
    kernel::run_elementwise(*p.all_sinks.elementwise, a);
  } else {
    // Shapes differ: one kernel each into new arrays, written back last, so every kernel
    // reads the arguments as they were.
    for (size_t k = 0; k < p.sinks.size(); ++k) {
      std::vector<Operand> a = operands(vals, p.each_sink[k].leaves);
      a.push_back(written[k]);
      kernel::run_elementwise(*p.each_sink[k].elementwise, a);
    }
    for (size_t k = 0; k < p.sinks.size(); ++k)
      if (p.sinks[k].arg_node >= 0) {
        NDArray target = std::get<NDArray>(vals[size_t(p.sinks[k].arg_node)]);
        copy_into(target, written[k]);
        written[k] = target;
      }
  }
  return outputs(p, written, vals);
}

}  // namespace ndgpu::fuse
