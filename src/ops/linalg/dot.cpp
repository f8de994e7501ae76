// numpy.dot, on matmul.
#include <numeric>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {

NDArray dot(const NDArray& a, const NDArray& b, const OptArray& out) {
  if (out) {  // NumPy's dot writes only into exactly the array it would make
    DType rt = promote_types(a.dtype(), b.dtype());
    if (out->dtype() != rt || !out->c_contiguous())
      throw ValueError(
          "output array is not acceptable (must have the right datatype, number of "
          "dimensions, and be a C-Array)");
  }
  if (a.ndim() == 0 || b.ndim() == 0) {
    std::vector<Operand> ins{a, b};
    std::vector<NDArray> outs;
    if (out) outs.push_back(*out);
    return call_ufunc("multiply", ins, outs)[0];
  }
  if (b.ndim() <= 2) return matmul(a, b, out);
  // N-D: a's last axis against b's second-to-last, b's other axes after a's.
  const int nb = b.ndim();
  const int64_t k = a.shape()[a.ndim() - 1];
  if (b.shape()[nb - 2] != k)
    throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) +
                     " not aligned: " + std::to_string(k) + " (dim " +
                     std::to_string(a.ndim() - 1) + ") != " + std::to_string(b.shape()[nb - 2]) +
                     " (dim " + std::to_string(nb - 2) + ")");
  std::vector<int64_t> axes{nb - 2};
  for (int d = 0; d < nb; ++d)
    if (d != nb - 2) axes.push_back(d);
  const int64_t q = b.size() / std::max<int64_t>(k, 1);
  const NDArray b2 =
      k == 0 ? NDArray::empty(Shape{0, q}, b.dtype()) : b.transpose(axes).reshape(Shape{k, q});
  const NDArray a2 = a.reshape(Shape{a.size() / std::max<int64_t>(k, 1), k});
  Shape result(a.shape().begin(), a.shape().end() - 1);
  for (int d = 0; d < nb; ++d)
    if (d != nb - 2) result.push_back(b.shape()[d]);
  NDArray r = matmul(a2, b2).reshape(result);
  if (!out) return r;
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

}  // namespace ndgpu
