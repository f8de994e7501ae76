// numpy.linalg.lstsq on LAPACK's gelsd, the driver NumPy itself calls: the minimum-norm
// solution by a divide-and-conquer SVD, singular values at most rcond × the largest dropped.
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg::detail {

LstsqResult lstsq_gelsd(const NDArray& a, const NDArray& b, DType t, double rcond) {
  const int64_t m = rows(a), n = cols(a), big = std::max(m, n);
  // LAPACK takes no empty right-hand side: a zero column stands in (NumPy does the same).
  const int64_t nrhs = std::max<int64_t>(cols(b), 1);
  NDArray work = column_major_stack(a, t);  // (n, m): A column-major
  // B column-major with room for max(m, n) rows: X comes back in its first n.
  NDArray rhs = zeros(Shape{nrhs, big}, t);
  const Index head[2] = {Slice{0, cols(b), {}}, Slice{0, m, {}}};
  setitem(rhs, head, swap_last(b));
  LstsqResult out;
  out.s = NDArray::empty(Shape{std::min(m, n)}, real_dtype(t));
  NDArray rank = zeros(Shape{}, DType::Int64);
  Solver s;
  SolverCall c = s.base(SolverOp::Gelsd, t, n, 1);
  c.m = m, c.nrhs = nrhs, c.lda = std::max<int64_t>(m, 1), c.ldb = std::max<int64_t>(big, 1);
  c.a = data_of(work), c.b = data_of(rhs), c.w = data_of(out.s);
  c.rcond = rcond, c.rank = data_of<int64_t>(rank);
  if (s.run(c) != 0) throw LinAlgError("SVD did not converge in Linear Least Squares");
  rank.to_host(&out.rank);
  out.x = swap_last(leading(rhs, cols(b), n)).copy();
  // Residuals only for a full-rank, overdetermined system (NumPy's rule): B's last m - n rows.
  if (out.rank == n && m > n) {
    const IndexItem tail[2] = {Slice{0, cols(b), {}}, Slice{n, {}, {}}};
    const Operand magnitude[1] = {rhs.index(tail)};
    const Operand squares[1] = {call_ufunc("absolute", magnitude)[0]};
    out.residuals = sum(call_ufunc("square", squares)[0], std::vector<int64_t>{-1});
  } else {
    out.residuals = NDArray::empty(Shape{0}, real_dtype(t));
  }
  return out;
}

}  // namespace ndgpu::linalg::detail
