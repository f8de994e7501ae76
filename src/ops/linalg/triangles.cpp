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

NDArray triu(const NDArray& a, int64_t k) {
  return triangle(a, k, true);
}

NDArray tril(const NDArray& a, int64_t k) {
  return triangle(a, k, false);
}

}  // namespace ndgpu
