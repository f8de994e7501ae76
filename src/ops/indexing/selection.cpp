// Selections that build on getitem/setitem and where: take_along_axis, put_along_axis,
// choose, select, and the diagonal views diagonal, diag and diagflat.
#include <algorithm>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu {
namespace {

// arange(n) shaped to broadcast along axis d of an ndim-dimensional index.
NDArray axis_range(int64_t n, int d, int ndim) {
  Shape s(size_t(ndim), 1);
  s[size_t(d)] = n;
  return arange(Scalar::py_int(0), Scalar::py_int(n), Scalar::py_int(1), DType::Int64).reshape(s);
}

// The advanced index that take_along_axis and put_along_axis apply: `indices` on `axis`,
// the other axes by their own positions.
std::vector<Index> along_axis_index(const NDArray& arr, const NDArray& indices, int axis) {
  if (!is_integer(indices.dtype())) throw IndexError("`indices` must be an integer array");
  if (indices.ndim() != arr.ndim())
    throw ValueError("`indices` and `arr` must have the same number of dimensions");
  std::vector<Index> index;
  for (int d = 0; d < arr.ndim(); ++d)
    index.push_back(d == axis ? indices : axis_range(arr.shape()[d], d, arr.ndim()));
  return index;
}

DType common_dtype(std::span<const NDArray> arrays) {
  DType t = arrays[0].dtype();
  for (const auto& x : arrays) t = promote_types(t, x.dtype());
  return t;
}

}  // namespace

NDArray take_along_axis(const NDArray& arr, const NDArray& indices, std::optional<int64_t> axis) {
  if (!axis) {
    if (indices.ndim() != 1)
      throw ValueError("when axis=None, `indices` must have a single dimension.");
    return take_along_axis(arr.reshape(Shape{-1}), indices, 0);
  }
  int ax = normalize_axis(*axis, arr.ndim());
  return getitem(arr, along_axis_index(arr, indices, ax));
}

void put_along_axis(NDArray& arr, const NDArray& indices, const Operand& values,
                    std::optional<int64_t> axis) {
  if (!axis) {
    if (indices.ndim() != 1)
      throw ValueError("when axis=None, `indices` must have a single dimension.");
    // arr.flat at the indices, values broadcast to them (never repeated, unlike put).
    NDArray v = std::holds_alternative<Scalar>(values)
                    ? full(Shape{}, std::get<Scalar>(values), arr.dtype())
                    : std::get<NDArray>(values);
    put(arr, indices, v.broadcast_to(indices.shape()), ClipMode::Raise);
    return;
  }
  int ax = normalize_axis(*axis, arr.ndim());
  setitem(arr, along_axis_index(arr, indices, ax), values);
}

NDArray choose(const NDArray& a, std::span<const NDArray> choices, ClipMode mode) {
  if (choices.empty()) throw ValueError("0-length sequence.");
  if (a.dtype() != DType::Bool) ops::require_integer_indices(a.dtype());
  int64_t n = int64_t(choices.size());
  std::vector<Shape> shapes{a.shape()};
  for (const auto& c : choices) shapes.push_back(c.shape());
  Shape shape = broadcast_shapes(shapes);
  DType dtype = common_dtype(choices);
  // The choices stacked on a new first axis, then one gather picks each element's row.
  Shape stacked_shape{n};
  stacked_shape.insert(stacked_shape.end(), shape.begin(), shape.end());
  NDArray stacked = empty(stacked_shape, dtype);
  for (int64_t k = 0; k < n; ++k) {
    NDArray row = stacked.index(std::vector<IndexItem>{k});
    copy_into(row, choices[size_t(k)]);
  }
  NDArray idx = a.astype(DType::Int64, false);
  Scalar zero = Scalar::py_int(0), last = Scalar::py_int(n - 1);
  if (mode == ClipMode::Raise) {
    if (idx.size() > 0) {
      bool bad = false;
      NDArray below = call_ufunc("less", std::vector<Operand>{idx, zero})[0];
      NDArray above = call_ufunc("greater", std::vector<Operand>{idx, last})[0];
      any(call_ufunc("logical_or", std::vector<Operand>{below, above})[0]).to_host(&bad);
      if (bad) throw ValueError("invalid entry in choice array");
    }
  } else if (mode == ClipMode::Wrap) {
    idx = call_ufunc("remainder", std::vector<Operand>{idx, Scalar::py_int(n)})[0];
  } else {
    idx = clip(idx, Operand(zero), Operand(last));
  }
  std::vector<Index> index{idx.broadcast_to(shape)};
  for (int d = 0; d < int(shape.size()); ++d)
    index.push_back(axis_range(shape[size_t(d)], d, int(shape.size())));
  return getitem(stacked, index);
}

NDArray select(std::span<const NDArray> condlist, std::span<const NDArray> choicelist,
               const Operand& default_value) {
  if (condlist.size() != choicelist.size())
    throw ValueError("list of cases must be same length as list of conditions");
  if (condlist.empty()) throw ValueError("select with an empty condition list is not possible");
  // The choices' dtypes and the default's (a Python scalar's only by its kind, NEP 50).
  std::vector<PromotionOperand> kinds;
  for (const auto& c : choicelist) kinds.push_back(PromotionOperand::strong(c.dtype()));
  const Scalar* ds = std::get_if<Scalar>(&default_value);
  kinds.push_back(
      ds && ds->weak()
          ? PromotionOperand::scalar(ds->weak_kind())
          : PromotionOperand::strong(ds ? ds->dtype() : std::get<NDArray>(default_value).dtype()));
  DType dtype = result_type(kinds);
  NDArray dflt = ds ? full(Shape{}, *ds, dtype) : std::get<NDArray>(default_value);
  std::vector<Shape> shapes{dflt.shape()};
  for (size_t k = 0; k < condlist.size(); ++k) {
    if (condlist[k].dtype() != DType::Bool)
      throw TypeError("invalid entry " + std::to_string(k) +
                      " in condlist: should be boolean ndarray");
    shapes.push_back(condlist[k].shape());
    shapes.push_back(choicelist[k].shape());
  }
  NDArray out = empty(broadcast_shapes(shapes), dtype);
  copy_into(out, dflt);
  // Later conditions first, so the first true condition's choice is written last.
  for (size_t k = condlist.size(); k-- > 0;) {
    NDArray picked = where(condlist[k], choicelist[k].astype(dtype, false), out);
    copy_into(out, picked);
  }
  return out;
}

NDArray diagonal(const NDArray& a, int64_t offset, int64_t axis1, int64_t axis2) {
  if (a.ndim() < 2) throw ValueError("diag requires an array of at least two dimensions");
  int ax1 = normalize_axis(axis1, a.ndim()), ax2 = normalize_axis(axis2, a.ndim());
  if (ax1 == ax2) throw ValueError("axis1 and axis2 cannot be the same");
  int64_t n1 = a.shape()[size_t(ax1)], n2 = a.shape()[size_t(ax2)];
  int64_t s1 = a.strides()[size_t(ax1)], s2 = a.strides()[size_t(ax2)];
  int64_t start = a.offset(), length = 0;
  if (offset >= 0) {
    length = std::max<int64_t>(0, std::min(n1, n2 - offset));
    if (length > 0) start += offset * s2;
  } else {
    length = std::max<int64_t>(0, std::min(n1 + offset, n2));
    if (length > 0) start -= offset * s1;
  }
  Shape shape;
  Strides strides;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != ax1 && d != ax2)
      shape.push_back(a.shape()[size_t(d)]), strides.push_back(a.strides()[size_t(d)]);
  shape.push_back(length);
  strides.push_back(s1 + s2);
  return NDArray(a.storage(), start, shape, strides, a.dtype(), std::make_shared<NDArray>(a));
}

NDArray diag(const NDArray& v, int64_t k) {
  if (v.ndim() == 2) return diagonal(v, k, 0, 1);
  if (v.ndim() != 1) throw ValueError("Input must be 1- or 2-d.");
  int64_t n = v.shape()[0] + (k < 0 ? -k : k);
  NDArray out = zeros(Shape{n, n}, v.dtype());
  NDArray d = diagonal(out, k, 0, 1);
  copy_into(d, v);
  return out;
}

NDArray diagflat(const NDArray& v, int64_t k) {
  return diag(v.reshape(Shape{-1}), k);
}

}  // namespace ndgpu
