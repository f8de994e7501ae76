// ndarray.view(dtype), may_share_memory, shares_memory and isfortran.
#include "ndgpu/views.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "kernel/overlap.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {

NDArray view_as(const NDArray& a, DType dtype) {
  int64_t old_size = a.itemsize(), new_size = int64_t(itemsize(dtype));
  auto base = std::make_shared<NDArray>(a);
  if (old_size == new_size)
    return NDArray(a.storage(), a.offset(), a.shape(), a.strides(), dtype, base);
  if (a.ndim() == 0)
    throw ValueError(
        "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
  Shape shape = a.shape();
  Strides strides = a.strides();
  if (shape.back() != 1 && strides.back() != old_size)
    throw ValueError("To change to a dtype of a different size, the last axis must be contiguous");
  int64_t bytes = shape.back() * old_size;
  if (bytes % new_size != 0) {
    if (new_size < old_size)
      throw ValueError(
          "When changing to a smaller dtype, its size must be a divisor of the size of original "
          "dtype");
    throw ValueError(
        "When changing to a larger dtype, its size must be a divisor of the total size in bytes "
        "of the last axis of the array.");
  }
  shape.back() = bytes / new_size;
  strides.back() = new_size;
  return NDArray(a.storage(), a.offset(), shape, strides, dtype, base);
}

bool may_share_memory(const NDArray& a, const NDArray& b) {
  return a.device() == b.device() && kernel::shares_memory(a, b);
}

namespace {

// The byte intervals [start, end) of a's elements, with runs of adjacent elements merged,
// sorted. Offsets only: no element is read.
std::vector<std::pair<int64_t, int64_t>> element_intervals(const NDArray& a) {
  std::vector<std::pair<int64_t, int64_t>> out;
  std::vector<int64_t> pos(size_t(a.ndim()), 0);
  int64_t off = int64_t(reinterpret_cast<uintptr_t>(a.data())), item = a.itemsize();
  for (int64_t k = 0; k < a.size(); ++k) {
    if (!out.empty() && out.back().second == off)
      out.back().second = off + item;
    else
      out.push_back({off, off + item});
    for (int d = a.ndim() - 1; d >= 0; --d) {  // the next index in C order
      if (++pos[size_t(d)] < a.shape()[size_t(d)]) {
        off += a.strides()[size_t(d)];
        break;
      }
      off -= (a.shape()[size_t(d)] - 1) * a.strides()[size_t(d)];
      pos[size_t(d)] = 0;
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool shares_memory(const NDArray& a, const NDArray& b) {
  if (!may_share_memory(a, b)) return false;
  if (a.c_contiguous() && b.c_contiguous()) return true;  // overlapping extents of dense bytes
  auto x = element_intervals(a), y = element_intervals(b);
  size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    if (x[i].first < y[j].second && y[j].first < x[i].second) return true;
    if (x[i].second <= y[j].second)
      ++i;
    else
      ++j;
  }
  return false;
}

bool isfortran(const NDArray& a) {
  return a.f_contiguous() && !a.c_contiguous();
}

}  // namespace ndgpu
