#include "kernel/reduction/shortcut.hpp"

#include <mutex>

#include "kernel/reduction/engine.hpp"

namespace ndgpu::kernel {
namespace {

constexpr size_t kMaxInputs = 4;  // 5 bits of dtype each in the key's head

// The key of a call on the arrays `ins`; head 0 when it does not qualify.
ReductionShortcutTable::Key shortcut_key(const ReductionDefinition& def,
                                         std::span<const NDArray* const> ins,
                                         const std::optional<std::vector<int64_t>>& axes,
                                         bool keepdims, Device device) {
  ReductionShortcutTable::Key key;
  if (def.has_raw || ins.empty() || ins.size() != def.in.size() || ins.size() > kMaxInputs)
    return key;
  const NDArray* first = ins[0];
  if (first->ndim() > 63) return key;
  uint64_t head = 1u | uint64_t(device.type == DeviceType::CUDA) << 1 |
                  uint64_t(uint8_t(device.index)) << 2 | uint64_t(keepdims) << 10 |
                  uint64_t(reinterpret_cast<uintptr_t>(first->data()) % 16 == 0) << 11;
  int shift = 16;
  for (const NDArray* a : ins) {
    if (!a->c_contiguous() || a->device() != device || a->shape() != first->shape()) return key;
    head |= uint64_t(a->dtype()) << shift;
    shift += 5;
  }
  const int nd = first->ndim();
  uint64_t mask = 0;
  if (!axes) {
    mask = nd ? (~uint64_t(0) >> (64 - nd)) : 0;
  } else {
    for (int64_t a : *axes) {
      if (a < -nd || a >= nd) return key;
      uint64_t bit = uint64_t(1) << (a < 0 ? a + nd : a);
      if (mask & bit) return key;
      mask |= bit;
    }
  }
  key.head = head;
  key.mask = mask;
  key.shape = first->shape();
  return key;
}

}  // namespace

std::shared_ptr<const ReductionShortcutTable::Entry> ReductionShortcutTable::find(
    const Key& key) const {
  std::lock_guard lk(mu_);
  for (const auto& e : entries_)
    if (e->key.head == key.head && e->key.mask == key.mask && e->key.shape == key.shape) return e;
  return nullptr;
}

void ReductionShortcutTable::add(std::shared_ptr<const Entry> e) {
  std::shared_ptr<const Entry> evicted;  // freed after the lock is released
  std::lock_guard lk(mu_);
  if (entries_.size() == kEntries) {
    evicted = std::move(entries_.back());
    entries_.pop_back();
  }
  entries_.insert(entries_.begin(), std::move(e));
}

std::shared_ptr<const ReductionShortcutTable::Entry> find_reduction_recipe(
    const ReductionDefinition& def, std::span<const NDArray* const> ins,
    const std::optional<std::vector<int64_t>>& axes, bool keepdims) {
  ReductionShortcutTable::Key key = shortcut_key(def, ins, axes, keepdims, current_device());
  return key.head ? def.shortcut.find(key) : nullptr;
}

void replay_reduction(const ReductionDefinition& def, const ReductionShortcutTable::Entry& e,
                      std::span<const NDArray* const> ins, NDArray* outs) {
  const Device device = ins[0]->device();  // the key holds the current device
  const ReductionRecipe& r = e.recipe;
  const size_t nout = e.out_types.size();
  for (size_t k = 0; k < nout; ++k)
    outs[k] = NDArray::empty_on(device, e.out_shape, e.out_types[k]);
  if (r.g.split() > 1 || r.specs.size() != nout + ins.size()) {
    // Two passes (the partials are new each call): the general launcher.
    SmallVector<const NDArray*, 8> arrays;
    for (size_t k = 0; k < nout; ++k) arrays.push_back(&outs[k]);
    for (const NDArray* a : ins) arrays.push_back(a);
    launch_reduction(device, def.name, r, arrays, {}, {});
    return;
  }
  ArgPack pack = e.first_pass;
  for (size_t k = 0; k < nout; ++k) {
    const void* p = outs[k].data();
    pack.patch(k, &p, sizeof p);
  }
  for (size_t k = 0; k < ins.size(); ++k) {
    const void* p = ins[k]->data();
    pack.patch(nout + k, &p, sizeof p);
  }
  LaunchConfig cfg;
  cfg.stream = current_stream(device);
  cfg.grid = r.g.grid;
  cfg.block = r.g.block;
  backend_for(device).launch(device.index, r.kernel.function, cfg, pack.pointers());
}

void remember_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                        const std::optional<std::vector<int64_t>>& axes, bool keepdims,
                        ReductionRecipe recipe, std::span<const NDArray> outs) {
  if (args.size() != def.in.size() || outs.empty()) return;  // outputs were given
  SmallVector<const NDArray*, 8> arrays;
  for (const NDArray& o : outs) arrays.push_back(&o);
  for (const Operand& op : args) {
    const NDArray* a = std::get_if<NDArray>(&op);
    if (!a) return;
    arrays.push_back(a);
  }
  const std::span<const NDArray* const> ins(arrays.data() + outs.size(), args.size());
  ReductionShortcutTable::Key key = shortcut_key(def, ins, axes, keepdims, current_device());
  if (!key.head) return;
  auto e = std::make_shared<ReductionShortcutTable::Entry>();
  e->key = std::move(key);
  e->recipe = std::move(recipe);
  e->out_shape = outs[0].shape();
  for (const NDArray& o : outs) e->out_types.push_back(o.dtype());
  pack_reduction_args(e->first_pass, e->recipe, arrays, {}, {}, e->recipe.g.chunk, e->recipe.g.mode,
                      nullptr, {});
  def.shortcut.add(std::move(e));
}

}  // namespace ndgpu::kernel
