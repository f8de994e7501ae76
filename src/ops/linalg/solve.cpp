// numpy.linalg's LU and Cholesky family on the backend's solver (cuSOLVER, LAPACK): solve,
// inv, det, slogdet, cholesky, each over stacks of matrices. Row-major matrices are handed
// over as the column-major transposes they are, so no transposing copy is needed.
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/ufunc_functions.hpp"
#include "ops/linalg/small_inv.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg {
namespace {

using namespace detail;

// LU-factors every matrix of `lu` (batch, n, n) in place, pivots into `piv` (batch, n).
// Only a caller that raises reads the infos back (once for the stack).
void factor_stack(Solver& s, NDArray& lu, NDArray& piv, int64_t batch, int64_t n,
                  bool singular_raises) {
  SolverCall c = s.base(SolverOp::Getrf, lu.dtype(), n, batch);
  c.a = data_of(lu), c.stride_a = stride_of(lu, n * n);
  c.ipiv = data_of<int32_t>(piv), c.stride_ipiv = stride_of(piv, n);
  c.check = c.check && singular_raises;
  if (s.run(c) > 0) throw LinAlgError("Singular matrix");
}

// (-1) to the number of row swaps, per matrix: +1 or -1 as `t`.
NDArray pivot_sign(const NDArray& piv, int64_t n, DType t) {
  NDArray order = arange(Scalar::py_int(1), Scalar::py_int(n + 1), Scalar::py_int(1), DType::Int64);
  const Operand ne[2] = {piv, order};
  NDArray swaps = sum(call_ufunc("not_equal", ne)[0], std::vector<int64_t>{-1});
  const Operand parity[2] = {swaps, Scalar::py_int(2)};
  const Operand twice[2] = {call_ufunc("remainder", parity)[0], Scalar::py_int(-2)};
  const Operand one[2] = {call_ufunc("multiply", twice)[0], Scalar::py_int(1)};
  return call_ufunc("add", one)[0].astype(t);
}

// The diagonals of a (batch, n, n) stack, as a (batch, n) view.
NDArray diagonals(const NDArray& stack, int64_t batch, int64_t n) {
  const int64_t isz = stack.itemsize();
  return NDArray(stack.storage(), stack.offset(), Shape{batch, n},
                 Strides{n * n * isz, (n + 1) * isz}, stack.dtype(),
                 std::make_shared<const NDArray>(stack));
}

// A stack LU-factored in place, for det and slogdet (a singular matrix is no error there).
struct Factored {
  Shape batch;
  int64_t nb = 0, n = 0;
  DType t = DType::Float64;
  NDArray lu, piv;  // undefined when the stack or its matrices are empty
};
Factored lu_factor(const NDArray& a) {
  require_square_stack(a);
  Factored f;
  f.n = a.shape()[a.ndim() - 1];
  f.t = solver_dtype(a.dtype());
  f.batch = batch_of(a, 2);
  f.nb = shape_size(f.batch);
  if (f.nb == 0 || f.n == 0) return f;
  f.lu = own_stack(a, with(f.batch, {f.n, f.n}), f.t);
  f.piv = NDArray::empty(Shape{f.nb, f.n}, DType::Int32);
  Solver s;
  factor_stack(s, f.lu, f.piv, f.nb, f.n, false);
  return f;
}

NDArray solve_stack(const NDArray& a, const NDArray& b, bool singular_raises) {
  require_square_stack(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const DType t = solver_dtype(promote_types(a.dtype(), b.dtype()));
  const bool vector = b.ndim() == 1;  // NumPy 2: b is a stack of matrices unless 1-D
  const NDArray bm = vector ? b.reshape(Shape{b.shape()[0], 1}) : b;
  if (bm.ndim() < 2 || bm.shape()[bm.ndim() - 2] != n)
    throw ValueError("solve: Input operand 1 has a mismatch in its core dimension 0 (size " +
                     std::to_string(bm.ndim() < 2 ? 0 : bm.shape()[bm.ndim() - 2]) +
                     " is different from " + std::to_string(n) + ")");
  const int64_t k = bm.shape()[bm.ndim() - 1];
  const Shape batch = broadcast_shapes(std::vector<Shape>{batch_of(a, 2), batch_of(bm, 2)});
  const int64_t nb = shape_size(batch);
  Shape result = with(batch, {n, k});
  if (nb == 0 || n == 0 || k == 0) {
    NDArray r = zeros(result, t);
    return vector ? r.reshape(with(batch, {n})) : r;
  }
  NDArray lu = own_stack(a, with(batch, {n, n}), t);
  // Each right-hand side as a column-major n×k matrix: the transposed stack, C-contiguous.
  std::vector<int64_t> swap;
  for (int d = 0; d < int(batch.size()); ++d) swap.push_back(d);
  swap.push_back(int64_t(batch.size()) + 1), swap.push_back(int64_t(batch.size()));
  NDArray x = bm.broadcast_to(result).transpose(swap).astype(t, true, Order::C);
  NDArray piv = NDArray::empty(Shape{nb, n}, DType::Int32);
  Solver s;
  factor_stack(s, lu, piv, nb, n, singular_raises);
  SolverCall c = s.base(SolverOp::Getrs, t, n, nb);
  c.nrhs = k, c.trans = true, c.check = false;  // the buffer holds Aᵀ column-major
  c.a = data_of(lu), c.stride_a = stride_of(lu, n * n);
  c.ipiv = data_of<int32_t>(piv), c.stride_ipiv = stride_of(piv, n);
  c.b = data_of(x), c.stride_b = stride_of(x, n * k), c.ldb = n;
  s.run(c);
  NDArray r = x.transpose(swap).copy();
  return vector ? r.reshape(with(batch, {n})) : r;
}

}  // namespace

NDArray solve(const NDArray& a, const NDArray& b) {
  return solve_stack(a, b, true);
}

NDArray detail::inv_unchecked(const NDArray& a) {
  require_square_stack(a);
  return solve_stack(a, eye(cols(a), std::nullopt, 0, solver_dtype(a.dtype())), false);
}

NDArray inv(const NDArray& a) {
  require_square_stack(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const DType t = solver_dtype(a.dtype());
  check_device(a.device());
  if (small_inv_wanted(a.device(), t, n, n ? a.size() / (n * n) : 0)) return small_inv(a, t);
  return solve(a, eye(n, std::nullopt, 0, t));
}

std::pair<NDArray, NDArray> slogdet(const NDArray& a) {
  const Factored f = lu_factor(a);
  if (!f.lu.defined())
    return {full(f.batch, Scalar::py_int(1), f.t), zeros(f.batch, real_dtype(f.t))};
  const NDArray d = diagonals(f.lu, f.nb, f.n);
  const Operand d1[1] = {d};
  const Operand magnitude[1] = {call_ufunc("absolute", d1)[0]};
  NDArray logabs = sum(call_ufunc("log", magnitude)[0], std::vector<int64_t>{-1});
  const Operand sign_in[2] = {prod(call_ufunc("sign", d1)[0], std::vector<int64_t>{-1}),
                              pivot_sign(f.piv, f.n, f.t)};
  NDArray sign = call_ufunc("multiply", sign_in)[0];
  return {sign.reshape(f.batch), logabs.reshape(f.batch)};
}

NDArray det(const NDArray& a) {
  const Factored f = lu_factor(a);
  if (!f.lu.defined()) return ones(f.batch, f.t);
  const Operand d[2] = {prod(diagonals(f.lu, f.nb, f.n), std::vector<int64_t>{-1}),
                        pivot_sign(f.piv, f.n, f.t)};
  return call_ufunc("multiply", d)[0].reshape(f.batch);
}

NDArray cholesky(const NDArray& a, bool upper) {
  if (upper) {  // U = Lᴴ for the L of Aᴴ, whose lower triangle is A's upper one
    NDArray ah =
        is_complex(a.dtype()) ? conj(ndgpu::matrix_transpose(a)) : ndgpu::matrix_transpose(a);
    NDArray u = ndgpu::matrix_transpose(cholesky(ah, false));
    return is_complex(u.dtype()) ? conj(u) : ascontiguousarray(u);
  }
  require_square_stack(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const DType t = solver_dtype(a.dtype());
  const Shape batch = batch_of(a, 2);
  const int64_t nb = shape_size(batch);
  NDArray l = own_stack(a, with(batch, {n, n}), t);
  if (nb == 0 || n == 0) return l;
  // The buffer holds Aᵀ column-major: its upper factor U (Aᵀ = Uᴴ U), read row-major, is
  // the lower L with A = L Lᴴ, from A's lower triangle as NumPy reads it.
  Solver s;
  SolverCall c = s.base(SolverOp::Potrf, t, n, nb);
  c.a = data_of(l), c.stride_a = stride_of(l, n * n), c.lower = false;
  if (s.run(c) > 0) throw LinAlgError("Matrix is not positive definite");
  return tril(l);
}

}  // namespace ndgpu::linalg
