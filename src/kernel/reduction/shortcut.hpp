// The dispatch shortcut for reductions: a call whose inputs are C-contiguous arrays of one
// shape on the current device, with outputs allocated by the call, is decided by its device,
// dtypes, shape, reduced axes, keepdims and the first input's alignment. run_reduction
// records each such decision (a recipe) with its packed arguments; the next call with the
// same key replays it, skipping binding, planning, the string key, the occupancy query and
// the argument packing.
#pragma once
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kernel/cache/lookup.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/launch.hpp"
#include "kernel/reduction/launch.hpp"
#include "kernel/reduction/plan.hpp"
#include "kernel/spin_lock.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct ReductionDefinition;

// The recipes of one definition, most recent first (a few: one per shape a loop uses).
class ReductionShortcutTable {
 public:
  struct Key {
    uint64_t head = 0;  // 0: the call does not qualify
    uint64_t mask = 0;  // reduced axes
    Shape shape;
  };
  struct Entry {
    Key key;
    ReductionRecipe recipe;
    Shape out_shape;
    SmallVector<DType, 2> out_types;
    // The main pass's arguments as the recording call packed them; a replay of a one-pass
    // recipe replaces the array pointers (argument k for spec k).
    ArgPack first_pass;
  };
  std::shared_ptr<const Entry> find(const Key& key) const;
  void add(std::shared_ptr<const Entry> e);

 private:
  static constexpr size_t kEntries = 8;
  mutable SpinLock mu_;
  std::vector<std::shared_ptr<const Entry>> entries_;
};

// The recipe recorded for a call of `def` on the arrays `ins` (outputs allocated by the
// call), or nullptr: then the general path runs, and raises NumPy's errors for bad axes.
std::shared_ptr<const ReductionShortcutTable::Entry> find_reduction_recipe(
    const ReductionDefinition& def, std::span<const NDArray* const> ins,
    const std::optional<std::vector<int64_t>>& axes, bool keepdims);

// Allocates the entry's outputs into outs[0 .. out_types.size()) and launches its recipe.
void replay_reduction(const ReductionDefinition& def, const ReductionShortcutTable::Entry& e,
                      std::span<const NDArray* const> ins, NDArray* outs);

// Called by the general path after it launched: records the recipe if the call qualified.
void remember_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                        const std::optional<std::vector<int64_t>>& axes, bool keepdims,
                        ReductionRecipe recipe, std::span<const NDArray> outs);

}  // namespace ndgpu::kernel
