// unique along an axis, as NumPy's: each slice along the axis is one row compared field by
// field (the first most significant), so the rows are lexsorted and a row starts a run where
// any element differs from the row before (NaN differs from itself, as for NumPy's records).
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/statistics/helpers.hpp"

namespace ndgpu {

UniqueResult unique_along_axis(const NDArray& a, int64_t axis, const UniqueOptions& o) {
  using ops::statistics::ufunc;
  check_device(a.device());
  const int ax = normalize_axis(axis, a.ndim());
  NDArray moved = moveaxis(a, {ax}, {0});
  const Shape shape = moved.shape();
  const int64_t n = shape[0], width = n ? moved.size() / n : 0;
  NDArray rows = ascontiguousarray(moved).reshape(Shape{n, width});
  // Column 0 is the most significant key: lexsort takes the last key first.
  std::vector<NDArray> keys;
  for (int64_t c = width - 1; c >= 0; --c)
    keys.push_back(rows.index(std::vector<IndexItem>{Slice{}, c}));
  NDArray order =
      keys.empty() ? arange(Scalar::py_int(0), Scalar::py_int(n), Scalar::py_int(1), DType::Int64)
                   : lexsort(keys, -1);
  NDArray sorted = take(rows, order, 0);
  NDArray starts = full(Shape{n}, Scalar::py_bool(true), DType::Bool);
  if (n > 1) {
    NDArray later = sorted.index(std::vector<IndexItem>{Slice{1, {}, {}}});
    NDArray earlier = sorted.index(std::vector<IndexItem>{Slice{{}, -1, {}}});
    NDArray differs = any(ufunc("not_equal", later, earlier), std::vector<int64_t>{1});
    NDArray rest = starts.index(std::vector<IndexItem>{Slice{1, {}, {}}});
    copy_into(rest, differs);
  }
  UniqueResult r;
  Shape value_shape = shape;
  NDArray values = compress(starts, sorted, 0);
  value_shape[0] = values.shape()[0];
  r.values = moveaxis(values.reshape(value_shape), {0}, {ax});
  if (o.return_index) r.index = extract(starts, order);
  if (o.return_inverse) {
    NDArray run = ufunc("subtract", cumsum(starts, std::nullopt, DType::Int64), Scalar::py_int(1));
    NDArray inverse = NDArray::empty_on(current_device(), Shape{n}, DType::Int64);
    setitem(inverse, std::vector<Index>{order}, run);
    r.inverse = inverse;
  }
  if (o.return_counts)
    r.counts = diff(concatenate(
        std::vector<NDArray>{flatnonzero(starts), full(Shape{1}, Scalar::py_int(n), DType::Int64)},
        0));
  return r;
}

}  // namespace ndgpu
