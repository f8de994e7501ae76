// Shorthands of the math routines (src/ops/math/): a ufunc call by name, a real dtype's limits.
#pragma once
#include <initializer_list>
#include <optional>
#include <vector>

#include "ndgpu/ops.hpp"

namespace ndgpu::math {

inline NDArray uf(const char* name, std::initializer_list<Operand> args) {
  return call_ufunc(name, std::vector<Operand>(args))[0];
}
inline NDArray uf_into(const char* name, std::initializer_list<Operand> args, const NDArray& out) {
  const NDArray outs[1] = {out};
  return call_ufunc(name, std::vector<Operand>(args), outs)[0];
}
// a[..., start:stop, ...] on `axis`.
inline NDArray slice_along(const NDArray& a, int axis, std::optional<int64_t> start,
                           std::optional<int64_t> stop) {
  std::vector<IndexItem> items(size_t(a.ndim()), Slice{});
  items[size_t(axis)] = Slice{start, stop, std::nullopt};
  return a.index(items);
}
// Whether every element is true, read back to the host.
bool all_true(const NDArray& a);
// numpy.finfo(t).eps and .max of a real float dtype.
inline double float_eps(DType t) {
  return t == DType::Float16 ? 0x1p-10 : t == DType::Float32 ? 0x1p-23 : 0x1p-52;
}
inline double float_max(DType t) {
  return t == DType::Float16   ? 65504.0
         : t == DType::Float32 ? 0x1.fffffep127
                               : 0x1.fffffffffffffp1023;
}

}  // namespace ndgpu::math
