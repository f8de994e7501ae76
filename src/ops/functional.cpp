// apply_along_axis, apply_over_axes and piecewise with NumPy's algorithms: loops on the host
// over the user's function, the data staying on the device.
#include "ndgpu/functional.hpp"

#include <string>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc_functions.hpp"

namespace ndgpu {

NDArray apply_along_axis(const ArrayFunction& func1d, int64_t axis, const NDArray& arr) {
  const int nd = arr.ndim();
  const int ax = normalize_axis(axis, nd);  // AxisError, as NumPy's, for a 0-d arr
  const NDArray view = moveaxis(arr, {ax}, {-1});
  const Shape outer(view.shape().begin(), view.shape().end() - 1);
  int64_t count = 1;
  for (int64_t n : outer) count *= n;
  if (count == 0) throw ValueError("Cannot apply_along_axis when any iteration dimensions are 0");
  NDArray buff;
  std::vector<IndexItem> at(outer.size());
  std::vector<Index> target(outer.size());
  for (int64_t flat = 0; flat < count; ++flat) {
    for (int64_t d = int64_t(outer.size()) - 1, rest = flat; d >= 0; --d) {
      at[size_t(d)] = rest % outer[size_t(d)];
      target[size_t(d)] = rest % outer[size_t(d)];
      rest /= outer[size_t(d)];
    }
    const NDArray r = func1d(view.index(at));
    if (flat == 0) {
      Shape shape = outer;
      shape.insert(shape.end(), r.shape().begin(), r.shape().end());
      buff = zeros(shape, r.dtype());
    }
    setitem(buff, target, r);
  }
  // The result's own axes go where `axis` was.
  const int rnd = buff.ndim() - (nd - 1);
  std::vector<int64_t> order;
  for (int d = 0; d < ax; ++d) order.push_back(d);
  for (int d = 0; d < rnd; ++d) order.push_back(nd - 1 + d);
  for (int d = ax; d < nd - 1; ++d) order.push_back(d);
  return buff.transpose(order);
}

NDArray apply_over_axes(const std::function<NDArray(const NDArray&, int64_t)>& func,
                        const NDArray& a, const AxisList& axes) {
  NDArray val = a;
  for (int64_t axis : axes) {
    if (axis < 0) axis += a.ndim();
    NDArray res = func(val, axis);
    if (res.ndim() != val.ndim()) res = expand_dims(res, {axis});
    if (res.ndim() != val.ndim())
      throw ValueError("function is not returning an array of the correct shape");
    val = res;
  }
  return val;
}

NDArray piecewise(const NDArray& x, std::span<const NDArray> condlist,
                  std::span<const PiecewisePart> funclist) {
  std::vector<NDArray> conds;
  for (const NDArray& c : condlist) conds.push_back(c.astype(DType::Bool, false));
  const size_t n = conds.size();
  if (funclist.size() == n + 1) {  // the last function covers where no condition holds
    NDArray none = conds.empty() ? ones(x.shape(), DType::Bool) : logical_not(conds[0]);
    for (size_t k = 1; k < n; ++k) none = logical_and(none, logical_not(conds[k]));
    conds.push_back(none);
  } else if (funclist.size() != n) {
    throw ValueError("with " + std::to_string(n) + " condition(s), either " + std::to_string(n) +
                     " or " + std::to_string(n + 1) + " functions are expected");
  }
  NDArray y = zeros(x.shape(), x.dtype());
  for (size_t k = 0; k < conds.size(); ++k) {
    const Index where[1] = {conds[k]};
    if (const Scalar* value = std::get_if<Scalar>(&funclist[k])) {
      setitem(y, where, *value);
    } else {
      const NDArray vals = getitem(x, where);
      if (vals.size() > 0) setitem(y, where, std::get<ArrayFunction>(funclist[k])(vals));
    }
  }
  return y;
}

}  // namespace ndgpu
