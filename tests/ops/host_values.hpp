// An array's values copied to the host, for comparing with values computed by hand.
#pragma once
#include <vector>

#include "ndgpu/ndarray.hpp"

template <class T>
std::vector<T> host(const ndgpu::NDArray& a) {
  std::vector<T> v(size_t(a.size()));
  a.to_host(v.data());
  return v;
}
