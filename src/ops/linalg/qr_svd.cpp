// numpy.linalg.qr and svd on the backend's solver (geqrf + orgqr/ungqr, gesvd), per matrix of
// a stack. LAPACK sees each matrix column-major: a row-major copy is the transpose for free,
// which the SVD uses to keep its matrices at least as tall as wide (cuSOLVER's gesvd needs it).
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg {

using namespace detail;

std::pair<NDArray, NDArray> qr(const NDArray& a, const std::string& mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r" && mode != "raw")
    throw ValueError("Unrecognized mode '" + mode + "'");
  require_stack(a);
  const int64_t m = rows(a), n = cols(a), k = std::min(m, n);
  const DType t = solver_dtype(a.dtype());
  const Shape batch = batch_of(a, 2);
  const int64_t nb = shape_size(batch);
  NDArray h = column_major_stack(a, t);  // (…, n, m): the reflectors after geqrf
  NDArray tau = NDArray::empty(with(batch, {k}), t);
  Solver s;
  for (int64_t i = 0; i < nb && k > 0; ++i) {
    SolverCall c = s.base(SolverOp::Geqrf, t, n);
    c.m = m, c.lda = std::max<int64_t>(m, 1);
    c.a = matrix(h, i, m * n), c.tau = matrix(tau, i, k);
    s.run(c);
  }
  if (mode == "raw") return {h, tau};
  const bool complete = mode == "complete";
  NDArray r = triu(leading(swap_last(h), complete ? m : k, n));
  if (mode == "r") return {r, NDArray()};
  const int64_t q_cols = complete ? m : k;
  if (k == 0) return {complete ? identity_stack(batch, m, t) : zeros(with(batch, {m, 0}), t), r};
  // Q's columns start as the reflectors: n of them when m > n (and m in all for complete).
  NDArray q;
  if (q_cols <= n) {
    q = leading(h, q_cols, m).copy();
  } else {
    const NDArray parts[2] = {h, zeros(with(batch, {q_cols - n, m}), t)};
    q = concatenate(parts, -2);
  }
  for (int64_t i = 0; i < nb; ++i) {
    SolverCall c = s.base(SolverOp::Orgqr, t, q_cols);
    c.m = m, c.nrhs = k, c.lda = m;
    c.a = matrix(q, i, m * q_cols), c.tau = matrix(tau, i, k);
    s.run(c);
  }
  return {swap_last(q).copy(), r};
}

SVDResult svd(const NDArray& a, bool full_matrices, bool compute_uv, bool) {
  // hermitian=True asks only for a faster route to the same factorisation: gesvd serves it.
  require_stack(a);
  const int64_t m = rows(a), n = cols(a), k = std::min(m, n);
  const DType t = solver_dtype(a.dtype());
  const Shape batch = batch_of(a, 2);
  const int64_t nb = shape_size(batch);
  // LAPACK's matrix is M×N with M ≥ N: Aᵀ (the row-major copy) when A is wide, else A.
  const bool wide = n >= m;
  const int64_t big = std::max(m, n), u_cols = full_matrices ? big : k;
  NDArray work = wide ? own_stack(a, with(batch, {m, n}), t) : column_major_stack(a, t);
  NDArray sv = NDArray::empty(with(batch, {k}), real_dtype(t));
  NDArray u, vt;  // column-major: big×u_cols and k×k
  if (compute_uv) {
    u = NDArray::empty(with(batch, {u_cols, big}), t);
    vt = NDArray::empty(with(batch, {k, k}), t);
  }
  Solver s;
  for (int64_t i = 0; i < nb && k > 0; ++i) {
    SolverCall c = s.base(SolverOp::Gesvd, t, k);
    c.m = big, c.lda = big, c.job = !compute_uv ? 'N' : full_matrices ? 'A' : 'S';
    c.a = matrix(work, i, m * n), c.w = matrix(sv, i, k);
    if (compute_uv) c.u = matrix(u, i, big * u_cols), c.vt = matrix(vt, i, k * k);
    c.ldu = big, c.ldvt = std::max<int64_t>(k, 1);
    if (s.run(c) != 0) throw LinAlgError("SVD did not converge");
  }
  if (!compute_uv) return {NDArray(), sv, NDArray()};
  if (k == 0) {
    NDArray eu = full_matrices ? identity_stack(batch, m, t) : zeros(with(batch, {m, 0}), t);
    NDArray ev = full_matrices ? identity_stack(batch, n, t) : zeros(with(batch, {0, n}), t);
    return {eu, sv, ev};
  }
  // Aᵀ = U' S V'ᴴ gives A = (V'ᴴ)ᵀ S U'ᵀ: each factor is the other's buffer read row-major.
  if (wide) return {vt, sv, u};
  return {swap_last(u).copy(), sv, swap_last(vt).copy()};
}

NDArray svdvals(const NDArray& a) {
  return svd(a, false, false).S;
}

}  // namespace ndgpu::linalg
