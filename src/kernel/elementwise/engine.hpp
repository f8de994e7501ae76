// The elementwise engine: binds types, plans the iteration, generates, caches and launches.
// ElementwiseKernel and every built-in ufunc run through `run_elementwise`.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "kernel/cache/lookup.hpp"
#include "kernel/definition.hpp"
#include "kernel/elementwise/codegen.hpp"
#include "kernel/elementwise/shortcut.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/launch.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

struct QuickSpec;  // elementwise/quick.cpp

// What an elementwise kernel is made of (CuPy's ElementwiseKernel arguments, by name).
struct ElementwiseCode {
  std::string in_params{}, out_params{};  // "float32 x, T y", "T z"
  std::string operation{};                // the body, run for each element
  std::string name = "kernel";
  std::string preamble{}, loop_prep{}, after_loop{};
  bool reduce_dims = true;
  std::vector<std::string> options{};  // compiler options
  // CUDA's contiguous path loads and stores 16-byte vectors, the body unrolled per element
  // of each: off for a body with a loop of its own (NVRTC took 125 s on the 64 copies of
  // int8 matmul's).
  bool vectorize = true;
  // Vectors each thread loads before computing any. One suits light bodies, four those
  // whose arithmetic outweighs their memory traffic (on the H200, 2^28 elements: float32
  // copy 4130 -> 4288 GB/s and sin 4111 -> 4243 with one; float64 sin 87.6% -> 95.6% of
  // add and float32 arccosh 81.3% -> 94.9% with four; benchmarks/cpp/elementwise_shapes_*).
  int vectors_per_thread = 1;
  // CUDA threads per block (whole warps): kElementwiseBlock but for bodies that stage
  // shared memory per block (the float32 normals' tables).
  unsigned cuda_block = kElementwiseBlock;
};

struct ElementwiseDefinition : KernelDefinition {
  std::string operation, loop_prep, after_loop;
  bool uses_i = false;  // the body reads the loop index: the plan must keep C order
  bool vectorize = true;
  int vectors_per_thread = 1;
  unsigned cuda_block = kElementwiseBlock;
  mutable ShortcutTable
      shortcut;  // the contiguous shortcut's specialisations (elementwise/shortcut.hpp)
  // The quick tier's state per specialisation key, guarded by `mu` (elementwise/quick.hpp).
  mutable std::unordered_map<std::string, std::shared_ptr<QuickSpec>, KeyHash, std::equal_to<>>
      quick;

  explicit ElementwiseDefinition(ElementwiseCode code);
};

// `args`: inputs, optionally followed by outputs. Returns the outputs.
std::vector<NDArray> run_elementwise(const ElementwiseDefinition& def,
                                     std::span<const Operand> args,
                                     std::optional<int64_t> size = std::nullopt);

}  // namespace ndgpu::kernel
