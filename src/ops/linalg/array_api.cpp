// The array API's linalg functions that are views or products: cross,
// vecdot, matrix_transpose, outer, diagonal and trace over the last axes.
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace linalg {

NDArray cross(const NDArray& x1, const NDArray& x2, int64_t axis) {
  if (x1.ndim() == 0 || x2.ndim() == 0 || x1.shape()[normalize_axis(axis, x1.ndim())] != 3 ||
      x2.shape()[normalize_axis(axis, x2.ndim())] != 3)
    throw ValueError("Both input arrays must be (arrays of) 3-dimensional vectors");
  return ndgpu::cross(x1, x2, -1, -1, -1, axis);
}

NDArray vecdot(const NDArray& x1, const NDArray& x2, int64_t axis) {
  return ndgpu::vecdot(x1, x2, axis);  // NumPy's linalg.vecdot is the vecdot gufunc itself
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
