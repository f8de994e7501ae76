// Routines that make index arrays: indices, ix_, tri/tril/triu and their index forms,
// diag_indices, mask_indices, unravel_index and ravel_multi_index.
#include <functional>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu {
namespace {

NDArray range(int64_t n, DType dtype = DType::Int64) {
  return arange(Scalar::py_int(0), Scalar::py_int(n), Scalar::py_int(1), dtype);
}

NDArray ufunc(const char* name, const Operand& a, const Operand& b) {
  return call_ufunc(name, std::vector<Operand>{a, b})[0];
}

bool any_true(const NDArray& m) {
  bool r = false;
  if (m.size() > 0) any(m).to_host(&r);
  return r;
}

// The first index where `bad` is true (host reads), for the error message.
int64_t first_where(const NDArray& idx, const NDArray& bad) {
  NDArray at = flatnonzero(bad).index(std::vector<IndexItem>{int64_t(0)});
  int64_t k = 0, v = 0;
  at.to_host(&k);
  idx.reshape(Shape{-1}).index(std::vector<IndexItem>{k}).to_host(&v);
  return v;
}

// Row-major (C) or column-major (F) element strides of `dims`.
std::vector<int64_t> element_strides(std::span<const int64_t> dims, Order order) {
  std::vector<int64_t> s(dims.size(), 1);
  int64_t acc = 1;
  for (size_t k = 0; k < dims.size(); ++k) {
    size_t d = order == Order::C ? dims.size() - 1 - k : k;
    s[d] = acc;
    acc *= dims[d];
  }
  return s;
}

}  // namespace

NDArray indices(std::span<const int64_t> dimensions, DType dtype) {
  Shape shape{int64_t(dimensions.size())};
  shape.insert(shape.end(), dimensions.begin(), dimensions.end());
  NDArray out = empty(shape, dtype);
  std::vector<NDArray> parts = indices_sparse(dimensions, dtype);
  for (size_t d = 0; d < parts.size(); ++d) {
    NDArray row = out.index(std::vector<IndexItem>{int64_t(d)});
    copy_into(row, parts[d]);
  }
  return out;
}

std::vector<NDArray> indices_sparse(std::span<const int64_t> dimensions, DType dtype) {
  std::vector<NDArray> out;
  for (size_t d = 0; d < dimensions.size(); ++d) {
    Shape s(dimensions.size(), 1);
    s[d] = dimensions[d];
    out.push_back(range(dimensions[d], dtype).reshape(s));
  }
  return out;
}

std::vector<NDArray> ix_(std::span<const NDArray> args) {
  std::vector<NDArray> out;
  int64_t nd = int64_t(args.size());
  for (int64_t k = 0; k < nd; ++k) {
    NDArray a = args[size_t(k)];
    if (a.ndim() != 1) throw ValueError("Cross index must be 1 dimensional");
    if (a.dtype() == DType::Bool)
      a = nonzero(a)[0];
    else if (!is_integer(a.dtype()) && a.size() == 0)
      a = a.astype(DType::Int64);
    Shape s(size_t(nd), 1);
    s[size_t(k)] = a.size();
    out.push_back(a.reshape(s));
  }
  return out;
}

NDArray tri(int64_t n, std::optional<int64_t> m, int64_t k, DType dtype) {
  int64_t cols = m.value_or(n);
  NDArray rows = ufunc("add", range(n).reshape(Shape{n, 1}), Scalar::py_int(k));
  NDArray mask = ufunc("greater_equal", rows, range(cols).reshape(Shape{1, cols}));
  return dtype == DType::Bool ? mask : mask.astype(dtype);
}

std::vector<NDArray> tril_indices(int64_t n, int64_t k, std::optional<int64_t> m) {
  return nonzero(tri(n, m, k, DType::Bool));
}

std::vector<NDArray> triu_indices(int64_t n, int64_t k, std::optional<int64_t> m) {
  return nonzero(call_ufunc("logical_not", std::vector<Operand>{tri(n, m, k - 1, DType::Bool)})[0]);
}

std::vector<NDArray> tril_indices_from(const NDArray& arr, int64_t k) {
  if (arr.ndim() != 2) throw ValueError("input array must be 2-d");
  return tril_indices(arr.shape()[0], k, arr.shape()[1]);
}

std::vector<NDArray> triu_indices_from(const NDArray& arr, int64_t k) {
  if (arr.ndim() != 2) throw ValueError("input array must be 2-d");
  return triu_indices(arr.shape()[0], k, arr.shape()[1]);
}

std::vector<NDArray> diag_indices(int64_t n, int64_t ndim) {
  return std::vector<NDArray>(size_t(std::max<int64_t>(ndim, 0)), range(n));
}

std::vector<NDArray> diag_indices_from(const NDArray& arr) {
  if (arr.ndim() < 2) throw ValueError("input array must be at least 2-d");
  for (int64_t s : arr.shape())
    if (s != arr.shape()[0]) throw ValueError("All dimensions of input must be of equal length");
  return diag_indices(arr.shape()[0], arr.ndim());
}

std::vector<NDArray> mask_indices(int64_t n,
                                  const std::function<NDArray(const NDArray&, int64_t)>& mask_func,
                                  int64_t k) {
  NDArray a = mask_func(ones(Shape{n, n}, DType::Int64), k);
  return nonzero(ufunc("not_equal", a, Scalar::py_int(0)));
}

std::vector<NDArray> unravel_index(const NDArray& indices, std::span<const int64_t> shape,
                                   Order order) {
  ops::require_integer_indices(indices.dtype());
  int64_t size = 1;
  for (int64_t d : shape) {
    if (d < 0) throw ValueError("dimensions must be non-negative");
    size *= d;
  }
  NDArray idx = indices.astype(DType::Int64, false);
  NDArray bad = call_ufunc(
      "logical_or", std::vector<Operand>{ufunc("less", idx, Scalar::py_int(0)),
                                         ufunc("greater_equal", idx, Scalar::py_int(size))})[0];
  if (any_true(bad))
    throw ValueError("index " + std::to_string(first_where(idx, bad)) +
                     " is out of bounds for array with size " + std::to_string(size));
  std::vector<int64_t> strides = element_strides(shape, order);
  std::vector<NDArray> out;
  for (size_t d = 0; d < shape.size(); ++d) {
    NDArray q = ufunc("floor_divide", idx, Scalar::typed_int(DType::Int64, strides[d]));
    out.push_back(ufunc("remainder", q, Scalar::typed_int(DType::Int64, shape[d])));
  }
  return out;
}

NDArray ravel_multi_index(std::span<const NDArray> multi_index, std::span<const int64_t> dims,
                          std::span<const ClipMode> modes, Order order) {
  if (multi_index.size() != dims.size())
    throw ValueError("parameter multi_index must be a sequence of length " +
                     std::to_string(dims.size()));
  if (modes.size() != 1 && modes.size() != dims.size())
    throw ValueError("mode must be a single mode or one mode per dimension");
  for (int64_t d : dims)
    if (d < 0) throw ValueError("dimensions must be non-negative");
  std::vector<Shape> shapes;
  for (const auto& m : multi_index) {
    ops::require_integer_indices(m.dtype());
    shapes.push_back(m.shape());
  }
  Shape shape = broadcast_shapes(shapes);
  std::vector<int64_t> strides = element_strides(dims, order);
  NDArray out = zeros(shape, DType::Int64);
  for (size_t d = 0; d < dims.size(); ++d) {
    ClipMode mode = modes[modes.size() == 1 ? 0 : d];
    NDArray idx = multi_index[d].astype(DType::Int64, false);
    Scalar n = Scalar::typed_int(DType::Int64, dims[d]);
    if (mode == ClipMode::Raise) {
      NDArray bad =
          call_ufunc("logical_or", std::vector<Operand>{ufunc("less", idx, Scalar::py_int(0)),
                                                        ufunc("greater_equal", idx, n)})[0];
      if (any_true(bad)) throw ValueError("invalid entry in coordinates array");
    } else if (mode == ClipMode::Wrap) {
      idx = ufunc("remainder", idx, n);
    } else {
      idx = clip(idx, Operand(Scalar::py_int(0)),
                 Operand(Scalar::typed_int(DType::Int64, dims[d] - 1)));
    }
    NDArray term = ufunc("multiply", idx, Scalar::typed_int(DType::Int64, strides[d]));
    std::vector<Operand> args{out, term};
    std::vector<NDArray> into{out};
    call_ufunc("add", args, into);
  }
  return out;
}

}  // namespace ndgpu
