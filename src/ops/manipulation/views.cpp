// Manipulations that are views: new shape and strides over the same storage.
#include <algorithm>
#include <cstdlib>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

NDArray with_layout(const NDArray& a, Shape shape, Strides strides) {
  return NDArray(a.storage(), a.offset(), std::move(shape), std::move(strides), a.dtype(),
                 std::make_shared<NDArray>(a));
}

// Axes normalised against `ndim`; a repeated one raises ValueError as NumPy's.
std::vector<int> unique_axes(const AxisList& axes, int ndim) {
  std::vector<int> out;
  for (int64_t ax : axes) {
    int n = normalize_axis(ax, ndim);
    if (std::find(out.begin(), out.end(), n) != out.end()) throw ValueError("repeated axis");
    out.push_back(n);
  }
  return out;
}

}  // namespace

NDArray ascontiguousarray(const NDArray& a, std::optional<DType> dtype) {
  DType t = dtype.value_or(a.dtype());
  if (t == a.dtype() && a.c_contiguous() && a.ndim() > 0) return a;
  NDArray c = a.astype(t, true, Order::C);
  return a.ndim() == 0 ? c.reshape(Shape{1}) : c;
}

NDArray squeeze(const NDArray& a, const std::optional<AxisList>& axis) {
  std::vector<int> drop;
  if (axis) {
    drop = unique_axes(*axis, a.ndim());
    for (int d : drop)
      if (a.shape()[d] != 1)
        throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
  } else {
    for (int d = 0; d < a.ndim(); ++d)
      if (a.shape()[d] == 1) drop.push_back(d);
  }
  Shape s;
  Strides st;
  for (int d = 0; d < a.ndim(); ++d)
    if (std::find(drop.begin(), drop.end(), d) == drop.end()) {
      s.push_back(a.shape()[d]);
      st.push_back(a.strides()[d]);
    }
  return with_layout(a, s, st);
}

NDArray expand_dims(const NDArray& a, const AxisList& axis) {
  int nd = a.ndim() + int(axis.size());
  std::vector<int> added = unique_axes(axis, nd);
  Shape s;
  Strides st;
  for (int d = 0, src = 0; d < nd; ++d) {
    if (std::find(added.begin(), added.end(), d) != added.end()) {
      s.push_back(1);
      st.push_back(0);
    } else {
      s.push_back(a.shape()[src]);
      st.push_back(a.strides()[src++]);
    }
  }
  return with_layout(a, s, st);
}

NDArray swapaxes(const NDArray& a, int64_t axis1, int64_t axis2) {
  std::vector<int64_t> perm(size_t(a.ndim()));
  for (int d = 0; d < a.ndim(); ++d) perm[size_t(d)] = d;
  std::swap(perm[size_t(normalize_axis(axis1, a.ndim()))],
            perm[size_t(normalize_axis(axis2, a.ndim()))]);
  return a.transpose(perm);
}

NDArray moveaxis(const NDArray& a, const AxisList& source, const AxisList& destination) {
  if (source.size() != destination.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  std::vector<int> src = unique_axes(source, a.ndim()), dst = unique_axes(destination, a.ndim());
  std::vector<int64_t> order;
  for (int d = 0; d < a.ndim(); ++d)
    if (std::find(src.begin(), src.end(), d) == src.end()) order.push_back(d);
  std::vector<std::pair<int, int>> moves;
  for (size_t k = 0; k < src.size(); ++k) moves.push_back({dst[k], src[k]});
  std::sort(moves.begin(), moves.end());
  for (auto [d, s] : moves) order.insert(order.begin() + d, s);
  return a.transpose(order);
}

NDArray flip(const NDArray& a, const std::optional<AxisList>& axis) {
  std::vector<int> axes;
  if (axis)
    axes = unique_axes(*axis, a.ndim());
  else
    for (int d = 0; d < a.ndim(); ++d) axes.push_back(d);
  std::vector<IndexItem> items(size_t(a.ndim()), Slice{});
  for (int d : axes) items[size_t(d)] = Slice{std::nullopt, std::nullopt, -1};
  return a.index(items);
}

NDArray fliplr(const NDArray& a) {
  if (a.ndim() < 2) throw ValueError("Input must be >= 2-d.");
  return flip(a, AxisList{1});
}

NDArray flipud(const NDArray& a) {
  if (a.ndim() < 1) throw ValueError("Input must be >= 1-d.");
  return flip(a, AxisList{0});
}

NDArray atleast_1d(const NDArray& a) {
  return a.ndim() >= 1 ? a : a.reshape(Shape{1});
}

NDArray atleast_2d(const NDArray& a) {
  if (a.ndim() >= 2) return a;
  return a.ndim() == 1 ? expand_dims(a, AxisList{0}) : a.reshape(Shape{1, 1});
}

std::vector<NDArray> broadcast_arrays(std::span<const NDArray> arrays) {
  std::vector<Shape> shapes;
  for (const auto& a : arrays) shapes.push_back(a.shape());
  Shape b = broadcast_shapes(shapes);
  std::vector<NDArray> out;
  for (const auto& a : arrays) out.push_back(a.broadcast_to(b));
  return out;
}

NDArray atleast_3d(const NDArray& a) {
  if (a.ndim() >= 3) return a;
  if (a.ndim() == 0) return a.reshape(Shape{1, 1, 1});
  if (a.ndim() == 1) return expand_dims(a, AxisList{0, 2});
  return expand_dims(a, AxisList{2});
}

NDArray rollaxis(const NDArray& a, int64_t axis, int64_t start) {
  int n = a.ndim();
  int ax = normalize_axis(axis, n);
  if (start < -n || start > n)
    throw AxisError("'start' arg requires " + std::to_string(-n) + " <= start < " +
                    std::to_string(n + 1) + ", but " + std::to_string(start) + " was passed in");
  int64_t s = start < 0 ? start + n : start;
  if (ax < s) --s;  // removing `axis` first shifts the later positions down
  std::vector<int64_t> order;
  for (int d = 0; d < n; ++d)
    if (d != ax) order.push_back(d);
  order.insert(order.begin() + s, ax);
  return a.transpose(order);
}

NDArray matrix_transpose(const NDArray& a) {
  if (a.ndim() < 2)
    throw ValueError("Input array must be at least 2-dimensional, but it is " +
                     std::to_string(a.ndim()));
  return swapaxes(a, -1, -2);
}

NDArray rot90(const NDArray& a, int64_t k, const AxisList& axes) {
  if (axes.size() != 2) throw ValueError("len(axes) must be 2.");
  int n = a.ndim();
  if (axes[0] == axes[1] || std::abs(axes[0] - axes[1]) == n)
    throw ValueError("Axes must be different.");
  if (axes[0] >= n || axes[0] < -n || axes[1] >= n || axes[1] < -n)
    throw ValueError("Axes=(" + std::to_string(axes[0]) + ", " + std::to_string(axes[1]) +
                     ") out of range for array of ndim=" + std::to_string(n) + ".");
  k = ((k % 4) + 4) % 4;
  if (k == 0) return a.view();
  if (k == 2) return flip(flip(a, AxisList{axes[0]}), AxisList{axes[1]});
  std::vector<int64_t> perm;
  for (int d = 0; d < n; ++d) perm.push_back(d);
  std::swap(perm[size_t(normalize_axis(axes[0], n))], perm[size_t(normalize_axis(axes[1], n))]);
  // A quarter turn is a flip of one axis and a swap of the two, in either order.
  if (k == 1) return flip(a, AxisList{axes[1]}).transpose(perm);
  return flip(a.transpose(perm), AxisList{axes[1]});
}

}  // namespace ndgpu
