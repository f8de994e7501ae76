// What every numpy.linalg routine on the backend's solver shares: NumPy's dtype and shape
// rules, stacks of matrices laid out for LAPACK, and one SolverCall per matrix.
#pragma once
#include <initializer_list>

#include "ndgpu/backend.hpp"
#include "ndgpu/device.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/linalg_errors.hpp"
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

// lstsq of a 2-D `a` and `b` (m×nrhs) in `t` on LAPACK's gelsd (the CPU backend's), with
// NumPy's rank, singular values and residual rules; x is n×nrhs.
LstsqResult lstsq_gelsd(const NDArray& a, const NDArray& b, DType t, double rcond);

// inv without the singular check: a singular matrix's inverse holds inf or nan (for cond).
NDArray inv_unchecked(const NDArray& a);

// A C-contiguous stack's data and its byte stride between matrices of `elems` elements.
template <class T = void>
T* data_of(const NDArray& stack) {
  return static_cast<T*>(stack.data());
}
inline int64_t stride_of(const NDArray& stack, int64_t elems) {
  return elems * stack.itemsize();
}

// One backend call for a whole stack of `batch` problems (the backend loops or batches).
struct Solver {
  Device device = current_device();
  Backend& backend = backend_for(device);
  SolverCall base(SolverOp op, DType t, int64_t n, int64_t batch) const {
    SolverCall c;
    c.op = op, c.type = *blas_type(t), c.n = n, c.lda = std::max<int64_t>(n, 1);
    c.batch = batch;
    c.stream = current_stream(device);
    c.check = error_mode() == ErrorMode::Raise;  // cupyx.errstate(linalg='ignore'): no read-back
    return c;
  }
  int run(const SolverCall& c) { return backend.solver(device.index, c); }
};

}  // namespace ndgpu::linalg::detail
