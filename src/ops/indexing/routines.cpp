// nonzero and the routines built on it and on the gather: flatnonzero, argwhere, take,
// compress, extract. nonzero is a compaction: a prefix sum of the mask, then each true
// element writes its coordinates at its rank.
#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu {
namespace {

// (ndim, count) int64: row d holds the d-th coordinate of each nonzero element.
NDArray nonzero_rows(const NDArray& a) {
  NDArray m = a.astype(DType::Bool, false);
  int64_t count = 0;
  NDArray cs;
  if (m.size() > 0) {
    cs = cumsum(m, std::nullopt, DType::Int64);
    cs.index(std::vector<IndexItem>{int64_t(-1)}).to_host(&count);
  }
  NDArray rows = empty(Shape{a.ndim(), count}, DType::Int64);
  if (count == 0) return rows;
  static const kernel::ElementwiseDefinition def(
      {.in_params = "bool m, int64 c, int64 nd, int64 cnt, raw int64 dims",
       .out_params = "raw int64 res",
       .operation = "if (m) { long long r = i; for (long long d = nd - 1; d >= 0; --d) { "
                    "res[d * cnt + c - 1] = r % dims[d]; r /= dims[d]; } }",
       .name = "ndgpu_nonzero"});
  Shape dims_shape{a.ndim()};
  NDArray dims = from_host(a.shape().data(), dims_shape, DType::Int64);
  std::vector<Operand> args{m,
                            cs.reshape(a.shape()),
                            Scalar::typed_int(DType::Int64, a.ndim()),
                            Scalar::typed_int(DType::Int64, count),
                            dims,
                            rows};
  kernel::run_elementwise(def, args);
  return rows;
}

}  // namespace

std::vector<NDArray> nonzero(const NDArray& a) {
  if (a.ndim() == 0)
    throw ValueError(
        "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
        "instead. If the context of this error is of the form `arr[nonzero(cond)]`, just use "
        "`arr[cond]`.");
  NDArray rows = nonzero_rows(a);
  std::vector<NDArray> out;
  for (int64_t d = 0; d < a.ndim(); ++d) out.push_back(rows.index(std::vector<IndexItem>{d}));
  return out;
}

std::vector<NDArray> where(const NDArray& condition) {
  return nonzero(condition);
}

NDArray flatnonzero(const NDArray& a) {
  return nonzero(a.reshape(Shape{-1}))[0];
}

NDArray argwhere(const NDArray& a) {
  if (a.ndim() == 0)
    return nonzero_rows(a.reshape(Shape{1}))
        .transpose()
        .index(std::vector<IndexItem>{Slice{}, Slice{0, 0, {}}});
  return nonzero_rows(a).transpose();
}

NDArray take(const NDArray& a, const NDArray& indices, std::optional<int64_t> axis, ClipMode mode) {
  NDArray src = axis ? a : a.reshape(Shape{-1});
  int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  ops::require_integer_indices(indices.dtype());
  if (mode != ClipMode::Raise && src.shape()[ax] == 0 && indices.size() > 0)
    throw IndexError("cannot do a non-empty take from an empty axes.");
  std::vector<ops::IndexedAxis> axes{{src.shape()[ax], src.strides()[ax], ax}};
  std::vector<NDArray> idx{indices};
  Shape rest_shape, result;
  Strides rest_strides;
  for (int d = 0; d < src.ndim(); ++d) {
    if (d == ax) {
      for (int64_t s : indices.shape()) result.push_back(s);
      continue;
    }
    rest_shape.push_back(src.shape()[d]);
    rest_strides.push_back(src.strides()[d]);
    result.push_back(src.shape()[d]);
  }
  NDArray rest(src.storage(), src.offset(), rest_shape, rest_strides, src.dtype());
  NDArray out = empty(result, src.dtype());
  std::vector<int64_t> to_front;
  int nb = indices.ndim();
  for (int d = 0; d < nb; ++d) to_front.push_back(ax + d);
  for (int d = 0; d < int(rest_shape.size()); ++d) to_front.push_back(d < ax ? d : d + nb);
  NDArray front = out.transpose(to_front);
  ops::gather(rest, idx, axes, mode, front);
  return out;
}

NDArray compress(const NDArray& condition, const NDArray& a, std::optional<int64_t> axis) {
  if (condition.ndim() != 1) throw ValueError("condition must be a 1-d array");
  NDArray src = axis ? a : a.reshape(Shape{-1});
  int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  return take(src, nonzero(condition)[0], ax, ClipMode::Raise);
}

NDArray extract(const NDArray& condition, const NDArray& a) {
  NDArray c = condition.reshape(Shape{-1});
  NDArray v = a.reshape(Shape{-1});
  if (c.size() == v.size()) return ops::compact(c, v);
  return take(v, nonzero(c)[0], 0, ClipMode::Raise);
}

}  // namespace ndgpu
