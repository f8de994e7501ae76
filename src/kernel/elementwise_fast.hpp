// The dispatch shortcut for the commonest elementwise call: every argument an array of one
// shape, C-contiguous, on the current device, outputs allocated by the call. Its
// specialisation then depends only on the device, the input dtypes and the index width, so
// it is found by one integer key, skipping binding, classification and the string key.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kernel/kernel_cache.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct ElementwiseDefinition;

// What run_elementwise decided for one (device, input dtypes) on the contiguous path.
struct FastEntry {
  uint64_t key = 0;
  SmallVector<DType, 4> out_types;
  int vec = 1;              // elements per 16-byte vector (1: no vector path)
  int64_t widest = 1;       // the largest itemsize among inputs and outputs
  CompiledKernel kernels[2];              // by index32; written once, before ready[k]
  std::atomic<bool> ready[2] = {false, false};
};

// The entries of one definition: published once, read without a lock.
class FastTable {
 public:
  static constexpr size_t kSlots = 16;
  FastTable() = default;
  FastTable(const FastTable&) = delete;
  FastTable& operator=(const FastTable&) = delete;
  ~FastTable();
  const FastEntry* find(uint64_t key) const;
  // Adds a complete entry; false when the table is full. Callers hold the definition's mutex.
  bool publish(FastEntry* e);

 private:
  std::array<std::atomic<FastEntry*>, kSlots> entries_{};
};

// The shortcut: the outputs, or nullopt when the call needs the general path.
std::optional<std::vector<NDArray>> run_elementwise_fast(const ElementwiseDefinition& def,
                                                         std::span<const Operand> args);

// Called by the general path when `args` qualified for the shortcut: records its decision.
void remember_fast(const ElementwiseDefinition& def, std::span<const Operand> args,
                   bool index32, const CompiledKernel& kernel, std::span<const NDArray> outs,
                   int vec, int64_t widest);

}  // namespace ndgpu::kernel
