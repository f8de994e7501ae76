#include "kernel/reduction/engine.hpp"

#include <algorithm>

#include "kernel/launch.hpp"
#include "kernel/limits.hpp"
#include "kernel/prepared_call.hpp"
#include "kernel/quick/tier.hpp"
#include "kernel/reduction/codegen.hpp"
#include "kernel/reduction/launch.hpp"
#include "kernel/reduction/plan.hpp"
#include "kernel/reduction/quick.hpp"
#include "kernel/reduction/shortcut.hpp"
#include "kernel/spec_key.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {

ReductionDefinition::ReductionDefinition(ReductionCode c)
    : KernelDefinition(c.in_params, c.out_params, std::move(c.name), std::move(c.preamble),
                       c.reduce_dims, std::move(c.options)),
      map_expr(std::move(c.map_expr)),
      reduce_expr(std::move(c.reduce_expr)),
      post_map_expr(std::move(c.post_map_expr)),
      identity(std::move(c.identity)),
      reduce_type(std::move(c.reduce_type)),
      reduce_size(c.reduce_size),
      reduce_type_is_ctype(c.reduce_type_is_ctype),
      includes(std::move(c.includes)),
      cpu_simd(std::move(c.cpu_simd)) {
  std::string code = map_expr + " " + post_map_expr;
  uses_index =
      uses_identifier(code, "i") || uses_identifier(code, "_i") || uses_identifier(code, "_j");
}

namespace {

const NDArray* as_array(const Operand& op) {
  return std::get_if<NDArray>(&op);
}

std::string ctype_of(DType t) {
  std::string c = dtype_ctype(t);
  return c.rfind("complex", 0) == 0 ? "ndgpu::" + c : c;
}

// The plan, with at least one output axis and one reduced axis (size 1, stride 0): a full
// reduction and an axis reduction then share one compiled kernel.
ReductionPlan plan_for(const ReductionDefinition& def, const PreparedCall& pc) {
  bool reorder = !def.uses_index && !def.has_raw;
  ReductionPlan plan = make_reduction_plan(pc.shape, pc.reduced, pc.strides, pc.itemsizes.vec(),
                                           pc.first_input, reorder, def.reduce_dims);
  if (plan.out_ndim() == 0) {
    plan.out_shape.insert(plan.out_shape.begin(), 1);
    for (auto& st : plan.strides) st.insert(st.begin(), 0);
  }
  if (plan.red_ndim() == 0) {
    plan.red_shape.push_back(1);
    for (auto& st : plan.strides) st.push_back(0);
  }
  return plan;
}

// The accumulator's C type and size (0 when unknown: a user's C type).
struct Accumulator {
  std::string ctype;
  size_t size = 0;
};
Accumulator accumulator(const ReductionDefinition& def, const TypeBindings& bound) {
  auto of = [](DType t) { return Accumulator{ctype_of(t), itemsize(t)}; };
  if (def.reduce_type.empty()) return of(bound.resolve(def.name, def.out[0]));
  if (def.reduce_type_is_ctype) return {def.reduce_type, def.reduce_size};
  if (def.reduce_type.size() == 1) {
    auto t = bound.find(def.reduce_type[0]);
    if (!t) throw TypeError(def.name + ": reduce_type '" + def.reduce_type + "' is unbound");
    return of(*t);
  }
  if (auto t = dtype_from_name(def.reduce_type)) return of(*t);
  return {def.reduce_type, def.reduce_size};
}

// What a call decided: the strategy, vector loads, the plain row kernel and the modes to
// compile (NVRTC time grows with every mode, so only those a call can use).
struct Decision {
  ReduceStrategy strategy;
  int vec = 0;      // the kernel's vector width (0: no vector mode)
  int vec_now = 0;  // this call's (its rows are 16-byte aligned)
  bool plain_rows = false;
  bool final_per_block = true;
  unsigned modes = 0;
};

Decision decide(const ReductionDefinition& def, const PreparedCall& pc, const ReductionPlan& plan,
                const Accumulator& acc) {
  Decision d;
  d.strategy = choose_strategy(plan, pc.first_input);
  // A block per tiny row would idle most threads; with few rows it does not matter, and the
  // row kernel (which the quick tier interprets) keeps small first calls fast.
  if (pc.device.type == DeviceType::CUDA && d.strategy == ReduceStrategy::Rows &&
      plan.out_size > 1024 && plan.red_size < 32)
    d.strategy = ReduceStrategy::Columns;
  const bool rows = d.strategy == ReduceStrategy::Rows;

  // Vector loads: one input array, contiguous along one reduced axis, 16-byte aligned rows.
  int inputs = 0;
  const ArgSpec* in_spec = nullptr;
  for (const auto& a : pc.specs)
    if (a.kind == ArgKind::Array && !a.is_output) ++inputs, in_spec = &a;
  if (inputs == 1 && !def.uses_index && plan.red_ndim() == 1 && itemsize(in_spec->storage) <= 8)
    d.vec = int(16 / itemsize(in_spec->storage));
  if (d.vec > 1 && rows) {
    const Strides& s = plan.strides[size_t(pc.first_input)];
    bool ok = s[size_t(plan.out_ndim())] == int64_t(itemsize(in_spec->storage)) &&
              reinterpret_cast<uintptr_t>(pc.arrays[size_t(pc.first_input)]->data()) % 16 == 0;
    for (int k = 0; k < plan.out_ndim() && ok; ++k) ok = s[size_t(k)] % 16 == 0;
    if (ok) d.vec_now = d.vec;
  }
  // Small single-pass row reductions on CUDA: the plain row kernel, which compiles in about
  // half the time (reduction/codegen_rows.cpp); vector loads gain little at that size.
  // With the quick tier forced on, the CPU takes it too: its row interpreter mirrors it.
  const auto& sp = pc.specs;
  d.plain_rows =
      (pc.device.type == DeviceType::CUDA || quick_tier() == QuickTier::On) && rows &&
      plan.out_ndim() == 1 && plan.red_ndim() == 1 && sp.size() == 2 &&
      sp[0].kind == ArgKind::Array && sp[0].is_output && sp[1].kind == ArgKind::Array &&
      !sp[1].is_output && plain_rows_reduce_type(acc.ctype) &&
      plan.out_size * plan.red_size * int64_t(itemsize(sp[1].storage)) < kVectorMinBytes &&
      !may_split(pc.device, plan, d.strategy, 0);
  if (d.plain_rows) d.vec_now = 0;
  const int main_mode = d.vec_now ? kModeRowsVec : rows ? kModeRows : kModeColumns;
  d.final_per_block = plan.out_size <= 4096;
  const unsigned final_mode = d.final_per_block ? kModeFinalRows : kModeFinalColumns;
  d.modes = d.plain_rows
                ? 1u << 8  // its own key: the plain kernel
                : (1u << main_mode) |
                      (may_split(pc.device, plan, d.strategy, d.vec_now) ? 1u << final_mode : 0u);
  return d;
}

// The specialisation's kernel: cached, or compiled now; nullopt after the quick tier's row
// interpreter ran this call (the kernel then compiles in the background).
std::optional<CompiledKernel> kernel_for(const ReductionDefinition& def, const PreparedCall& pc,
                                         const ReductionPlan& plan, const Accumulator& acc,
                                         const Decision& d) {
  SpecKey key;
  key.put_device(pc.device);
  key.put('m');
  key.put_int(d.modes);
  key.put('|');
  key.put_int(plan.out_ndim());
  key.put(',');
  key.put_int(plan.red_ndim());
  key.put(plan.index32 ? "|32|" : "|64|");
  key.put(acc.ctype);
  key.put('|');
  key.put_args(pc.specs);
  {
    std::lock_guard lk(def.mu);
    if (auto it = def.specs.find(key.view()); it != def.specs.end()) return it->second;
  }
  ReductionSpec spec;
  spec.name = def.name;
  spec.map_expr = def.map_expr;
  spec.reduce_expr = def.reduce_expr;
  spec.post_map_expr = def.post_map_expr;
  spec.identity = def.identity;
  spec.preamble = def.preamble;
  spec.reduce_ctype = acc.ctype;
  spec.includes = def.includes;
  for (char c : pc.bound.letters()) spec.placeholders.push_back({c, *pc.bound.find(c)});
  spec.args.assign(pc.specs.begin(), pc.specs.end());
  spec.out_ndim = plan.out_ndim();
  spec.red_ndim = plan.red_ndim();
  spec.index32 = plan.index32;
  spec.vec_width = d.vec;
  spec.modes = d.modes;
  spec.plain_rows = d.plain_rows;
  spec.cpu_simd = def.cpu_simd;
  SourceFn source = [&] {
    KernelSource src = generate_reduction(spec);
    src.options = def.options;
    return src;
  };
  CompiledKernel compiled;
  if (d.plain_rows) {
    RowsQuickCall call{pc.specs, spec.placeholders, acc.ctype, plan.index32,
                       plan.out_size * plan.red_size};
    RowsQuick q = rows_compile_or_interpret(def, key.view(), pc.device, source, call);
    if (!q.compiled) {  // the row interpreter runs this call; the kernel compiles meanwhile
      Geometry g = choose_geometry(pc.device, q.interpreter.function, plan, d.strategy, 0);
      ReductionRecipe recipe{q.interpreter, plan, spec.args, g, d.final_per_block, acc.size};
      launch_reduction(pc.device, def.name, recipe, pc.arrays, pc.raw_arrays, pc.scalars,
                       std::as_bytes(std::span(&q.programs, 1)));
      return std::nullopt;
    }
    compiled = *q.compiled;
  } else {
    compiled = get_kernel(pc.device, source());
  }
  std::lock_guard lk(def.mu);
  def.specs.emplace(std::string(key.view()), compiled);
  return compiled;
}

}  // namespace

std::vector<NDArray> run_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                                   const std::optional<std::vector<int64_t>>& axes, bool keepdims) {
  if (args.size() == def.in.size() && args.size() <= 8) {
    SmallVector<const NDArray*, 8> ins;
    for (const Operand& op : args)
      if (const NDArray* a = as_array(op)) ins.push_back(a);
    if (ins.size() == args.size())
      if (auto e = find_reduction_recipe(def, ins, axes, keepdims)) {
        std::vector<NDArray> outs(e->out_types.size());
        replay_reduction(def, *e, ins, outs.data());
        return outs;
      }
  }
  PreparedCall pc;
  prepare_call(pc, def, args, {.axes = &axes, .keepdims = keepdims});
  if (shape_size(pc.outputs[0].shape()) == 0) return std::move(pc.outputs);
  ReductionPlan plan = plan_for(def, pc);
  const Accumulator acc = accumulator(def, pc.bound);
  const Decision d = decide(def, pc, plan, acc);

  auto compiled = kernel_for(def, pc, plan, acc, d);
  if (!compiled) return std::move(pc.outputs);  // ran on the quick tier's row interpreter

  Geometry g = choose_geometry(pc.device, compiled->function, plan, d.strategy, d.vec_now);
  if (d.vec_now) g.mode = kModeRowsVec;
  const unsigned final_mode = d.final_per_block ? kModeFinalRows : kModeFinalColumns;
  if (g.split() > 1 && !(d.modes >> final_mode & 1u))
    throw BackendError(def.name + ": internal error: a split reduction without its final pass");
  ReductionRecipe recipe{*compiled, std::move(plan),   {pc.specs.begin(), pc.specs.end()},
                         g,         d.final_per_block, acc.size};
  launch_reduction(pc.device, def.name, recipe, pc.arrays, pc.raw_arrays, pc.scalars);
  remember_reduction(def, args, axes, keepdims, std::move(recipe), pc.outputs);
  return std::move(pc.outputs);
}

}  // namespace ndgpu::kernel
