// What every numpy.linalg routine on the backend's solver shares: NumPy's dtype and shape
// rules, stacks of matrices laid out for LAPACK, and one SolverCall per matrix.
#pragma once
#include <initializer_list>

#include "ndgpu/backend.hpp"
#include "ndgpu/device.hpp"
#include "ndgpu/ndarray.hpp"
#include "ops/linalg/blas_type.hpp"

namespace ndgpu::linalg::detail {

// NumPy's linalg dtype: integers and bool as float64; float16 refused (TypeError).
DType solver_dtype(DType t);
// LinAlgError unless `a` is a stack of matrices (ndim ≥ 2), and square ones.
void require_stack(const NDArray& a);
void require_square_stack(const NDArray& a);

Shape batch_of(const NDArray& a, int core);
Shape with(Shape s, std::initializer_list<int64_t> tail);
inline int64_t rows(const NDArray& a) {
  return a.shape()[a.ndim() - 2];
}
inline int64_t cols(const NDArray& a) {
  return a.shape()[a.ndim() - 1];
}

// A C-contiguous copy (of `t`, broadcast to `shape`) the solver may overwrite: each matrix
// row-major, which LAPACK reads as its transpose.
NDArray own_stack(const NDArray& a, const Shape& shape, DType t);
// A C-contiguous (…, n, m) copy of the (…, m, n) stack `a`: each matrix column-major.
NDArray column_major_stack(const NDArray& a, DType t);
// The view x[..., :r, :c] and x with its last two axes swapped.
NDArray leading(const NDArray& x, int64_t r, int64_t c);
NDArray swap_last(const NDArray& x);
// eye(n) of `t` repeated over `batch`, C-contiguous.
NDArray identity_stack(const Shape& batch, int64_t n, DType t);

// inv without the singular check: a singular matrix's inverse holds inf or nan (for cond).
NDArray inv_unchecked(const NDArray& a);

// Matrix `i` of a C-contiguous stack of matrices of `elems` elements each.
inline char* matrix(const NDArray& stack, int64_t i, int64_t elems) {
  return static_cast<char*>(stack.data()) + i * elems * stack.itemsize();
}

struct Solver {
  Device device = current_device();
  Backend& backend = backend_for(device);
  SolverCall base(SolverOp op, DType t, int64_t n) const {
    SolverCall c;
    c.op = op, c.type = *blas_type(t), c.n = n, c.lda = std::max<int64_t>(n, 1);
    c.stream = current_stream(device);
    return c;
  }
  int run(const SolverCall& c) { return backend.solver(device.index, c); }
};

}  // namespace ndgpu::linalg::detail
