#include "ops/fuse/deferred.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/fuse.hpp"
#include "ndgpu/host_hooks.hpp"
#include "ops/fuse/operand_vars.hpp"
#include "ops/ufunc_table.hpp"

namespace ndgpu::deferred {
namespace {

// Below this, a comparison's kernel is too short for the saved pass to matter.
constexpr int64_t kMinElements = int64_t(1) << 20;

bool enabled() {  // NDGPU_DEFER=0 runs every comparison at once
  static const bool on = [] {
    const char* e = std::getenv("NDGPU_DEFER");
    return !(e && std::strcmp(e, "0") == 0);
  }();
  return on;
}

// The fused where of one signature: with and without the mask's write.
struct FusedWhere {
  fuse::Function with_mask, without_mask;
  DType out_dtype = DType::Bool;
};

// What waits: a comparison (`loop` over `inputs` into `mask`), or a fused where over
// inputs, x and y into `out` (and `mask` when someone still holds it).
struct Pending {
  const kernel::ElementwiseDefinition* loop = nullptr;
  const ops::Ufunc* ufunc = nullptr;
  std::vector<Operand> inputs;
  NDArray mask;
  Device device;
  StreamHandle stream = 0;
  const FusedWhere* where = nullptr;
  std::vector<Operand> xy;
  NDArray out;
};

std::mutex mu;
std::optional<Pending> slot;  // guarded by mu
// detail::deferred_pending: the slot may be set or its work may be running. A thread that
// finds it so waits on run_mu for the running work to be queued before its own.
std::recursive_mutex run_mu;
thread_local int running = 0;  // this thread is running waiting work (calls inside it pass)
std::atomic<int64_t> n_deferred{0}, n_fused{0}, n_skipped{0};

std::optional<Pending> take() {
  std::lock_guard lk(mu);
  std::optional<Pending> p = std::move(slot);
  slot.reset();
  return p;
}

void run(Pending& p) {
  const InterruptsHeld hold;  // a mask cut short would be read later as if whole
  const StreamHandle before = current_stream(p.device);
  set_current_stream(p.device, p.stream);
  struct Restore {
    Device d;
    StreamHandle s;
    ~Restore() { set_current_stream(d, s); }
  } restore{p.device, before};
  std::vector<Operand> args = p.inputs;
  if (!p.where) {
    args.push_back(p.mask);
    kernel::run_elementwise(*p.loop, args);
    return;
  }
  args.insert(args.end(), p.xy.begin(), p.xy.end());
  args.push_back(p.out);
  if (p.mask.storage().use_count() == 1) {  // only this record holds the mask
    ++n_skipped;
    p.where->without_mask(args);
    return;
  }
  args.push_back(p.mask);
  p.where->with_mask(args);
}

// Stores `p` to wait, or runs it now when another call's work already waits.
void store_or_run(Pending&& p) {
  {
    std::lock_guard lk(mu);
    if (!slot) {
      slot = std::move(p);
      detail::deferred_pending.store(true, std::memory_order_release);
      return;
    }
  }
  run(p);
}

// where(ufunc(a, b), x, y) assigned into an output argument (and the mask into another).
const FusedWhere& fused_function(const std::string& ufunc, std::span<const Operand> ops, int ndim) {
  static std::mutex cache_mu;
  static auto* cache = new std::map<std::string, FusedWhere>();  // kept until exit
  const std::string key = ufunc + ":" + fuse::operand_signature(ops);
  std::lock_guard lk(cache_mu);
  if (auto it = cache->find(key); it != cache->end()) return it->second;
  FusedWhere f;
  for (bool with_mask : {false, true}) {
    fuse::Trace t("where_" + ufunc);
    std::vector<fuse::Var> v;
    for (const auto& o : ops) v.push_back(fuse::operand_var(t, o));
    const fuse::Var c = t.ufunc(ufunc, std::span(v.data(), 2))[0];
    const fuse::Var r = t.where(c, v[2], v[3]);
    f.out_dtype = r.dtype();
    t.assign(t.array(r.dtype(), ndim), r);
    if (with_mask) t.assign(t.array(DType::Bool, ndim), c);
    (with_mask ? f.with_mask : f.without_mask) = t.compile(std::span<const fuse::Var>());
  }
  return cache->emplace(key, std::move(f)).first->second;
}

// An operand that a fused where over `shape` on `device` takes as is.
bool fits(const Operand& o, const Shape& shape, Device device) {
  const NDArray* a = std::get_if<NDArray>(&o);
  return !a || (a->c_contiguous() && a->shape() == shape && a->device() == device);
}

}  // namespace

bool may_defer(const ops::Ufunc& u, int64_t size) {
  return size >= kMinElements && u.comparison && enabled();
}

std::optional<NDArray> defer_comparison(const ops::Ufunc& ufunc,
                                        const kernel::ElementwiseDefinition& loop,
                                        std::span<const Operand> inputs) {
  const NDArray* first = nullptr;
  for (const auto& o : inputs)
    if (auto* a = std::get_if<NDArray>(&o)) first = first ? first : a;
  if (!first || inputs.size() != 2 || !may_defer(ufunc, first->size())) return std::nullopt;
  for (const auto& o : inputs)
    if (!fits(o, first->shape(), first->device())) return std::nullopt;
  Pending p;
  p.loop = &loop;
  p.ufunc = &ufunc;
  p.inputs.assign(inputs.begin(), inputs.end());
  p.device = first->device();
  p.mask = NDArray::empty_on(p.device, first->shape(), DType::Bool);
  p.stream = current_stream(p.device);
  NDArray mask = p.mask;
  ++n_deferred;
  store_or_run(std::move(p));
  return mask;
}

std::optional<NDArray> fused_where(const Operand& condition, const Operand& x, const Operand& y) {
  if (!detail::deferred_pending.load(std::memory_order_acquire)) return std::nullopt;
  const NDArray* cond = std::get_if<NDArray>(&condition);
  if (!cond) return std::nullopt;
  Pending p;
  {
    std::lock_guard lk(mu);
    if (!slot || slot->where || slot->mask.storage() != cond->storage()) return std::nullopt;
    const NDArray& m = slot->mask;
    if (cond->offset() != m.offset() || cond->shape() != m.shape() ||
        cond->strides() != m.strides() || cond->dtype() != DType::Bool ||
        !fits(x, m.shape(), slot->device) || !fits(y, m.shape(), slot->device) ||
        current_stream(slot->device) != slot->stream)
      return std::nullopt;
    p = std::move(*slot);
    slot.reset();
  }
  const Operand ops[4] = {p.inputs[0], p.inputs[1], x, y};
  const FusedWhere* f;
  try {
    f = &fused_function(p.ufunc->name, ops, p.mask.ndim());
  } catch (const std::exception&) {  // what the trace refuses, the unfused where reports
    store_or_run(std::move(p));
    return std::nullopt;
  }
  p.where = f;
  p.xy = {x, y};
  p.out = NDArray::empty_on(p.device, p.mask.shape(), f->out_dtype);
  NDArray out = p.out;
  ++n_fused;
  store_or_run(std::move(p));
  return out;
}

}  // namespace ndgpu::deferred

namespace ndgpu::fuse {

DeferredStats deferred_stats() {
  return DeferredStats{deferred::n_deferred.load(), deferred::n_fused.load(),
                       deferred::n_skipped.load()};
}

}  // namespace ndgpu::fuse

namespace ndgpu::detail {

void run_deferred_work_now() {
  using namespace deferred;
  auto lk = lock_unblocked(run_mu);  // the GIL goes while another thread's work runs
  if (running) return;
  ++running;
  struct Done {
    ~Done() { --running; }
  } done;
  while (auto p = take()) run(*p);
  std::lock_guard g(mu);
  if (!slot) deferred_pending.store(false, std::memory_order_release);
}

}  // namespace ndgpu::detail
