#include "kernel/elementwise_fast.hpp"

#include <memory>

#include "kernel/elementwise.hpp"
#include "kernel/launch.hpp"

namespace ndgpu::kernel {
namespace {

constexpr size_t kMaxInputs = 8;  // 5 bits of dtype each, above 16 bits of device

// The key of a qualifying call, or 0 when it does not qualify (0 is never a valid key).
uint64_t fast_key(const ElementwiseDefinition& def, std::span<const Operand> args,
                  Device device) {
  if (def.has_raw || args.empty() || args.size() != def.in.size() || args.size() > kMaxInputs)
    return 0;
  const NDArray* first = std::get_if<NDArray>(&args[0]);
  if (!first) return 0;
  uint64_t key = 1u | uint64_t(device.type == DeviceType::CUDA) << 1 |
                 uint64_t(uint8_t(device.index)) << 2;
  int shift = 16;
  for (const Operand& op : args) {
    const NDArray* a = std::get_if<NDArray>(&op);
    if (!a || !a->c_contiguous() || a->device() != device || a->shape() != first->shape())
      return 0;
    key |= uint64_t(a->dtype()) << shift;
    shift += 5;
  }
  return key;
}

}  // namespace

FastTable::~FastTable() {
  for (auto& e : entries_) delete e.load(std::memory_order_relaxed);
}

const FastEntry* FastTable::find(uint64_t key) const {
  for (const auto& slot : entries_) {
    const FastEntry* e = slot.load(std::memory_order_acquire);
    if (!e) return nullptr;
    if (e->key == key) return e;
  }
  return nullptr;
}

bool FastTable::publish(FastEntry* e) {
  for (auto& slot : entries_)
    if (!slot.load(std::memory_order_relaxed)) {
      slot.store(e, std::memory_order_release);
      return true;
    }
  return false;
}

std::optional<std::vector<NDArray>> run_elementwise_fast(const ElementwiseDefinition& def,
                                                         std::span<const Operand> args) {
  Device device = current_device();
  uint64_t key = fast_key(def, args, device);
  if (!key) return std::nullopt;
  const FastEntry* e = def.fast.find(key);
  const NDArray& first = std::get<NDArray>(args[0]);
  int64_t n = first.size();
  if (!e || n == 0) return std::nullopt;
  const int index32 = n * e->widest < (int64_t(1) << 31) - (int64_t(1) << 26) ? 1 : 0;
  const FastEntry::Variant& v = e->variants[index32 * 2 + small_for_vectors(device, n, e->widest)];
  if (!v.ready.load(std::memory_order_acquire)) return std::nullopt;

  // Arguments as generate_elementwise declares them: outputs, inputs, the count, the flag.
  std::vector<NDArray> outs;
  outs.reserve(e->out_types.size());
  ArgPack pack;
  bool vec_ok = v.vec > 1;
  const uintptr_t align = uintptr_t(v.vec);
  for (DType t : e->out_types) {
    outs.push_back(NDArray::empty_on(device, first.shape(), t));
    pack.push(outs.back().data());
    vec_ok = vec_ok && reinterpret_cast<uintptr_t>(outs.back().data()) % (align * itemsize(t)) == 0;
  }
  for (const Operand& op : args) {
    const NDArray& a = std::get<NDArray>(op);
    pack.push(a.data());
    vec_ok = vec_ok && reinterpret_cast<uintptr_t>(a.data()) % (align * a.itemsize()) == 0;
  }
  long long count = n;
  pack.push(count);
  if (v.vec > 1) pack.push(int(vec_ok ? 1 : 0));
  // On CUDA's vector path a thread covers 4 vectors (see elementwise_codegen.cpp).
  int64_t work = device.type == DeviceType::CUDA && vec_ok ? (n + 4 * v.vec - 1) / (4 * v.vec) : n;
  launch_elementwise(device, v.kernel, work, pack);
  return outs;
}

void remember_fast(const ElementwiseDefinition& def, std::span<const Operand> args, bool index32,
                   const CompiledKernel& kernel, std::span<const NDArray> outs, int vec,
                   int64_t widest) {
  const Device device = current_device();
  uint64_t key = fast_key(def, args, device);
  if (!key || outs.empty() || outs.size() > 4) return;
  const size_t slot = size_t(index32) * 2 + small_for_vectors(device, outs[0].size(), widest);
  auto fill = [&](FastEntry::Variant& v) {
    v.kernel = kernel;
    v.vec = vec;
    v.ready.store(true, std::memory_order_release);
  };
  std::lock_guard lk(def.mu);
  if (const FastEntry* found = def.fast.find(key)) {
    // Same dtypes, so the same outputs: only this variant is new.
    auto& v = const_cast<FastEntry*>(found)->variants[slot];
    if (!v.ready.load(std::memory_order_relaxed)) fill(v);
    return;
  }
  auto e = std::make_unique<FastEntry>();  // complete before it is published
  e->key = key;
  for (const NDArray& o : outs) e->out_types.push_back(o.dtype());
  e->widest = widest;
  fill(e->variants[slot]);
  if (def.fast.publish(e.get())) e.release();
}

}  // namespace ndgpu::kernel
