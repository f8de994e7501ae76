#include "kernel/elementwise/shortcut.hpp"

#include <algorithm>
#include <memory>

#include "kernel/elementwise/args.hpp"
#include "kernel/elementwise/engine.hpp"
#include "kernel/launch.hpp"
#include "kernel/overlap.hpp"

namespace ndgpu::kernel {
namespace {

constexpr size_t kMaxInputs = 8;  // 5 bits of dtype each, above 16 bits of device

// The key of a qualifying call's inputs, or 0 when they do not qualify (0 is never a valid
// key). Bit 10 marks calls that pass their outputs.
uint64_t shortcut_key(const ElementwiseDefinition& def, std::span<const NDArray* const> ins,
                      Device device, bool outputs_given) {
  if (def.has_raw || ins.empty() || ins.size() != def.in.size() || ins.size() > kMaxInputs)
    return 0;
  const NDArray* first = ins[0];
  uint64_t key = 1u | uint64_t(device.type == DeviceType::CUDA) << 1 |
                 uint64_t(uint8_t(device.index)) << 2 | uint64_t(outputs_given) << 10;
  int shift = 16;
  for (const NDArray* a : ins) {
    if (!a->c_contiguous() || a->device() != device || a->shape() != first->shape()) return 0;
    key |= uint64_t(a->dtype()) << shift;
    shift += 5;
  }
  return key;
}

// Whether given outputs can be written as the shortcut writes: the entry's dtypes, the
// inputs' shape and layout, and no memory shared except an input updated in place.
bool outputs_fit(const ShortcutEntry& e, std::span<const NDArray* const> ins,
                 std::span<const NDArray* const> outs, Device device) {
  if (outs.size() != e.out_types.size()) return false;
  const Shape& shape = ins[0]->shape();
  for (size_t k = 0; k < outs.size(); ++k) {
    const NDArray* o = outs[k];
    if (o->dtype() != e.out_types[k] || !o->c_contiguous() || o->shape() != shape ||
        o->device() != device)
      return false;
    for (const NDArray* in : ins)
      if (write_may_clobber(*in, *o, shape)) return false;
    for (size_t j = 0; j < k; ++j)  // two outputs in one buffer: the general path decides
      if (o->storage() == outs[j]->storage()) return false;
  }
  return true;
}

// The arrays among `args`, or false when an argument is a scalar (or there are too many).
bool as_arrays(std::span<const Operand> args, SmallVector<const NDArray*, 16>& arrays) {
  if (args.size() > 16) return false;
  for (const Operand& op : args) {
    const NDArray* a = std::get_if<NDArray>(&op);
    if (!a) return false;
    arrays.push_back(a);
  }
  return true;
}

}  // namespace

ShortcutTable::~ShortcutTable() {
  for (auto& e : entries_) delete e.load(std::memory_order_relaxed);
}

const ShortcutEntry* ShortcutTable::find(uint64_t key) const {
  for (const auto& slot : entries_) {
    const ShortcutEntry* e = slot.load(std::memory_order_acquire);
    if (!e) return nullptr;
    if (e->key == key) return e;
  }
  return nullptr;
}

bool ShortcutTable::publish(ShortcutEntry* e) {
  for (auto& slot : entries_)
    if (!slot.load(std::memory_order_relaxed)) {
      slot.store(e, std::memory_order_release);
      return true;
    }
  return false;
}

std::optional<std::vector<NDArray>> run_elementwise_shortcut(const ElementwiseDefinition& def,
                                                             std::span<const Operand> args) {
  const size_t nin = def.in.size();
  SmallVector<const NDArray*, 16> arrays;
  if (args.size() < nin || !as_arrays(args, arrays)) return std::nullopt;
  const std::span<const NDArray* const> all(arrays.data(), arrays.size());
  std::vector<NDArray> outs(def.out.size());
  if (!run_elementwise_shortcut(def, all.first(nin), all.subspan(nin), outs.data()))
    return std::nullopt;
  return outs;
}

bool run_elementwise_shortcut(const ElementwiseDefinition& def, std::span<const NDArray* const> ins,
                              std::span<const NDArray* const> given, NDArray* outs) {
  const bool outputs_given = !given.empty();
  if (outputs_given && given.size() != def.out.size()) return false;
  Device device = current_device();
  uint64_t key = shortcut_key(def, ins, device, outputs_given);
  if (!key) return false;
  const ShortcutEntry* e = def.shortcut.find(key);
  const NDArray& first = *ins[0];
  int64_t n = first.size();
  if (!e || n == 0 || (outputs_given && !outputs_fit(*e, ins, given, device))) return false;
  const int index32 = n * e->widest < kIndex32Limit ? 1 : 0;
  const ShortcutEntry::Variant& v =
      e->variants[index32 * 2 + small_for_vectors(device, n, e->widest)];
  if (!v.ready.load(std::memory_order_acquire)) return false;

  // A contiguous plan's arguments (elementwise/args.hpp): outputs, inputs, then the count.
  ArgPack pack;
  SmallVector<const NDArray*, 16> arrays;
  for (size_t k = 0; k < e->out_types.size(); ++k) {
    outs[k] = outputs_given ? *given[k] : NDArray::empty_on(device, first.shape(), e->out_types[k]);
    arrays.push_back(&outs[k]);
  }
  for (const NDArray* a : ins) arrays.push_back(a);
  for (const NDArray* a : arrays) pack.push(a->data());
  launch_counted(device, v.kernel, pack, n, v.vec, def.vectors_per_thread,
                 vectors_aligned(arrays, v.vec), def.cuda_block);
  return true;
}

void remember_shortcut(const ElementwiseDefinition& def, std::span<const Operand> ins,
                       bool outputs_given, bool index32, const CompiledKernel& kernel,
                       std::span<const NDArray> outs, int vec, int64_t widest) {
  const Device device = current_device();
  SmallVector<const NDArray*, 16> arrays;
  if (!as_arrays(ins, arrays)) return;
  uint64_t key = shortcut_key(def, arrays, device, outputs_given);
  if (!key || outs.empty() || outs.size() > 4) return;
  const size_t slot = size_t(index32) * 2 + small_for_vectors(device, outs[0].size(), widest);
  auto fill = [&](ShortcutEntry::Variant& v) {
    v.kernel = kernel;
    v.vec = vec;
    v.ready.store(true, std::memory_order_release);
  };
  std::lock_guard lk(def.mu);
  if (const ShortcutEntry* found = def.shortcut.find(key)) {
    // Same dtypes, so the same outputs: only this variant is new.
    auto& v = const_cast<ShortcutEntry*>(found)->variants[slot];
    if (!v.ready.load(std::memory_order_relaxed)) fill(v);
    return;
  }
  auto e = std::make_unique<ShortcutEntry>();  // complete before it is published
  e->key = key;
  for (const NDArray& o : outs) e->out_types.push_back(o.dtype());
  e->widest = widest;
  fill(e->variants[slot]);
  if (def.shortcut.publish(e.get())) e.release();
}

}  // namespace ndgpu::kernel
