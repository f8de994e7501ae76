#include "kernel/reduction_fast.hpp"

#include "kernel/reduction.hpp"

namespace ndgpu::kernel {
namespace {

constexpr size_t kMaxInputs = 4;  // 5 bits of dtype each in the key's head

// The key of a qualifying call; head 0 when it does not qualify (then the general path
// runs, and raises NumPy's errors for bad axes).
ReductionFastTable::Key fast_key(const ReductionDefinition& def, std::span<const Operand> args,
                                 const std::optional<std::vector<int64_t>>& axes, bool keepdims,
                                 Device device) {
  ReductionFastTable::Key key;
  if (def.has_raw || args.empty() || args.size() != def.in.size() || args.size() > kMaxInputs)
    return key;
  const NDArray* first = std::get_if<NDArray>(&args[0]);
  if (!first || first->ndim() > 63) return key;
  uint64_t head = 1u | uint64_t(device.type == DeviceType::CUDA) << 1 |
                  uint64_t(uint8_t(device.index)) << 2 | uint64_t(keepdims) << 10 |
                  uint64_t(reinterpret_cast<uintptr_t>(first->data()) % 16 == 0) << 11;
  int shift = 16;
  for (const Operand& op : args) {
    const NDArray* a = std::get_if<NDArray>(&op);
    if (!a || !a->c_contiguous() || a->device() != device || a->shape() != first->shape())
      return key;
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

std::shared_ptr<const ReductionFastTable::Entry> ReductionFastTable::find(const Key& key) const {
  std::lock_guard lk(mu_);
  for (const auto& e : entries_)
    if (e->key.head == key.head && e->key.mask == key.mask && e->key.shape == key.shape) return e;
  return nullptr;
}

void ReductionFastTable::add(std::shared_ptr<const Entry> e) {
  std::lock_guard lk(mu_);
  if (entries_.size() == kEntries) entries_.pop_back();
  entries_.insert(entries_.begin(), std::move(e));
}

std::optional<std::vector<NDArray>> run_reduction_fast(
    const ReductionDefinition& def, std::span<const Operand> args,
    const std::optional<std::vector<int64_t>>& axes, bool keepdims) {
  Device device = current_device();
  ReductionFastTable::Key key = fast_key(def, args, axes, keepdims, device);
  if (!key.head) return std::nullopt;
  auto e = def.fast.find(key);
  if (!e) return std::nullopt;
  std::vector<NDArray> outs;
  outs.reserve(e->out_types.size());
  SmallVector<const NDArray*, 8> arrays;
  for (DType t : e->out_types) outs.push_back(NDArray::empty_on(device, e->out_shape, t));
  for (const NDArray& o : outs) arrays.push_back(&o);
  for (const Operand& op : args) arrays.push_back(&std::get<NDArray>(op));
  launch_reduction(device, def.name, e->recipe, arrays, {}, {});
  return outs;
}

void remember_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                        const std::optional<std::vector<int64_t>>& axes, bool keepdims,
                        ReductionRecipe recipe, std::span<const NDArray> outs) {
  if (args.size() != def.in.size() || outs.empty()) return;  // outputs were given
  ReductionFastTable::Key key = fast_key(def, args, axes, keepdims, current_device());
  if (!key.head) return;
  auto e = std::make_shared<ReductionFastTable::Entry>();
  e->key = std::move(key);
  e->recipe = std::move(recipe);
  e->out_shape = outs[0].shape();
  for (const NDArray& o : outs) e->out_types.push_back(o.dtype());
  def.fast.add(std::move(e));
}

}  // namespace ndgpu::kernel
