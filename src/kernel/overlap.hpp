// Inputs that share memory with an output. NumPy defines such calls as if every input were
// read before any output is written; a kernel that reads and writes in one pass only keeps
// that promise when each output element is the very input element it replaces.
#pragma once
#include <optional>
#include <span>
#include <vector>

#include "kernel/signature.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::kernel {

// `a`'s byte strides over `shape`, which `a` broadcasts to (0 on broadcast axes).
Strides broadcast_strides(const NDArray& a, const Shape& shape);

// Whether writing `out` (over `shape`) may change elements of `in` before they are read:
// their bytes meet and element i of `out` is not element i of `in`.
bool write_may_clobber(const NDArray& in, const NDArray& out, const Shape& shape);

// Whether the bytes of `a` and `b` meet.
bool shares_memory(const NDArray& a, const NDArray& b);

// The inputs with each one an output may clobber replaced by a copy; nullopt when none is.
// Raw parameters are left alone: a raw kernel indexes them itself, as in CuPy.
std::optional<std::vector<Operand>> copy_clobbered_inputs(std::span<const Param> params,
                                                          std::span<const Operand> ins,
                                                          std::span<const NDArray> outs,
                                                          const Shape& shape);

// As copy_clobbered_inputs for a reduction, where an output element is written while other
// outputs may still read its bytes (sum(m, axis=1, out=m[1])): any shared memory counts.
std::optional<std::vector<Operand>> copy_shared_inputs(std::span<const Param> params,
                                                       std::span<const Operand> ins,
                                                       std::span<const NDArray> outs);

}  // namespace ndgpu::kernel
