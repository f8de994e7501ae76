// numpy.cross and the array API's linalg functions that are views or products: cross,
// vecdot, matrix_transpose, outer, diagonal and trace over the last axes.
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

NDArray component(const NDArray& v, int64_t k) {
  const IndexItem at[2] = {EllipsisIndex{}, k};
  return v.index(at);
}

// a_i b_j - a_j b_i over the last axis.
NDArray minor(const NDArray& a, const NDArray& b, int64_t i, int64_t j) {
  return subtract(multiply(component(a, i), component(b, j)),
                  multiply(component(a, j), component(b, i)));
}

}  // namespace

NDArray cross(const NDArray& a_in, const NDArray& b_in, int64_t axisa, int64_t axisb, int64_t axisc,
              std::optional<int64_t> axis) {
  if (axis) axisa = axisb = axisc = *axis;
  if (a_in.ndim() == 0 || b_in.ndim() == 0)
    throw ValueError("cross: operands must be at least one-dimensional");
  NDArray a = moveaxis(a_in, {axisa}, {-1}), b = moveaxis(b_in, {axisb}, {-1});
  const int64_t na = a.shape()[a.ndim() - 1], nb = b.shape()[b.ndim() - 1];
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3))
    throw ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  if (na == 2 && nb == 2) return minor(a, b, 0, 1);
  // A 2-vector is a 3-vector with a zero third component.
  auto padded = [](const NDArray& v) {
    if (v.shape()[v.ndim() - 1] == 3) return v;
    Shape s = v.shape();
    s.back() = 1;
    const NDArray parts[2] = {v, zeros(s, v.dtype())};
    return concatenate(parts, -1);
  };
  a = padded(a), b = padded(b);
  const NDArray parts[3] = {minor(a, b, 1, 2), minor(a, b, 2, 0), minor(a, b, 0, 1)};
  const NDArray c = stack(parts, -1);
  return moveaxis(c, {-1}, {axisc});
}

namespace linalg {

NDArray cross(const NDArray& x1, const NDArray& x2, int64_t axis) {
  if (x1.ndim() == 0 || x2.ndim() == 0 || x1.shape()[normalize_axis(axis, x1.ndim())] != 3 ||
      x2.shape()[normalize_axis(axis, x2.ndim())] != 3)
    throw ValueError("Both input arrays must be (arrays of) 3-dimensional vectors");
  return ndgpu::cross(x1, x2, -1, -1, -1, axis);
}

NDArray vecdot(const NDArray& x1, const NDArray& x2, int64_t axis) {
  if (x1.ndim() == 0 || x2.ndim() == 0)
    throw ValueError("vecdot: operands must be at least one-dimensional");
  NDArray a = moveaxis(x1, {axis}, {-1}), b = moveaxis(x2, {axis}, {-1});
  if (is_complex(a.dtype())) a = call_ufunc("conjugate", std::vector<Operand>{a})[0];
  // Each pair of vectors as a 1×k by k×1 product, broadcast over the leading axes.
  const NDArray r = ndgpu::matmul(expand_dims(a, {-2}), expand_dims(b, {-1}));
  return squeeze(r, AxisList{-2, -1});
}

NDArray matrix_transpose(const NDArray& x) {
  if (x.ndim() < 2) throw ValueError("x must be at least 2-dimensional for matrix_transpose");
  return swapaxes(x, -1, -2);
}

NDArray outer(const NDArray& x1, const NDArray& x2) {
  if (x1.ndim() != 1 || x2.ndim() != 1)
    throw ValueError("Input arrays must be one-dimensional, but they are x1.ndim=" +
                     std::to_string(x1.ndim()) + " and x2.ndim=" + std::to_string(x2.ndim()) + ".");
  return ndgpu::outer(x1, x2);
}

NDArray diagonal(const NDArray& x, int64_t offset) {
  return ndgpu::diagonal(x, offset, -2, -1);
}

NDArray trace(const NDArray& x, int64_t offset, OptDType dtype) {
  return ndgpu::trace(x, offset, -2, -1, dtype);
}

}  // namespace linalg
}  // namespace ndgpu
