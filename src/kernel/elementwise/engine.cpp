#include "kernel/elementwise/engine.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "kernel/binding.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/elementwise/quick.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/launch.hpp"
#include "kernel/overlap.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {

ElementwiseDefinition::ElementwiseDefinition(const std::string& in_params,
                                             const std::string& out_params,
                                             std::string operation_, std::string name_,
                                             bool reduce_dims_, std::string preamble_,
                                             std::string loop_prep_, std::string after_loop_,
                                             std::vector<std::string> options_)
    : KernelDefinition(in_params, out_params, std::move(name_), std::move(preamble_),
                       reduce_dims_, std::move(options_)),
      operation(std::move(operation_)),
      loop_prep(std::move(loop_prep_)),
      after_loop(std::move(after_loop_)) {
  uses_i = uses_identifier(operation, "i") || uses_identifier(loop_prep, "i") ||
           uses_identifier(after_loop, "i");
}

namespace {

const NDArray* as_array(const Operand& op) { return std::get_if<NDArray>(&op); }

// The specialisation key, built in place: everything the generated source depends on.
class SpecKey {
 public:
  void put(char c) {
    if (len_ < sizeof buf_) buf_[len_++] = c;
    else overflow_ = true;
  }
  void put(std::string_view s) {
    for (char c : s) put(c);
  }
  void put_int(int64_t v) {  // small non-negative numbers (device, ndim): no snprintf
    char tmp[24];
    size_t n = 0;
    uint64_t u = v < 0 ? (put('-'), uint64_t(-v)) : uint64_t(v);
    do {
      tmp[n++] = char('0' + u % 10);
      u /= 10;
    } while (u);
    while (n) put(tmp[--n]);
  }
  std::string_view view() const { return {buf_, len_}; }
  bool overflow() const { return overflow_; }

 private:
  char buf_[192];
  size_t len_ = 0;
  bool overflow_ = false;
};

}  // namespace

std::vector<NDArray> run_elementwise(const ElementwiseDefinition& def,
                                     std::span<const Operand> args, std::optional<int64_t> size) {
  if (!size)
    if (auto outs = run_elementwise_shortcut(def, args)) return std::move(*outs);
  const size_t nin = def.in.size(), nout = def.out.size();
  const CallArgs call = split_call_args(def.name, def.in, def.out, args);
  auto ins = call.ins;
  auto outs = call.outs;
  Device device = current_device();
  const TypeBindings bound = bind_placeholders(def.name, def.in, def.out, call);

  // The broadcast shape of the non-raw arrays, or (size,) when all are raw.
  SmallVector<const Shape*, 8> shapes;
  bool same_shapes = true;
  for (size_t k = 0; k < args.size(); ++k) {
    const Param& p = k < nin ? def.in[k] : def.out[k - nin];
    if (auto* a = as_array(args[k]); a && !p.raw) {
      same_shapes = same_shapes && (shapes.empty() || a->shape() == *shapes[0]);
      shapes.push_back(&a->shape());
    }
  }
  Shape shape;
  if (size) {
    if (!shapes.empty())
      throw ValueError(def.name + ": size= is only allowed when every array argument is raw");
    if (*size < 0) throw ValueError(def.name + ": size must be non-negative");
    shape = {*size};
  } else if (shapes.empty()) {
    throw ValueError(def.name + ": loop size is undecided: pass size= when every argument is raw");
  } else if (same_shapes) {
    shape = *shapes[0];
  } else {
    std::vector<Shape> all;
    for (const Shape* s : shapes) all.push_back(*s);
    shape = broadcast_shapes(all);
  }

  // Outputs: given (then they must have the broadcast shape) or allocated.
  std::vector<NDArray> out_arrays =
      call_outputs(def.name, def.out, call, bound, shape, "the broadcast shape", device);
  // Given outputs may share memory with inputs; NumPy reads every input first.
  std::optional<std::vector<Operand>> unaliased;
  if (!outs.empty() && (unaliased = copy_clobbered_inputs(def.in, ins, out_arrays, shape)))
    ins = *unaliased;
  int64_t n = shape_size(shape);

  // Argument specs and the plan's operands (non-raw arrays, outputs first).
  SmallVector<ArgSpec, 8> specs;
  std::vector<Strides> op_strides;
  SmallVector<int64_t, 8> op_itemsizes;
  SmallVector<const NDArray*, 8> op_arrays, raw_arrays;
  SmallVector<const Scalar*, 8> scalars;
  op_strides.reserve(args.size());
  bool all_contiguous = true;
  auto add = [&](const Param& p, const Operand* v, const NDArray* arr, bool is_out) {
    ArgSpec a = classify_arg(def.name, p, bound.resolve(def.name, p), arr, is_out, true);
    if (a.kind == ArgKind::Raw) {
      raw_arrays.push_back(arr);
    } else if (a.kind == ArgKind::Array) {
      all_contiguous = all_contiguous && arr->c_contiguous() && arr->shape() == shape;
      op_strides.push_back(broadcast_strides(*arr, shape));
      op_itemsizes.push_back(arr->itemsize());
      op_arrays.push_back(arr);
    } else {
      scalars.push_back(&std::get<Scalar>(*v));
    }
    specs.push_back(a);
  };
  for (size_t k = 0; k < nout; ++k) add(def.out[k], nullptr, &out_arrays[k], true);
  for (size_t k = 0; k < nin; ++k) add(def.in[k], &ins[k], as_array(ins[k]), false);
  if (n == 0) return out_arrays;

  // Same-shape C-contiguous operands (the common case) need no planning.
  IterationPlan plan;
  if (all_contiguous && !op_arrays.empty()) {
    plan.size = n;
    plan.shape = {n};
    plan.contiguous = true;
    int64_t widest = 1;
    for (int64_t isz : op_itemsizes) widest = std::max(widest, isz);
    plan.index32 = n * widest < kIndex32Limit;
    for (int64_t isz : op_itemsizes) plan.strides.push_back(Strides{isz});
  } else {
    bool reorder = !def.uses_i && !def.has_raw;
    plan = make_plan(shape, std::move(op_strides), op_itemsizes.vec(), reorder, def.reduce_dims);
  }

  // Vector width for CUDA's contiguous path: 16 bytes of the widest operand.
  int vec = 1;
  if (plan.contiguous) {
    int64_t widest = 1;
    for (const NDArray* a : op_arrays) widest = std::max(widest, a->itemsize());
    if (!small_for_vectors(device, n, widest)) vec = int(16 / widest);
  }
  bool vec_ok = vec > 1;
  for (const NDArray* a : op_arrays)
    vec_ok = vec_ok && reinterpret_cast<uintptr_t>(a->data()) % uintptr_t(vec * a->itemsize()) == 0;

  SpecKey key;
  key.put(device.type == DeviceType::CPU ? 'c' : 'g');
  key.put_int(device.index);
  key.put('v');
  key.put(char('0' + vec));
  key.put(plan.contiguous ? 'C' : 'S');
  key.put_int(plan.ndim());
  key.put(plan.index32 ? 'i' : 'l');
  for (const auto& a : specs) {
    key.put(char('0' + int(a.kind)));
    key.put(dtype_char(a.type));
    key.put(dtype_char(a.storage));
    if (a.kind == ArgKind::Raw) key.put_int(a.raw_ndim);
  }
  if (key.overflow()) throw ValueError(def.name + ": too many parameters");
  CompiledKernel compiled;
  {
    std::lock_guard lk(def.mu);
    auto it = def.specs.find(key.view());
    if (it != def.specs.end()) compiled = it->second;
  }
  if (!compiled.function) {
    ElementwiseSpec spec;
    spec.name = def.name;
    spec.operation = def.operation;
    spec.preamble = def.preamble;
    spec.loop_prep = def.loop_prep;
    spec.after_loop = def.after_loop;
    for (char c : bound.letters()) spec.placeholders.push_back({c, *bound.find(c)});
    spec.args.assign(specs.begin(), specs.end());
    spec.ndim = plan.contiguous ? 1 : plan.ndim();
    spec.contiguous = plan.contiguous;
    spec.index32 = plan.index32;
    spec.vector_width = vec;
    SourceFn source = [&] {
      KernelSource src = generate_elementwise(spec);
      src.options = def.options;
      src.options.push_back("-minimal");  // generated kernels use no CUDA runtime API types
      return src;
    };
    QuickCall quick{specs, op_arrays, scalars, spec.placeholders, &plan};
    auto ready = compile_or_interpret(def, key.view(), device, source, quick);
    if (!ready) return out_arrays;  // ran on the interpreter; the kernel compiles meanwhile
    compiled = *ready;
    std::lock_guard lk(def.mu);
    def.specs.emplace(std::string(key.view()), compiled);
  }

  ArgPack pack;
  pack_elementwise_args(pack, specs, plan, op_arrays, raw_arrays, scalars);
  long long count = n;
  pack.push(count);
  if (plan.contiguous && vec > 1) pack.push(int(vec_ok ? 1 : 0));
  // On CUDA's vector path a thread covers 4 vectors (see elementwise/codegen.cpp).
  int64_t work = device.type == DeviceType::CUDA && vec_ok ? (n + 4 * vec - 1) / (4 * vec) : n;
  launch_elementwise(device, compiled, work, pack);
  // Given outputs are remembered when they need no cast: the shortcut stores into them as is.
  bool outputs_exact = true;
  for (size_t k = 0; k < outs.size(); ++k)
    outputs_exact = outputs_exact && specs[k].type == specs[k].storage;
  if (!size && all_contiguous && scalars.empty() && raw_arrays.empty() && outputs_exact) {
    int64_t widest = 1;
    for (int64_t isz : op_itemsizes) widest = std::max(widest, isz);
    remember_shortcut(def, args.first(nin), !outs.empty(), plan.index32, compiled, out_arrays, vec,
                  widest);
  }
  return out_arrays;
}

}  // namespace ndgpu::kernel
