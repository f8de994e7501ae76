// One call of a kernel definition, prepared for either engine: operands split into inputs
// and outputs, placeholders bound, shapes broadcast (and reduced), outputs allocated,
// inputs that outputs overlap copied, and every argument classified with its strides.
// The engines then only plan, find a kernel and launch.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kernel/arg_spec.hpp"
#include "kernel/binding.hpp"
#include "kernel/definition.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"
#include "ndgpu/small_vector.hpp"

namespace ndgpu::kernel {

struct PrepareOptions {
  // ElementwiseKernel's size=: the loop size when every array argument is raw.
  std::optional<int64_t> size = std::nullopt;
  // A reduction over these axes (nullopt inside: every axis); null for an elementwise call.
  const std::optional<std::vector<int64_t>>* axes = nullptr;
  bool keepdims = false;
};

struct PreparedCall {
  Device device;
  TypeBindings bound;
  bool outputs_given = false;
  Shape shape;                   // the iteration shape (a reduction's input shape)
  std::vector<bool> reduced;     // reductions: the reduced axes of `shape`
  std::vector<NDArray> outputs;  // given or allocated, in the definition's order
  std::span<const Operand> ins;  // the inputs, after copies of overlapped ones
  std::optional<std::vector<Operand>> copied_ins;  // owns those copies

  // Every argument, outputs first, then inputs, as the generated kernel takes them.
  SmallVector<ArgSpec, 8> specs;
  // The Array arguments in spec order: their arrays, byte strides over `shape` (an
  // output's are 0 on reduced axes) and item sizes; then the Raw arrays and the scalars.
  SmallVector<const NDArray*, 8> arrays, raw_arrays;
  std::vector<Strides> strides;
  SmallVector<int64_t, 8> itemsizes;
  SmallVector<const Scalar*, 8> scalars;
  int first_input = -1;        // index in `arrays` of the first input array
  bool all_contiguous = true;  // every array C-contiguous with the iteration shape

  int64_t size() const { return shape_size(shape); }
};

// Prepares `args` (inputs, optionally followed by outputs) for `def`. `pc` is filled in
// place: its spans and pointers point into itself and `args`, so it is never moved.
void prepare_call(PreparedCall& pc, const KernelDefinition& def, std::span<const Operand> args,
                  const PrepareOptions& opt);

// Normalises `axes` for `ndim` (NumPy's errors for out-of-range and repeated axes).
std::vector<bool> reduced_axes(const std::optional<std::vector<int64_t>>& axes, int ndim);

}  // namespace ndgpu::kernel
