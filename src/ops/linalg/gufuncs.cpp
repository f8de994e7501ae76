// NumPy 2's vector gufuncs vecdot, matvec and vecmat as matmuls of a row or a column, with the
// core-dimension checks and messages of NumPy's gufunc machinery.
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

// Operand `k` of gufunc `name` must have `need` core axes.
void require_core(const char* name, const char* signature, const NDArray& a, int k, int need) {
  if (a.ndim() < need)
    throw ValueError(std::string(name) + ": Input operand " + std::to_string(k) +
                     " does not have enough dimensions (has " + std::to_string(a.ndim()) +
                     ", gufunc core with signature " + signature + " requires " +
                     std::to_string(need) + ")");
}

// Operand `k`'s core dimension `d` is `size`, while an earlier operand fixed it at `want`.
void match_core(const char* name, const char* signature, int k, int d, int64_t size, int64_t want) {
  if (size != want)
    throw ValueError(std::string(name) + ": Input operand " + std::to_string(k) +
                     " has a mismatch in its core dimension " + std::to_string(d) +
                     ", with gufunc signature " + signature + " (size " + std::to_string(size) +
                     " is different from " + std::to_string(want) + ")");
}

NDArray conjugated(const NDArray& a) {
  return is_complex(a.dtype()) ? call_ufunc("conjugate", std::vector<Operand>{a})[0] : a;
}

// `r` (the product, with its unit axes `units` still in), or `out` filled with it.
NDArray finish(const NDArray& r, const AxisList& units, const OptArray& out) {
  const NDArray squeezed = squeeze(r, units);
  if (!out) return squeezed;
  if (out->shape() != squeezed.shape())
    throw ValueError("output operand has shape " + shape_str(out->shape()) + ", expected " +
                     shape_str(squeezed.shape()));
  NDArray target = *out;
  const IndexItem all[1] = {EllipsisIndex{}};
  setitem(target, all, squeezed);
  return target;
}

}  // namespace

NDArray vecdot(const NDArray& x1, const NDArray& x2, int64_t axis, const OptArray& out,
               OptDType dtype) {
  const char* sig = "(n),(n)->()";
  require_core("vecdot", sig, x1, 0, 1);
  require_core("vecdot", sig, x2, 1, 1);
  const NDArray a = moveaxis(x1, {axis}, {-1}), b = moveaxis(x2, {axis}, {-1});
  match_core("vecdot", sig, 1, 0, b.shape().back(), a.shape().back());
  // Each pair of vectors as a 1×n by n×1 product, broadcast over the leading axes.
  const NDArray r = matmul(expand_dims(conjugated(a), {-2}), expand_dims(b, {-1}), {}, dtype);
  return finish(r, {-2, -1}, out);
}

NDArray matvec(const NDArray& x1, const NDArray& x2, const OptArray& out, OptDType dtype) {
  const char* sig = "(m,n),(n)->(m)";
  require_core("matvec", sig, x1, 0, 2);
  require_core("matvec", sig, x2, 1, 1);
  match_core("matvec", sig, 1, 0, x2.shape().back(), x1.shape().back());
  return finish(matmul(x1, expand_dims(x2, {-1}), {}, dtype), {-1}, out);
}

NDArray vecmat(const NDArray& x1, const NDArray& x2, const OptArray& out, OptDType dtype) {
  const char* sig = "(n),(n,m)->(m)";
  require_core("vecmat", sig, x1, 0, 1);
  require_core("vecmat", sig, x2, 1, 2);
  match_core("vecmat", sig, 1, 0, x2.shape()[x2.ndim() - 2], x1.shape().back());
  return finish(matmul(expand_dims(conjugated(x1), {-2}), x2, {}, dtype), {-2}, out);
}

}  // namespace ndgpu
