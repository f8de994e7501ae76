// numpy.diagonal, triu and tril: the diagonal as a strided view, the triangles as a copy with
// one in-place kernel zeroing the other side.
#include <algorithm>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"

namespace ndgpu {
namespace {

NDArray triangle(const NDArray& a, int64_t k, bool upper) {
  if (a.ndim() == 0) throw ValueError("input array must be at least 1-d");
  NDArray m = a.ndim() == 1 ? a.broadcast_to(Shape{a.size(), a.size()}) : a;
  NDArray y = m.copy();
  if (y.size() == 0) return y;
  static const kernel::ElementwiseDefinition zero_side(
      {.in_params = "int64 rows, int64 cols, int64 k, bool upper",
       .out_params = "T y",
       .operation = "long long c = i % cols, r = (i / cols) % rows, d = c - r;\n"
                    "if (upper ? d < k : d > k) y = (T)0",
       .name = "ndgpu_zero_triangle"});
  std::vector<Operand> args{Scalar::py_int(y.shape()[y.ndim() - 2]),
                            Scalar::py_int(y.shape()[y.ndim() - 1]), Scalar::py_int(k),
                            Scalar::py_bool(upper), y};
  kernel::run_elementwise(zero_side, args);
  return y;
}

}  // namespace

NDArray diagonal(const NDArray& a, int64_t offset, int64_t axis1, int64_t axis2) {
  if (a.ndim() < 2) throw ValueError("diag requires an array of at least two dimensions");
  const int d1 = normalize_axis(axis1, a.ndim()), d2 = normalize_axis(axis2, a.ndim());
  if (d1 == d2) throw ValueError("axis1 and axis2 cannot be the same");
  // The other axes, then one axis stepping both strides at once.
  const int64_t n1 = a.shape()[d1], n2 = a.shape()[d2];
  const int64_t len =
      std::max<int64_t>(0, offset >= 0 ? std::min(n1, n2 - offset) : std::min(n1 + offset, n2));
  Shape shape;
  Strides strides;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != d1 && d != d2) shape.push_back(a.shape()[d]), strides.push_back(a.strides()[d]);
  shape.push_back(len);
  strides.push_back(a.strides()[d1] + a.strides()[d2]);
  const int64_t start =
      len == 0 ? 0 : (offset >= 0 ? offset * a.strides()[d2] : -offset * a.strides()[d1]);
  return NDArray(a.storage(), a.offset() + start, shape, strides, a.dtype(),
                 std::make_shared<const NDArray>(a));
}

NDArray triu(const NDArray& a, int64_t k) {
  return triangle(a, k, true);
}

NDArray tril(const NDArray& a, int64_t k) {
  return triangle(a, k, false);
}

}  // namespace ndgpu
