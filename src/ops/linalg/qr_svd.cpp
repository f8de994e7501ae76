// numpy.linalg.qr and svd on the backend's solver (geqrf + orgqr/ungqr, gesvd), per matrix of
// a stack. LAPACK sees each matrix column-major: a row-major copy is the transpose for free,
// which the SVD uses to keep its matrices at least as tall as wide (cuSOLVER's gesvd needs it).
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg {

using namespace detail;

namespace {

NDArray ufunc(const char* name, std::initializer_list<Operand> args) {
  return call_ufunc(name, std::vector<Operand>(args))[0];
}

// NumPy's hermitian route: A = U diag(w) Uᴴ from eigh, singular values |w| in descending
// order, and each eigenvalue's sign moved into Vᴴ (full_matrices is moot: A is square).
SVDResult hermitian_svd(const NDArray& a, bool compute_uv) {
  if (!compute_uv) {
    const NDArray s = ufunc("absolute", {eigvalsh(a)});
    return {NDArray(), flip(sort(s), AxisList{-1}), NDArray()};
  }
  auto [w, u] = eigh(a);
  const NDArray order = flip(argsort(ufunc("absolute", {w})), AxisList{-1});
  const NDArray sw = take_along_axis(w, order, -1);
  const NDArray su = take_along_axis(u, expand_dims(order, {-2}), -1);
  const NDArray signed_u = ufunc("multiply", {su, expand_dims(ufunc("sign", {sw}), {-2})});
  NDArray vh = swap_last(signed_u);
  if (is_complex(vh.dtype())) vh = ufunc("conjugate", {vh});
  return {su, ufunc("absolute", {sw}), vh.copy()};
}

}  // namespace

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
  if (nb > 0 && k > 0) {
    SolverCall c = s.base(SolverOp::Geqrf, t, n, nb);
    c.m = m, c.lda = std::max<int64_t>(m, 1), c.check = false;
    c.a = data_of(h), c.stride_a = stride_of(h, m * n);
    c.tau = data_of(tau), c.stride_tau = stride_of(tau, k);
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
  if (nb > 0) {
    SolverCall c = s.base(SolverOp::Orgqr, t, q_cols, nb);
    c.m = m, c.nrhs = k, c.lda = m, c.check = false;
    c.a = data_of(q), c.stride_a = stride_of(q, m * q_cols);
    c.tau = data_of(tau), c.stride_tau = stride_of(tau, k);
    s.run(c);
  }
  return {swap_last(q).copy(), r};
}

SVDResult svd(const NDArray& a, bool full_matrices, bool compute_uv, bool hermitian) {
  if (hermitian) return hermitian_svd(a, compute_uv);
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
  if (nb > 0 && k > 0) {
    SolverCall c = s.base(SolverOp::Gesvd, t, k, nb);
    c.m = big, c.lda = big, c.job = !compute_uv ? 'N' : full_matrices ? 'A' : 'S';
    c.a = data_of(work), c.stride_a = stride_of(work, m * n);
    c.w = data_of(sv), c.stride_w = stride_of(sv, k);
    if (compute_uv) {
      c.u = data_of(u), c.stride_u = stride_of(u, big * u_cols);
      c.vt = data_of(vt), c.stride_vt = stride_of(vt, k * k);
    }
    c.ldu = big, c.ldvt = std::max<int64_t>(k, 1);
    if (s.run(c) != 0) throw LinAlgError("SVD did not converge");
    // Jacobi's SVD (CUDA) reports no failure for NaN input; NumPy raises there.
    bool has_nan = false;
    if (c.check) any(ufunc("isnan", {sv})).to_host(&has_nan);
    if (has_nan) throw LinAlgError("SVD did not converge");
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
