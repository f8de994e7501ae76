// The dispatch shortcut for the commonest elementwise calls: every argument an array of one
// shape, C-contiguous, on the current device, outputs allocated by the call or given with
// the dtypes the kernel writes (`a += b`, `out=`). Its specialisation then depends only on
// the device, the input dtypes, whether outputs are given and the index width, so it is
// found by one integer key, skipping binding, classification and the string key.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kernel/cache/lookup.hpp"
#include "kernel/limits.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct ElementwiseDefinition;

// What run_elementwise decided for one (device, input dtypes) on the contiguous path.
struct ShortcutEntry {
  struct Variant {  // by index width and size class; written once, before `ready`
    CompiledKernel kernel;
    int vec = 1;  // elements per 16-byte vector (1: no vector path)
    std::atomic<bool> ready{false};
  };
  uint64_t key = 0;
  SmallVector<DType, 4> out_types;
  int64_t widest = 1;   // the largest itemsize among inputs and outputs
  Variant variants[4];  // [index32 * 2 + small]
};

// The entries of one definition: published once, read without a lock.
class ShortcutTable {
 public:
  static constexpr size_t kSlots = 16;
  ShortcutTable() = default;
  ShortcutTable(const ShortcutTable&) = delete;
  ShortcutTable& operator=(const ShortcutTable&) = delete;
  ~ShortcutTable();
  const ShortcutEntry* find(uint64_t key) const;
  // Adds a complete entry; false when the table is full. Callers hold the definition's mutex.
  bool publish(ShortcutEntry* e);

 private:
  std::array<std::atomic<ShortcutEntry*>, kSlots> entries_{};
};

// The shortcut: the outputs, or nullopt when the call needs the general path.
std::optional<std::vector<NDArray>> run_elementwise_shortcut(const ElementwiseDefinition& def,
                                                             std::span<const Operand> args);
// The shortcut on arrays: `given` outputs (none: allocated by the call); fills
// outs[0 .. def.out.size()) and launches, or returns false for the general path.
bool run_elementwise_shortcut(const ElementwiseDefinition& def, std::span<const NDArray* const> ins,
                              std::span<const NDArray* const> given, NDArray* outs);

// Called by the general path when a call qualified for the shortcut: records its decision.
// `ins` are the call's inputs; `outputs_given` says whether it passed its outputs (`outs`).
void remember_shortcut(const ElementwiseDefinition& def, std::span<const Operand> ins,
                       bool outputs_given, bool index32, const CompiledKernel& kernel,
                       std::span<const NDArray> outs, int vec, int64_t widest);

}  // namespace ndgpu::kernel
