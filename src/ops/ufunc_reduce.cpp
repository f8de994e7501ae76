// ufunc.reduce: add, multiply, maximum, minimum and logical_and/or run as the reductions
// they are (sum, prod, amax, amin, all, any); any other binary ufunc folds each axis in
// order with reduceat's kernel, long axes of reorderable ufuncs in chunks and then the chunks.
#include <algorithm>
#include <cmath>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu {
namespace {

// NumPy lets a ufunc with an identity (or maximum-like) reduce several axes at once, in any
// order; subtract, power, arctan2, ... fold one axis, in order.
bool reorderable(const std::string& name) {
  return ufunc_identity(name).has_value() || name == "fmax" || name == "fmin";
}

// Axis `ax` (length >= 1) folded to length 1.
NDArray fold_axis(const std::string& name, const NDArray& a, int ax, DType t, bool chunks) {
  const int64_t n = a.shape()[size_t(ax)];
  const int64_t chunk = chunks && n > 4096 ? int64_t(std::ceil(std::sqrt(double(n)))) : n;
  NDArray starts = arange(Scalar::typed_int(DType::Int64, 0), Scalar::typed_int(DType::Int64, n),
                          Scalar::typed_int(DType::Int64, chunk), DType::Int64);
  NDArray r = ufunc_reduceat(name, a, starts, ax, t);
  return chunk == n ? r : fold_axis(name, r, ax, t, chunks);
}

NDArray fold_reduce(const std::string& name, const NDArray& a, const Axes& axis, OptDType dtype,
                    const OptArray& out, bool keepdims) {
  const DType t = ops::binary_fold_dtype(name, "reduce", a, dtype, out);
  std::vector<int> axes;
  if (axis)
    for (int64_t d : *axis) axes.push_back(normalize_axis(d, a.ndim()));
  else
    for (int d = 0; d < a.ndim(); ++d) axes.push_back(d);
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    throw ValueError("duplicate value in 'axis'");
  if (axes.size() > 1 && !reorderable(name))
    throw ValueError("reduction operation '" + name +
                     "' is not reorderable, so at most one axis may be specified");
  Shape kept = a.shape();
  bool empty = false;
  for (int d : axes) empty |= kept[size_t(d)] == 0, kept[size_t(d)] = 1;
  NDArray r;
  if (empty) {
    std::optional<Scalar> id = ufunc_identity(name);
    if (!id)
      throw ValueError("zero-size array to reduction operation " + name + " which has no identity");
    r = full(kept, *id, t);
  } else {
    r = a.astype(t, false);
    for (int d : axes) r = fold_axis(name, r, d, t, reorderable(name));
  }
  if (!keepdims) r = squeeze(r, AxisList(axes.begin(), axes.end()));
  if (!out) return r;
  if (out->shape() != r.shape())
    throw ValueError("output parameter for reduction operation " + name + " has the wrong shape");
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

}  // namespace

DType ops::binary_fold_dtype(const std::string& name, const char* method, const NDArray& a,
                             OptDType dtype, const OptArray& out) {
  const UfuncInfo* u = find_ufunc(name);
  if (!u) throw NotImplementedError("ufunc '" + name + "' is not implemented");
  if (u->nin != 2 || u->nout != 1)
    throw ValueError(std::string(method) + " only supported for binary functions");
  const DType t = dtype                            ? *dtype
                  : name.rfind("logical_", 0) == 0 ? DType::Bool
                  : out                            ? out->dtype()
                                                   : a.dtype();
  const UfuncLoopInfo loop = ufunc_loop_info(name, t);
  if (loop.out[0] != t || loop.params[0] != t || loop.params[1] != t)
    throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                    name);
  return t;
}

NDArray ufunc_reduce(const std::string& ufunc, const NDArray& a, const Axes& axis, OptDType dtype,
                     const OptArray& out, bool keepdims) {
  if (ufunc == "add") return sum(a, axis, dtype, out, keepdims);
  if (ufunc == "multiply") return prod(a, axis, dtype, out, keepdims);
  if (!dtype || *dtype == DType::Bool) {
    if (ufunc == "logical_and") return all(a, axis, out, keepdims);
    if (ufunc == "logical_or") return any(a, axis, out, keepdims);
  }
  if (ufunc == "maximum" || ufunc == "minimum") {
    NDArray src = dtype ? a.astype(*dtype, false) : a;
    return ufunc == "maximum" ? amax(src, axis, out, keepdims) : amin(src, axis, out, keepdims);
  }
  return fold_reduce(ufunc, a, axis, dtype, out, keepdims);
}

}  // namespace ndgpu
