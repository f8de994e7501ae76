// Reshape, ravel and flatten with NumPy's four orders, and in-place shape assignment.
#include <cstdlib>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"

namespace ndgpu {
namespace {

Order resolve(const NDArray& a, AnyOrder order) {
  if (order == AnyOrder::F) return Order::F;
  if (order == AnyOrder::A && a.f_contiguous() && !a.c_contiguous()) return Order::F;
  return Order::C;
}

// `a` with its axes in decreasing order of |stride|: its C order is its memory order (a
// negative stride keeps its axis's direction, as NumPy's 'K').
NDArray memory_ordered(const NDArray& a) {
  // Insertion sort by decreasing stride; a zero stride orders against nothing (NumPy's
  // rule), so broadcast axes keep their place.
  std::vector<int64_t> perm;
  for (int d = 0; d < a.ndim(); ++d) {
    int64_t s = std::abs(a.strides()[d]);
    size_t at = perm.size();
    for (size_t j = perm.size(); j-- > 0;) {
      int64_t t = std::abs(a.strides()[size_t(perm[j])]);
      if (s == 0 || t == 0) continue;
      if (t >= s) break;
      at = j;
    }
    perm.insert(perm.begin() + int64_t(at), d);
  }
  return a.transpose(perm);
}

}  // namespace

NDArray reshape(const NDArray& a, const Shape& shape, AnyOrder order) {
  if (order == AnyOrder::K) throw ValueError("order 'K' is not permitted for reshaping");
  return a.reshape(shape, resolve(a, order));
}

NDArray ravel(const NDArray& a, AnyOrder order) {
  if (order == AnyOrder::K) {
    if (a.c_contiguous()) return a.reshape(Shape{-1});
    return memory_ordered(a).reshape(Shape{-1});
  }
  return a.reshape(Shape{-1}, resolve(a, order));
}

NDArray flatten(const NDArray& a, AnyOrder order) {
  NDArray r = ravel(a, order);
  return r.storage() == a.storage() ? r.copy() : r;
}

bool set_shape(NDArray& a, const Shape& shape) {
  std::optional<NDArray> v = a.reshape_view(shape);
  if (!v) return false;
  a = NDArray(v->storage(), v->offset(), v->shape(), v->strides(), v->dtype(), a.base());
  return true;
}

}  // namespace ndgpu
