#include "kernel/prepared_call.hpp"

#include "kernel/overlap.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {
namespace {

const NDArray* as_array(const Operand& op) {
  return std::get_if<NDArray>(&op);
}

// An elementwise call's loop shape: the broadcast of its non-raw arrays (outputs included),
// or (size,) when every array is raw.
Shape loop_shape(const KernelDefinition& def, std::span<const Operand> args,
                 std::optional<int64_t> size) {
  const size_t nin = def.in.size();
  SmallVector<const Shape*, 8> shapes;
  bool same_shapes = true;
  for (size_t k = 0; k < args.size(); ++k) {
    const Param& p = k < nin ? def.in[k] : def.out[k - nin];
    if (auto* a = as_array(args[k]); a && !p.raw) {
      same_shapes = same_shapes && (shapes.empty() || a->shape() == *shapes[0]);
      shapes.push_back(&a->shape());
    }
  }
  if (size) {
    if (!shapes.empty())
      throw ValueError(def.name + ": size= is only allowed when every array argument is raw");
    if (*size < 0) throw ValueError(def.name + ": size must be non-negative");
    return {*size};
  }
  if (shapes.empty())
    throw ValueError(def.name + ": loop size is undecided: pass size= when every argument is raw");
  if (same_shapes) return *shapes[0];
  std::vector<Shape> all;
  for (const Shape* s : shapes) all.push_back(*s);
  return broadcast_shapes(all);
}

// A reduction's input shape: the broadcast of its non-raw input arrays.
Shape input_shape(const KernelDefinition& def, std::span<const Operand> ins) {
  std::vector<Shape> shapes;
  for (size_t k = 0; k < ins.size(); ++k)
    if (auto* a = as_array(ins[k]); a && !def.in[k].raw) shapes.push_back(a->shape());
  if (shapes.empty()) throw ValueError(def.name + ": at least one non-raw input array is needed");
  return shapes.size() == 1 ? shapes[0] : broadcast_shapes(shapes);
}

// Raw arrays are indexed by the user with i = _j * out_size + _i: reduced axes lead.
void require_leading_axes(const KernelDefinition& def, const std::vector<bool>& red) {
  bool in_run = true;
  for (bool r : red) {
    if (r && !in_run)
      throw ValueError(def.name +
                       ": with raw parameters the reduction axis must be 0 or a run "
                       "0, 1, ... of leading axes");
    if (!r) in_run = false;
  }
}

// An output's strides over the input shape: its own on kept axes, 0 on reduced ones.
Strides reduced_output_strides(const NDArray& out, const std::vector<bool>& red, bool keepdims) {
  Strides st(red.size(), 0);
  for (size_t d = 0, j = 0; d < red.size(); ++d) {
    if (!red[d])
      st[d] = out.strides()[j++];
    else if (keepdims)
      ++j;
  }
  return st;
}

}  // namespace

std::vector<bool> reduced_axes(const std::optional<std::vector<int64_t>>& axes, int ndim) {
  std::vector<bool> red(size_t(ndim), !axes.has_value());
  if (!axes) return red;
  for (int64_t a : *axes) {
    int d = normalize_axis(a, ndim);  // NumPy's AxisError
    if (red[d]) throw ValueError("duplicate value in 'axis'");
    red[d] = true;
  }
  return red;
}

void prepare_call(PreparedCall& pc, const KernelDefinition& def, std::span<const Operand> args,
                  const PrepareOptions& opt) {
  const bool reduction = opt.axes != nullptr;
  const CallArgs call = split_call_args(def.name, def.in, def.out, args);
  pc.device = current_device();
  pc.bound = bind_placeholders(def.name, def.in, def.out, call);
  pc.outputs_given = !call.outs.empty();
  pc.ins = call.ins;

  Shape out_shape;
  if (reduction) {
    pc.shape = input_shape(def, call.ins);
    pc.reduced = reduced_axes(*opt.axes, int(pc.shape.size()));
    if (def.has_raw) require_leading_axes(def, pc.reduced);
    for (size_t d = 0; d < pc.shape.size(); ++d)
      if (!pc.reduced[d])
        out_shape.push_back(pc.shape[d]);
      else if (opt.keepdims)
        out_shape.push_back(1);
  } else {
    pc.shape = out_shape = loop_shape(def, args, opt.size);
  }
  pc.outputs = call_outputs(def.name, def.out, call, pc.bound, out_shape,
                            reduction ? "the reduction's shape" : "the broadcast shape", pc.device);
  // Given outputs may share memory with inputs; NumPy reads every input first. A reduction
  // writes an output element while other outputs may still read it: any overlap counts.
  if (pc.outputs_given) {
    pc.copied_ins = reduction ? copy_shared_inputs(def.in, pc.ins, pc.outputs)
                              : copy_clobbered_inputs(def.in, pc.ins, pc.outputs, pc.shape);
    if (pc.copied_ins) pc.ins = *pc.copied_ins;
  }

  const size_t nout = def.out.size();
  pc.strides.reserve(nout + def.in.size());
  for (size_t k = 0; k < nout + def.in.size(); ++k) {
    const bool is_out = k < nout;
    const Param& p = is_out ? def.out[k] : def.in[k - nout];
    const Operand* in = is_out ? nullptr : &pc.ins[k - nout];
    const NDArray* arr = is_out ? &pc.outputs[k] : as_array(*in);
    ArgSpec a = classify_arg(def.name, p, pc.bound.resolve(def.name, p), arr, is_out,
                             /*check_cast=*/!reduction);
    if (a.kind == ArgKind::Raw) {
      pc.raw_arrays.push_back(arr);
    } else if (a.kind == ArgKind::Array) {
      if (!is_out && pc.first_input < 0) pc.first_input = int(pc.arrays.size());
      pc.all_contiguous = pc.all_contiguous && arr->c_contiguous() && arr->shape() == pc.shape;
      pc.strides.push_back(is_out && reduction
                               ? reduced_output_strides(*arr, pc.reduced, opt.keepdims)
                               : broadcast_strides(*arr, pc.shape));
      pc.itemsizes.push_back(arr->itemsize());
      pc.arrays.push_back(arr);
    } else {
      pc.scalars.push_back(&std::get<Scalar>(*in));
    }
    pc.specs.push_back(a);
  }
}

}  // namespace ndgpu::kernel
