// Small compositions the statistics files share: a ufunc by name and a host read.
#pragma once
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::ops::statistics {

inline NDArray ufunc(const char* name, const Operand& a) {
  return call_ufunc(name, std::vector<Operand>{a})[0];
}
inline NDArray ufunc(const char* name, const Operand& a, const Operand& b) {
  return call_ufunc(name, std::vector<Operand>{a, b})[0];
}
// The value of a one-element array, as a double (the real part of a complex one).
inline double host_double(const NDArray& a) {
  double v = 0;
  a.astype(DType::Float64).to_host(&v);
  return v;
}

}  // namespace ndgpu::ops::statistics
