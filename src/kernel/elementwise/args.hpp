// The parameters of a generated elementwise kernel, described once. In order:
//   each argument (outputs, then inputs): an Array is `T*` on a contiguous plan, else
//   `ndgpu::Strided<I, N>` (pointer, N strides); a Scalar is its value; a Raw array is
//   `ndgpu::RawArray<T, N>` (pointer, shape, strides, size, contiguous flag);
//   then `ndgpu::Extents<I, N> _shape` (strided plans only), `long long _n`, and
//   `int _vec_ok` (contiguous plans compiled with a vector width above 1).
// elementwise/codegen.cpp declares them; the general path, the shortcut and the quick tier
// pack them through the functions below.
#pragma once
#include <cstdint>
#include <span>

#include "kernel/arg_spec.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

// On CUDA's vector path each thread loads ElementwiseCode::vectors_per_thread vectors (one
// or four) before computing any, in a one-pass grid.

// The arguments before `_shape`/`_n`: one per spec.
void pack_elementwise_args(ArgPack& pack, std::span<const ArgSpec> specs, const IterationPlan& plan,
                           std::span<const NDArray* const> op_arrays,
                           std::span<const NDArray* const> raw_arrays,
                           std::span<const Scalar* const> scalars);

// Whether every array is aligned to `vec` of its elements (the vector path's run-time flag).
inline bool vectors_aligned(std::span<const NDArray* const> arrays, int vec) {
  bool ok = vec > 1;
  for (const NDArray* a : arrays)
    ok = ok && reinterpret_cast<uintptr_t>(a->data()) % uintptr_t(vec * a->itemsize()) == 0;
  return ok;
}

// Packs `_n` (and `_vec_ok` for a kernel with vector width `vec` > 1) and launches over the
// work items: n elements, or on CUDA's vector path n / (vec * per_thread) threads.
inline void launch_counted(Device device, const CompiledKernel& k, ArgPack& pack, int64_t n,
                           int vec, int vectors_per_thread, bool vec_ok, unsigned block) {
  long long count = n;
  pack.push(count);
  if (vec > 1) pack.push(int(vec_ok ? 1 : 0));
  const int64_t per_thread = int64_t(vec) * vectors_per_thread;
  const bool vector_path = device.type == DeviceType::CUDA && vec_ok;
  launch_elementwise(device, k, vector_path ? (n + per_thread - 1) / per_thread : n, pack, block);
}

}  // namespace ndgpu::kernel
