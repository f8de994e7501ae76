#include "ops/linalg/solver_stack.hpp"

#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::linalg::detail {

DType solver_dtype(DType t) {
  if (t == DType::Float16) throw TypeError("array type float16 is unsupported in linalg");
  return is_inexact(t) ? t : DType::Float64;
}

void require_stack(const NDArray& a) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) +
                      "-dimensional array given. Array must be at least two-dimensional");
}

void require_square_stack(const NDArray& a) {
  require_stack(a);
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
}

Shape batch_of(const NDArray& a, int core) {
  return Shape(a.shape().begin(), a.shape().end() - core);
}

Shape with(Shape s, std::initializer_list<int64_t> tail) {
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

NDArray own_stack(const NDArray& a, const Shape& shape, DType t) {
  return a.broadcast_to(shape).astype(t, true, Order::C);
}

NDArray swap_last(const NDArray& x) {
  return swapaxes(x, -1, -2);
}

NDArray column_major_stack(const NDArray& a, DType t) {
  return swap_last(a).astype(t, true, Order::C);
}

NDArray leading(const NDArray& x, int64_t r, int64_t c) {
  Shape shape = x.shape();
  shape[shape.size() - 2] = r, shape[shape.size() - 1] = c;
  return NDArray(x.storage(), x.offset(), shape, x.strides(), x.dtype(),
                 std::make_shared<const NDArray>(x));
}

NDArray identity_stack(const Shape& batch, int64_t n, DType t) {
  return eye(n, std::nullopt, 0, t).broadcast_to(with(batch, {n, n})).copy();
}

}  // namespace ndgpu::linalg::detail
