// Moving test data between host vectors and arrays on the current device.
#pragma once
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::test {

// The array's elements in C order.
template <class T>
std::vector<T> host(const NDArray& a) {
  std::vector<T> v(size_t(a.size()));
  a.to_host(v.data());
  return v;
}

template <class T>
NDArray device_array(const std::vector<T>& v, const Shape& shape, DType t) {
  return from_host(v.data(), shape, t);
}

// 0, 1, ..., n-1 as float64, in `shape`.
inline NDArray iota(const Shape& shape) {
  std::vector<double> v(size_t(shape_size(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = double(i);
  return device_array(v, shape, DType::Float64);
}

}  // namespace ndgpu::test
