#include "kernel/overlap.hpp"

#include <cstdint>
#include <utility>

namespace ndgpu::kernel {
namespace {

// The bytes [first, last) that `a`'s elements occupy.
std::pair<uintptr_t, uintptr_t> byte_extent(const NDArray& a) {
  uintptr_t lo = reinterpret_cast<uintptr_t>(a.data()), hi = lo + uintptr_t(a.itemsize());
  for (int d = 0; d < a.ndim(); ++d) {
    int64_t span = (a.shape()[d] - 1) * a.strides()[d];
    if (span < 0)
      lo -= uintptr_t(-span);
    else
      hi += uintptr_t(span);
  }
  return {lo, hi};
}

// `ins` with each non-raw input array that `hazard(input, output)` flags for some output
// replaced by a copy; nullopt when none is.
template <class Hazard>
std::optional<std::vector<Operand>> copy_inputs_where(std::span<const Param> params,
                                                      std::span<const Operand> ins,
                                                      std::span<const NDArray> outs,
                                                      const Hazard& hazard) {
  std::optional<std::vector<Operand>> fixed;
  for (size_t k = 0; k < ins.size(); ++k) {
    const NDArray* a = std::get_if<NDArray>(&ins[k]);
    if (!a || (k < params.size() && params[k].raw)) continue;
    bool flagged = false;
    for (const NDArray& o : outs) flagged = flagged || hazard(*a, o);
    if (!flagged) continue;
    if (!fixed) fixed.emplace(ins.begin(), ins.end());
    (*fixed)[k] = a->copy();
  }
  return fixed;
}

}  // namespace

bool shares_memory(const NDArray& a, const NDArray& b) {
  if (a.size() == 0 || b.size() == 0) return false;
  auto [a_lo, a_hi] = byte_extent(a);
  auto [b_lo, b_hi] = byte_extent(b);
  return a_lo < b_hi && b_lo < a_hi;
}

Strides broadcast_strides(const NDArray& a, const Shape& shape) {
  if (a.shape() == shape) return a.strides();
  Strides st(shape.size(), 0);
  size_t lead = shape.size() - size_t(a.ndim());
  for (int d = 0; d < a.ndim(); ++d)
    if (a.shape()[d] != 1) st[lead + d] = a.strides()[d];
  return st;
}

bool write_may_clobber(const NDArray& in, const NDArray& out, const Shape& shape) {
  if (!shares_memory(in, out)) return false;
  if (in.data() != out.data() || in.itemsize() != out.itemsize()) return true;
  const Strides si = broadcast_strides(in, shape), so = broadcast_strides(out, shape);
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] > 1 && si[d] != so[d]) return true;
  return false;
}

std::optional<std::vector<Operand>> copy_clobbered_inputs(std::span<const Param> params,
                                                          std::span<const Operand> ins,
                                                          std::span<const NDArray> outs,
                                                          const Shape& shape) {
  return copy_inputs_where(params, ins, outs, [&](const NDArray& in, const NDArray& out) {
    return write_may_clobber(in, out, shape);
  });
}

std::optional<std::vector<Operand>> copy_shared_inputs(std::span<const Param> params,
                                                       std::span<const Operand> ins,
                                                       std::span<const NDArray> outs) {
  return copy_inputs_where(params, ins, outs, shares_memory);
}

}  // namespace ndgpu::kernel
