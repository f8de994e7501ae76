#include "kernel/elementwise/engine.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "kernel/elementwise/args.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/elementwise/quick.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/launch.hpp"
#include "kernel/limits.hpp"
#include "kernel/prepared_call.hpp"
#include "kernel/spec_key.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {

ElementwiseDefinition::ElementwiseDefinition(ElementwiseCode c)
    : KernelDefinition(c.in_params, c.out_params, std::move(c.name), std::move(c.preamble),
                       c.reduce_dims, std::move(c.options)),
      operation(std::move(c.operation)),
      loop_prep(std::move(c.loop_prep)),
      after_loop(std::move(c.after_loop)),
      vectorize(c.vectorize),
      vectors_per_thread(c.vectors_per_thread),
      cuda_block(c.cuda_block) {
  uses_i = uses_identifier(operation, "i") || uses_identifier(loop_prep, "i") ||
           uses_identifier(after_loop, "i");
}

namespace {

// Same-shape C-contiguous operands (the common case) need no planning.
IterationPlan plan_for(const ElementwiseDefinition& def, PreparedCall& pc) {
  const int64_t n = pc.size();
  if (!pc.all_contiguous || pc.arrays.empty()) {
    bool reorder = !def.uses_i && !def.has_raw;
    return make_plan(pc.shape, std::move(pc.strides), pc.itemsizes.vec(), reorder, def.reduce_dims);
  }
  IterationPlan plan;
  plan.size = n;
  plan.shape = {n};
  plan.contiguous = true;
  int64_t widest = 1;
  for (int64_t isz : pc.itemsizes) widest = std::max(widest, isz);
  plan.index32 = n * widest < kIndex32Limit;
  for (int64_t isz : pc.itemsizes) plan.strides.push_back(Strides{isz});
  return plan;
}

// Elements per vector on CUDA's contiguous path: 16 bytes of the widest operand (1: none).
// A kernel of raw and scalar arguments alone (size=) has nothing to load in vectors, and the
// vector path would give each thread a run of elements: its own stores would not coalesce.
int vector_width(Device device, const IterationPlan& plan, std::span<const NDArray* const> arrays) {
  if (!plan.contiguous || arrays.empty()) return 1;
  int64_t widest = 1;
  for (const NDArray* a : arrays) widest = std::max(widest, a->itemsize());
  return small_for_vectors(device, plan.size, widest) ? 1 : int(16 / widest);
}

// The specialisation's kernel: cached, compiled now, or nullopt after the quick tier ran
// this call on its interpreter (the kernel then compiles in the background).
std::optional<CompiledKernel> kernel_for(const ElementwiseDefinition& def, const PreparedCall& pc,
                                         const IterationPlan& plan, int vec) {
  SpecKey key;
  key.put_device(pc.device);
  key.put('v');
  key.put(char('0' + vec));
  key.put(plan.contiguous ? 'C' : 'S');
  key.put_int(plan.ndim());
  key.put(plan.index32 ? 'i' : 'l');
  key.put_args(pc.specs);
  {
    std::lock_guard lk(def.mu);
    if (auto it = def.specs.find(key.view()); it != def.specs.end()) return it->second;
  }
  ElementwiseSpec spec;
  spec.name = def.name;
  spec.operation = def.operation;
  spec.preamble = def.preamble;
  spec.loop_prep = def.loop_prep;
  spec.after_loop = def.after_loop;
  for (char c : pc.bound.letters()) spec.placeholders.push_back({c, *pc.bound.find(c)});
  spec.args.assign(pc.specs.begin(), pc.specs.end());
  spec.ndim = plan.contiguous ? 1 : plan.ndim();
  spec.contiguous = plan.contiguous;
  spec.index32 = plan.index32;
  spec.vector_width = vec;
  spec.vectors_per_thread = def.vectors_per_thread;
  SourceFn source = [&] {
    KernelSource src = generate_elementwise(spec);
    src.options = def.options;
    src.options.push_back("-minimal");  // generated kernels use no CUDA runtime API types
    return src;
  };
  QuickCall quick{pc.specs, pc.arrays, pc.scalars, spec.placeholders, &plan};
  auto ready = compile_or_interpret(def, key.view(), pc.device, source, quick);
  if (!ready) return std::nullopt;
  std::lock_guard lk(def.mu);
  def.specs.emplace(std::string(key.view()), *ready);
  return ready;
}

}  // namespace

std::vector<NDArray> run_elementwise(const ElementwiseDefinition& def,
                                     std::span<const Operand> args, std::optional<int64_t> size) {
  if (!size)
    if (auto outs = run_elementwise_shortcut(def, args)) return std::move(*outs);
  PreparedCall pc;
  prepare_call(pc, def, args, {.size = size});
  const int64_t n = pc.size();
  if (n == 0) return std::move(pc.outputs);
  const bool all_contiguous = pc.all_contiguous;
  const IterationPlan plan = plan_for(def, pc);
  const int vec = def.vectorize ? vector_width(pc.device, plan, pc.arrays) : 1;
  auto compiled = kernel_for(def, pc, plan, vec);
  if (!compiled) return std::move(pc.outputs);  // ran on the quick tier's interpreter

  ArgPack pack;
  pack_elementwise_args(pack, pc.specs, plan, pc.arrays, pc.raw_arrays, pc.scalars);
  launch_counted(pc.device, *compiled, pack, n, vec, def.vectors_per_thread,
                 vectors_aligned(pc.arrays, vec), def.cuda_block);
  // Given outputs are remembered when they need no cast: the shortcut stores into them as is.
  bool outputs_exact = true;
  for (size_t k = 0; k < def.out.size() && pc.outputs_given; ++k)
    outputs_exact = outputs_exact && pc.specs[k].type == pc.specs[k].storage;
  if (!size && all_contiguous && pc.scalars.empty() && pc.raw_arrays.empty() && outputs_exact) {
    int64_t widest = 1;
    for (int64_t isz : pc.itemsizes) widest = std::max(widest, isz);
    remember_shortcut(def, args.first(def.in.size()), pc.outputs_given, plan.index32, *compiled,
                      pc.outputs, vec, widest);
  }
  return std::move(pc.outputs);
}

}  // namespace ndgpu::kernel
