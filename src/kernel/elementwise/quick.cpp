#include "kernel/elementwise/quick.hpp"

#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "kernel/elementwise/engine.hpp"
#include "kernel/launch.hpp"
#include "kernel/overlap.hpp"
#include "kernel/quick/compile.hpp"
#include "kernel/quick/tier.hpp"
#include "ndgpu/interp_program.cuh"

namespace ndgpu::kernel {

// What the quick tier knows of one specialisation.
struct QuickSpec {
  std::optional<interp::Program> program;      // empty: the interpreter cannot run it
  std::shared_ptr<BackgroundCompile> compile;  // the kernel compiling meanwhile
};

namespace {

// The program for a specialisation, or none when anything lies outside the interpreter.
std::optional<interp::Program> make_program(const ElementwiseDefinition& def,
                                            const QuickCall& call) {
  if (!def.preamble.empty() || !def.loop_prep.empty() || !def.after_loop.empty() ||
      !def.options.empty() || (!call.plan->contiguous && call.plan->ndim() > interp::kMaxDims))
    return std::nullopt;
  const size_t nout = def.out.size(), nin = def.in.size();
  std::vector<QuickParam> params;
  for (size_t k = 0; k < nin + nout; ++k) {  // inputs, then outputs: declaration order
    const ArgSpec& a = call.specs[k < nin ? nout + k : k - nin];
    auto t = interp_type(a.type);
    if (!t || a.kind == ArgKind::Raw || (a.kind == ArgKind::Array && a.storage != a.type))
      return std::nullopt;
    params.push_back({a.param->name, *t, a.is_output});
  }
  std::vector<std::pair<std::string, interp::Type>> names;
  for (const auto& [letter, dtype] : call.placeholders) {
    auto t = interp_type(dtype);
    if (!t) return std::nullopt;
    names.emplace_back(std::string(1, letter), *t);
  }
  QuickProgram q = compile_quick(def.operation, params, names);
  if (!q.program) trace_quick_decline(def.name, q.why_not);
  return q.program;
}

// The interpreter stores outputs at the end, in order: outputs sharing memory would see
// another order than the compiled kernel's.
bool outputs_overlap(const QuickCall& call) {
  SmallVector<const NDArray*, 4> outs;
  size_t array = 0;
  for (const ArgSpec& a : call.specs) {
    if (a.kind != ArgKind::Array) continue;
    const NDArray* arr = call.arrays[array++];
    if (!a.is_output) continue;
    for (const NDArray* o : outs)
      if (shares_memory(*arr, *o)) return true;
    outs.push_back(arr);
  }
  return false;
}

void run_interpreted(const ElementwiseDefinition& def, const interp::Program& program,
                     const CompiledKernel& interpreter, Device device, const QuickCall& call) {
  const IterationPlan& plan = *call.plan;
  interp::Launch launch{};
  launch.n = plan.size;
  launch.prog = program;
  launch.ndim = plan.contiguous ? 0 : plan.ndim();
  for (int d = 0; d < launch.ndim; ++d) launch.shape[d] = plan.shape[size_t(d)];
  const size_t nout = def.out.size(), nin = def.in.size();
  // specs' order (outputs, inputs) to program parameters (inputs, outputs).
  size_t array = 0, scalar = 0;
  for (size_t s = 0; s < call.specs.size(); ++s) {
    const ArgSpec& a = call.specs[s];
    size_t k = s < nout ? nin + s : s - nout;
    if (a.kind == ArgKind::Array) {
      for (int d = 0; d < launch.ndim; ++d) launch.strides[k][d] = plan.strides[array][size_t(d)];
      launch.ptr[k] = static_cast<char*>(call.arrays[array++]->data());
    } else {
      alignas(16) unsigned char v[16] = {};
      call.scalars[scalar++]->store_as(a.type, v);
      std::memcpy(&launch.scalar[k], v, 8);
      launch.is_scalar[k] = 1;
    }
  }
  ArgPack pack;
  pack.push(launch);
  launch_elementwise(device, interpreter, plan.size, pack);
  count_interpreted_launch();
}

}  // namespace

std::optional<CompiledKernel> compile_or_interpret(const ElementwiseDefinition& def,
                                                   std::string_view key, Device device,
                                                   const SourceFn& source, const QuickCall& call) {
  std::shared_ptr<QuickSpec> q;
  {
    std::lock_guard lk(def.mu);
    if (auto it = def.quick.find(key); it != def.quick.end()) q = it->second;
  }
  if (!q) {
    q = std::make_shared<QuickSpec>();
    q->program = make_program(def, call);
    std::lock_guard lk(def.mu);
    q = def.quick.emplace(std::string(key), q).first->second;
  }
  if (!q->program) return get_kernel(device, source());
  SourceFn no_fma = [&source] {
    KernelSource src = source();
    src.options.push_back("-fmad=false");
    return src;
  };

  const bool may_interpret = call.plan->size <= kQuickMaxElements && !outputs_overlap(call);
  QuickDecision d =
      decide_quick(def.mu, q->compile, device, no_fma, interpreter_source(), may_interpret);
  if (d.compiled) return d.compiled;
  run_interpreted(def, *q->program, d.interpreter, device, call);
  return std::nullopt;
}

}  // namespace ndgpu::kernel
