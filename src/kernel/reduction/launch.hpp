// Launching a reduction: the geometry of its passes, the recipe a call decided (what the
// shortcut replays), and the arguments in the order the generated kernel declares them.
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "kernel/arg_spec.hpp"
#include "kernel/cache/lookup.hpp"
#include "kernel/launch.hpp"
#include "kernel/reduction/plan.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

// The launch of the main pass (and, when grid.y > 1, the second pass over the partials).
struct Geometry {
  int mode;
  Dim3 grid, block;
  int64_t chunk;
  int64_t split() const { return grid.y; }
};

// Everything a call decided that does not depend on the arrays' addresses.
struct ReductionRecipe {
  CompiledKernel kernel;
  ReductionPlan plan;
  std::vector<ArgSpec> specs;  // outputs first, then inputs
  Geometry g;
  bool final_per_block = true;
  size_t rsize = 0;  // the accumulator's size (for the partials)
};

// Launches `r`; op_arrays are the non-raw arrays in spec order (outputs, then inputs).
// `extra_arg`, when given, follows the usual arguments (the row interpreter's programs).
void launch_reduction(Device device, const std::string& name, const ReductionRecipe& r,
                      std::span<const NDArray* const> op_arrays,
                      std::span<const NDArray* const> raw_arrays,
                      std::span<const Scalar* const> scalars,
                      std::span<const std::byte> extra_arg = {});

// The main pass's mode, grid, block and split of the reduced range for `plan`; `fn` is the
// compiled kernel (for its occupancy), `vec` the vector width of its loads (0: none).
Geometry choose_geometry(Device device, void* fn, const ReductionPlan& plan, ReduceStrategy st,
                         int vec);
// Whether choose_geometry can split the reduced range (then the final pass is compiled too):
// the upper bounds of its splits, without the occupancy that needs a compiled kernel.
bool may_split(Device device, const ReductionPlan& plan, ReduceStrategy st, int vec);

// Packs the main pass's arguments (or, with a final mode, the second pass's) as the
// generated kernel declares them.
void pack_reduction_args(ArgPack& pack, const ReductionRecipe& r,
                         std::span<const NDArray* const> op_arrays,
                         std::span<const NDArray* const> raw_arrays,
                         std::span<const Scalar* const> scalars, int64_t chunk, int mode,
                         void* partials, std::span<const std::byte> extra_arg);

}  // namespace ndgpu::kernel
