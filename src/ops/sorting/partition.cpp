// partition, argpartition and lexsort on top of the stable sorts.
#include <numeric>
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/sorting.hpp"

namespace ndgpu {
namespace {

// numpy's check of kth against the partitioned axis' length.
void check_kth(const NDArray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis) {
  const int64_t n = axis ? a.shape()[size_t(normalize_axis(*axis, a.ndim()))] : a.size();
  for (int64_t k : kth)
    if (k < -n || k >= n)
      throw ValueError("kth(=" + std::to_string(k) + ") out of bounds (" + std::to_string(n) + ")");
}

}  // namespace

NDArray partition(const NDArray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis) {
  if (axis && a.ndim() == 0) throw ValueError("Cannot partition a 0-d array");
  check_kth(a, kth, axis);
  return sort(a, {.axis = axis});
}

NDArray argpartition(const NDArray& a, const std::vector<int64_t>& kth,
                     std::optional<int64_t> axis) {
  check_kth(a, kth, axis);
  return argsort(a, {.axis = axis});
}

NDArray lexsort(const std::vector<NDArray>& keys, int64_t axis) {
  if (keys.empty()) throw TypeError("need sequence of keys with len > 0 in lexsort");
  const NDArray& first = keys.back();
  for (const NDArray& k : keys)
    if (k.shape() != first.shape()) throw ValueError("all keys need to be the same shape");
  if (first.ndim() == 0) throw IndexError("lexsort: a 0-d key has no axis to sort");
  const int ax = normalize_axis(axis, first.ndim());
  // Keys moved so the sort axis is last, as rows of `len`; flat positions gather them.
  std::vector<int64_t> perm;
  for (int d = 0; d < first.ndim(); ++d)
    if (d != ax) perm.push_back(d);
  perm.push_back(ax);
  const int64_t len = first.shape()[size_t(ax)];
  const int64_t rows = len ? first.size() / len : 0;
  auto rows_of = [&](const NDArray& k) {
    return ascontiguousarray(k.transpose(perm)).reshape(Shape{rows, len});
  };
  NDArray row_start =
      multiply(arange(Scalar::py_int(0), Scalar::py_int(rows), Scalar::py_int(1), DType::Int64)
                   .reshape(Shape{rows, 1}),
               Scalar::py_int(len));
  // Least significant key first; each later stable pass keeps the earlier order on ties.
  NDArray order = argsort(rows_of(keys.front()), {.axis = -1});
  for (size_t i = 1; i < keys.size(); ++i) {
    NDArray gathered = take(rows_of(keys[i]), add(order, row_start));
    NDArray step = argsort(gathered, {.axis = -1});
    order = take(order, add(step, row_start));
  }
  std::vector<int64_t> inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inverse[size_t(perm[i])] = int64_t(i);
  Shape moved;
  for (int64_t d : perm) moved.push_back(first.shape()[size_t(d)]);
  return ascontiguousarray(order.reshape(moved).transpose(inverse));
}

}  // namespace ndgpu
