// Linear algebra: matrix products on the field's libraries (cuBLAS on CUDA, OpenBLAS on the
// CPU backend), with NumPy's shape, dtype and error rules.
#pragma once
#include <optional>
#include <utility>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {

// numpy.matmul: 1-D operands are promoted to a row (left) or a column (right) and the added
// axis removed; leading axes broadcast as a stack of matrices. `out` (exact shape, a
// 'same_kind' cast) receives the result; `dtype` chooses the loop. Integer and bool products
// are exact (a kernel of ndgpu's own); float16/32/64 and complex run on BLAS.
NDArray matmul(const NDArray& a, const NDArray& b, const OptArray& out = {}, OptDType dtype = {});

// numpy.dot: scalars multiply, 1-D·1-D is the inner product, 2-D is matmul, and N-D sums
// over a's last axis and b's second-to-last.
NDArray dot(const NDArray& a, const NDArray& b, const OptArray& out = {});

// numpy.vdot (a conjugated, both flattened), inner (over both last axes), outer (of the
// flattened operands), tensordot (the last/first `axes` axes, or the listed pairs), kron
// and trace (the sum of a diagonal, `offset` above the main one, over axis1 and axis2).
NDArray vdot(const NDArray& a, const NDArray& b);
NDArray inner(const NDArray& a, const NDArray& b);
NDArray outer(const NDArray& a, const NDArray& b);
NDArray tensordot(const NDArray& a, const NDArray& b, int64_t axes = 2);
NDArray tensordot(const NDArray& a, const NDArray& b, const std::vector<int64_t>& a_axes,
                  const std::vector<int64_t>& b_axes);
NDArray kron(const NDArray& a, const NDArray& b);
NDArray trace(const NDArray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1,
              OptDType dtype = {}, const OptArray& out = {});

namespace linalg {
inline NDArray matmul(const NDArray& a, const NDArray& b) {
  return ndgpu::matmul(a, b);
}

// numpy.linalg on cuSOLVER / LAPACK, over stacks of matrices (leading axes broadcast).
// Integers compute in float64; float16 raises TypeError; a singular matrix (solve, inv) or one
// not positive definite (cholesky) raises LinAlgError as NumPy's.
NDArray solve(const NDArray& a, const NDArray& b);  // b: a stack of matrices unless 1-D
NDArray inv(const NDArray& a);
NDArray det(const NDArray& a);
std::pair<NDArray, NDArray> slogdet(const NDArray& a);  // (sign, log|det|)
NDArray cholesky(const NDArray& a);                     // lower, from a's lower triangle
}  // namespace linalg

}  // namespace ndgpu
