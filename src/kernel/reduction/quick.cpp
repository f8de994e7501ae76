#include "kernel/reduction/quick.hpp"

#include <memory>
#include <mutex>
#include <vector>

#include "kernel/quick/compile.hpp"
#include "kernel/quick/tier.hpp"
#include "kernel/reduction/engine.hpp"
#include "kernel/signature.hpp"

namespace ndgpu::kernel {

struct QuickRowsSpec {
  std::optional<interp::RowsPrograms> programs;  // empty: the interpreter cannot run it
  bool fast_math = false;
  std::shared_ptr<BackgroundCompile> compile;
};

namespace {

std::optional<interp::Type> reduce_type(const std::string& c) {
  if (c == "float") return interp::F32;
  if (c == "double") return interp::F64;
  if (c == "int") return interp::I32;
  if (c == "unsigned int") return interp::U32;
  if (c == "long long") return interp::I64;
  if (c == "unsigned long long") return interp::U64;
  return std::nullopt;  // `long`: the front end would type min/max on it differently
}

// The four programs, or none when any part lies outside the interpreter.
std::optional<interp::RowsPrograms> make_programs(const ReductionDefinition& def,
                                                  const RowsQuickCall& call, bool* fast) {
  const std::string all = def.map_expr + " " + def.reduce_expr + " " + def.post_map_expr;
  const std::vector<std::string> fast_options = {"--use_fast_math", "-DNDGPU_FAST_MATH"};
  *fast = def.options == fast_options;
  if (!def.preamble.empty() || !def.includes.empty() || def.uses_index || !call.index32 ||
      uses_identifier(all, "i") || (!def.options.empty() && !*fast))
    return std::nullopt;
  const ArgSpec& out = call.specs[0];
  const ArgSpec& in = call.specs[1];
  auto rt = reduce_type(call.reduce_ctype);
  auto it = interp_type(in.type), ot = interp_type(out.type);
  if (!rt || !it || !ot || in.type != in.storage || out.type != out.storage) return std::nullopt;
  const std::string& x = in.param->name;
  const std::string& y = out.param->name;
  if (x == "a" || x == "b" || y == "a" || y == "b") return std::nullopt;

  std::vector<std::pair<std::string, interp::Type>> names{{"ndgpu_reduce_t", *rt}};
  for (const auto& [letter, dtype] : call.placeholders) {
    auto t = interp_type(dtype);
    if (!t) return std::nullopt;
    names.emplace_back(std::string(1, letter), *t);
  }
  // Each part as the compiled kernel writes it (reduction/codegen_rows.cpp).
  const QuickParam result{"ndgpu_out", *rt, true};
  const QuickParam identity_params[] = {result};
  const QuickParam map_params[] = {{x, *it, false}, result};
  const QuickParam reduce_params[] = {{"a", *rt, false}, {"b", *rt, false}, result};
  const QuickParam post_params[] = {{"a", *rt, false}, {y, *ot, true}};
  auto identity =
      compile_quick("ndgpu_out = ndgpu_reduce_t(" + def.identity + ");", identity_params, names);
  auto map = compile_quick("ndgpu_out = ndgpu_reduce_t(" + def.map_expr + ");", map_params, names);
  auto reduce = compile_quick("ndgpu_out = (" + def.reduce_expr + ");", reduce_params, names);
  auto post = compile_quick(def.post_map_expr, post_params, names);
  for (const QuickProgram* part : {&identity, &map, &reduce, &post})
    if (!part->program) {
      trace_quick_decline(def.name, part->why_not);
      return std::nullopt;
    }
  return interp::RowsPrograms{*identity.program, *map.program, *reduce.program, *post.program};
}

}  // namespace

RowsQuick rows_compile_or_interpret(const ReductionDefinition& def, std::string_view key,
                                    Device device, const SourceFn& source,
                                    const RowsQuickCall& call) {
  std::shared_ptr<QuickRowsSpec> q;
  {
    std::lock_guard lk(def.mu);
    if (auto it = def.quick.find(key); it != def.quick.end()) q = it->second;
  }
  if (!q) {
    q = std::make_shared<QuickRowsSpec>();
    q->programs = make_programs(def, call, &q->fast_math);
    std::lock_guard lk(def.mu);
    q = def.quick.emplace(std::string(key), q).first->second;
  }
  RowsQuick r;
  if (!q->programs) {
    r.compiled = get_kernel(device, source());
    return r;
  }
  SourceFn no_fma = [&source] {
    KernelSource src = source();
    src.options.push_back("-fmad=false");
    return src;
  };
  QuickDecision d =
      decide_quick(def.mu, q->compile, device, no_fma, rows_interpreter_source(q->fast_math),
                   call.elements <= kQuickMaxElements);
  r.compiled = d.compiled;
  r.interpreter = d.interpreter;
  r.programs = *q->programs;
  if (!r.compiled) count_interpreted_launch();
  return r;
}

}  // namespace ndgpu::kernel
