// Writes by flat position: put, place, putmask, fill_diagonal, and put_along_axis. Values
// repeat cyclically as NumPy's do; positions are checked before anything is written.
#include <algorithm>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu {
namespace {

// `values` flattened and cast to `dtype` (NumPy's unsafe cast into the target).
NDArray flat_values(const Operand& values, DType dtype) {
  if (auto* s = std::get_if<Scalar>(&values)) return full(Shape{1}, *s, dtype);
  return std::get<NDArray>(values).reshape(Shape{-1}).astype(dtype, false);
}

// dst.flat[positions[k]] = values[k % len(values)]; positions already in bounds.
void write_cyclic(NDArray& dst, const NDArray& positions, const NDArray& values) {
  static const kernel::ElementwiseDefinition def({.in_params = "int64 k, raw T v, int64 nv",
                                                  .out_params = "raw T dst",
                                                  .operation = "dst[k] = v[i % nv]",
                                                  .name = "ndgpu_put"});
  std::vector<Operand> args{positions, values, Scalar::typed_int(DType::Int64, values.size()), dst};
  kernel::run_elementwise(def, args);
}

}  // namespace

void put(NDArray& a, const NDArray& indices, const Operand& values, ClipMode mode) {
  ops::require_integer_indices(indices.dtype());
  NDArray v = flat_values(values, a.dtype());
  if (indices.size() == 0 || v.size() == 0) return;
  if (a.size() == 0) throw IndexError("cannot replace elements of an empty array");
  NDArray idx = indices.reshape(Shape{-1});
  std::vector<NDArray> list{idx};
  std::vector<ops::IndexedAxis> axes{{a.size(), 1, 0}};  // stride 1: offsets are positions
  NDArray positions = ops::index_offsets(list, axes, mode);
  if (v.storage() == a.storage()) v = v.copy();
  write_cyclic(a, positions, v);
}

void place(NDArray& arr, const NDArray& mask, const Operand& vals) {
  if (mask.size() != arr.size()) throw ValueError("place: mask and data must be the same size");
  NDArray positions = flatnonzero(mask);
  NDArray v = flat_values(vals, arr.dtype());
  if (positions.size() == 0) return;
  if (v.size() == 0) throw ValueError("Cannot insert from an empty array!");
  if (v.storage() == arr.storage()) v = v.copy();
  write_cyclic(arr, positions, v);
}

void putmask(NDArray& a, const NDArray& mask, const Operand& values) {
  if (mask.size() != a.size()) throw ValueError("putmask: mask and data must be the same size");
  NDArray v = flat_values(values, a.dtype());
  if (a.size() == 0 || v.size() == 0) return;
  if (v.storage() == a.storage()) v = v.copy();
  // values[i] goes to position i (not the rank among the true elements, as place).
  static const kernel::ElementwiseDefinition def({.in_params = "bool m, raw T v, int64 nv",
                                                  .out_params = "raw T dst",
                                                  .operation = "if (m) dst[i] = v[i % nv]",
                                                  .name = "ndgpu_putmask"});
  NDArray m = mask.astype(DType::Bool, false).reshape(a.shape());
  std::vector<Operand> args{m, v, Scalar::typed_int(DType::Int64, v.size()), a};
  kernel::run_elementwise(def, args);
}

void fill_diagonal(NDArray& a, const Operand& val, bool wrap) {
  if (a.ndim() < 2) throw ValueError("array must be at least 2-d");
  int64_t step = 1, end = a.size();
  if (a.ndim() == 2) {
    step = a.shape()[1] + 1;
    if (!wrap) end = std::min(end, a.shape()[1] * a.shape()[1]);  // tall matrices stop at n*n
  } else {
    for (int64_t s : a.shape())
      if (s != a.shape()[0]) throw ValueError("All dimensions of input must be of equal length");
    int64_t stride = 1;
    step = 0;
    for (int d = a.ndim() - 1; d >= 0; --d, stride *= a.shape()[0]) step += stride;
  }
  if (end <= 0) return;
  NDArray positions =
      arange(Scalar::py_int(0), Scalar::py_int(end), Scalar::py_int(step), DType::Int64);
  NDArray v = flat_values(val, a.dtype());
  if (v.size() == 0) return;
  if (v.storage() == a.storage()) v = v.copy();
  write_cyclic(a, positions, v);
}

}  // namespace ndgpu
