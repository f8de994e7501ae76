// where and clip: a fused function of one node each, compiled once per operand signature.
#include <map>
#include <mutex>

#include "ndgpu/errors.hpp"
#include "ndgpu/fuse.hpp"
#include "ndgpu/ops.hpp"
#include "ops/fuse/deferred.hpp"
#include "ops/fuse/operand_vars.hpp"

namespace ndgpu {
namespace {

// `build` records the node from the arguments' Vars and returns the function's outputs (none
// when it writes into an argument); the function is kept per signature.
template <class Build>
std::vector<NDArray> run_cached(const std::string& name, std::span<const Operand> ops,
                                Build&& build) {
  static std::mutex mu;
  static auto* cache = new std::map<std::string, fuse::Function>();  // kept until exit
  std::string key = name + ":" + fuse::operand_signature(ops);
  fuse::Function f;
  {
    std::lock_guard lk(mu);
    auto it = cache->find(key);
    if (it == cache->end()) {
      fuse::Trace t(name);
      std::vector<fuse::Var> args;
      for (const auto& o : ops) args.push_back(fuse::operand_var(t, o));
      it = cache->emplace(key, t.compile(build(t, args))).first;
    }
    f = it->second;
  }
  return f(ops);
}

}  // namespace

NDArray where(const Operand& condition, const Operand& x, const Operand& y) {
  if (auto fused = deferred::fused_where(condition, x, y)) return *fused;
  const Operand ops[3] = {condition, x, y};
  return run_cached("where", ops, [](fuse::Trace& t, const std::vector<fuse::Var>& v) {
    return std::vector<fuse::Var>{t.where(v[0], v[1], v[2])};
  })[0];
}

NDArray clip(const Operand& a, const std::optional<Operand>& a_min,
             const std::optional<Operand>& a_max, const std::optional<NDArray>& out) {
  if (!a_min && !a_max) throw ValueError("One of max or min must be given");
  std::vector<Operand> ops{a};
  if (a_min) ops.push_back(*a_min);
  if (a_max) ops.push_back(*a_max);
  if (out) ops.push_back(*out);  // written by the function: one pass, no temporary
  std::string name = !a_min ? "clip_max" : !a_max ? "clip_min" : "clip";
  auto results = run_cached(name + (out ? "_out" : ""), ops,
                            [&](fuse::Trace& t, const std::vector<fuse::Var>& v) {
                              fuse::Var none{&t, -1};
                              const size_t hi = out ? v.size() - 2 : v.size() - 1;
                              fuse::Var r = t.clip(v[0], a_min ? v[1] : none, a_max ? v[hi] : none);
                              if (!out) return std::vector<fuse::Var>{r};
                              t.assign(v.back(), r);  // out='s 'same_kind' cast and shape check
                              return std::vector<fuse::Var>{};
                            });
  return out ? *out : results[0];
}

}  // namespace ndgpu
