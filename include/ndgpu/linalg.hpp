// Linear algebra: matrix products on the field's libraries (cuBLAS on CUDA, OpenBLAS on the
// CPU backend), with NumPy's shape, dtype and error rules.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "ndgpu/indexing.hpp"
#include "ndgpu/math_routines.hpp"
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

// numpy.diagonal, triu and tril are in ndgpu/indexing.hpp; numpy.cross in
// ndgpu/math_routines.hpp.

// NumPy 2's gufuncs vecdot (conj(x1)·x2 along `axis` of both), matvec (x1 (..., m, n) times
// x2 (..., n)) and vecmat (conj(x1) (..., n) times x2 (..., n, m)): leading axes broadcast,
// NumPy's ValueErrors for missing or mismatched core dimensions, `out` and `dtype` as matmul's.
NDArray vecdot(const NDArray& x1, const NDArray& x2, int64_t axis = -1, const OptArray& out = {},
               OptDType dtype = {});
NDArray matvec(const NDArray& x1, const NDArray& x2, const OptArray& out = {}, OptDType dtype = {});
NDArray vecmat(const NDArray& x1, const NDArray& x2, const OptArray& out = {}, OptDType dtype = {});

// numpy.einsum: explicit ("ij,jk->ik") or implicit output, "..." for broadcast axes, repeated
// labels for diagonals and traces; operands contracted pairwise (smallest result first) by
// batched matmul. The result has the operands' result_type, or `dtype`; `out` receives it.
NDArray einsum(const std::string& subscripts, std::span<const NDArray> operands,
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
// Lower, from a's lower triangle; upper: Lᴴ's counterpart U (A = Uᴴ U) from the upper one.
NDArray cholesky(const NDArray& a, bool upper = false);

// QR: `mode` "reduced" (Q m×k, R k×n, k = min(m, n)), "complete" (Q m×m, R m×n), "r" (R
// alone, second undefined) or "raw" (LAPACK's reflectors h, n×m, and tau).
std::pair<NDArray, NDArray> qr(const NDArray& a, const std::string& mode = "reduced");
// SVD: (U, S, Vh) with A = U diag(S) Vh, S descending; U and Vh undefined without
// `compute_uv`. LinAlgError "SVD did not converge" as NumPy's. `hermitian`: NumPy's route
// through eigh (A square; its lower triangle read; full_matrices moot).
struct SVDResult {
  NDArray U, S, Vh;
};
SVDResult svd(const NDArray& a, bool full_matrices = true, bool compute_uv = true,
              bool hermitian = false);
NDArray svdvals(const NDArray& a);
// Hermitian eigenproblems from the `UPLO` ("L" or "U") triangle: ascending real eigenvalues
// and the eigenvectors as columns.
std::pair<NDArray, NDArray> eigh(const NDArray& a, const std::string& UPLO = "L");
NDArray eigvalsh(const NDArray& a, const std::string& UPLO = "L");
// General eigenproblems: complex eigenvalues and right eigenvectors (columns, unit norm);
// a real input whose eigenvalues are all real gets real results, as NumPy's.
std::pair<NDArray, NDArray> eig(const NDArray& a);
NDArray eigvals(const NDArray& a);

// On the SVD: matrix_rank (singular values above tol, or rtol × the largest; default
// max(m, n)·eps), pinv (singular values below rcond (or rtol) × the largest dropped; default
// 1e-15), lstsq (2-D a; rank and residuals as NumPy's, rcond default eps·max(m, n); on the
// CPU LAPACK's gelsd in double precision as NumPy, on CUDA the SVD in the inputs' type) and cond
// (ratio of extreme singular values for p None/±2; ‖x‖·‖x⁻¹‖ otherwise, inf when singular).
NDArray matrix_rank(const NDArray& a, std::optional<double> tol = std::nullopt,
                    bool hermitian = false, std::optional<double> rtol = std::nullopt);
NDArray pinv(const NDArray& a, std::optional<double> rcond = std::nullopt, bool hermitian = false,
             std::optional<double> rtol = std::nullopt);
struct LstsqResult {
  NDArray x, residuals;
  int64_t rank = 0;
  NDArray s;
};
LstsqResult lstsq(const NDArray& a, const NDArray& b, std::optional<double> rcond = std::nullopt);
NDArray cond(const NDArray& x, const NormOrder& p = {});

// matrix_power (inv first for n < 0), tensorinv (a's first `ind` axes against the rest),
// tensorsolve (x with tensordot(a, x, x.ndim) == b) and multi_dot (the cheapest product order).
NDArray matrix_power(const NDArray& a, int64_t n);
NDArray tensorinv(const NDArray& a, int64_t ind = 2);
NDArray tensorsolve(const NDArray& a, const NDArray& b,
                    const std::optional<std::vector<int64_t>>& axes = std::nullopt);
NDArray multi_dot(std::span<const NDArray> arrays, const OptArray& out = {});

// The array API's linalg functions: cross of 3-vectors, vecdot (conj(x1)·x2 along `axis`),
// vector_norm (over any axes; ord a number), matrix_norm ('fro' by default), and the last two
// axes' transpose, diagonal and trace; outer of 1-D arrays only.
NDArray cross(const NDArray& x1, const NDArray& x2, int64_t axis = -1);
NDArray vecdot(const NDArray& x1, const NDArray& x2, int64_t axis = -1);
NDArray vector_norm(const NDArray& x, const Axes& axis = {}, bool keepdims = false, double ord = 2);
NDArray matrix_norm(const NDArray& x, bool keepdims = false, const NormOrder& ord = {});
NDArray matrix_transpose(const NDArray& x);
NDArray outer(const NDArray& x1, const NDArray& x2);
NDArray diagonal(const NDArray& x, int64_t offset = 0);
NDArray trace(const NDArray& x, int64_t offset = 0, OptDType dtype = {});
}  // namespace linalg

}  // namespace ndgpu
