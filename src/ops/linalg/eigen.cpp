// numpy.linalg.eigh/eigvalsh (syevd, heevd) and eig/eigvals (geev) per matrix of a stack. Each
// matrix goes column-major, so LAPACK's triangle is NumPy's UPLO and its eigenvector columns
// come back as the rows of the buffer.
#include <string>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg {
namespace {

using namespace detail;

std::pair<NDArray, NDArray> hermitian_eigen(const NDArray& a, const std::string& uplo,
                                            bool vectors) {
  if (uplo != "L" && uplo != "U") throw ValueError("UPLO argument must be 'L' or 'U'");
  require_square_stack(a);
  const int64_t n = cols(a);
  const DType t = solver_dtype(a.dtype());
  const Shape batch = batch_of(a, 2);
  const int64_t nb = shape_size(batch);
  NDArray v = column_major_stack(a, t);
  NDArray w = NDArray::empty(with(batch, {n}), real_dtype(t));
  Solver s;
  if (nb > 0 && n > 0) {
    SolverCall c = s.base(SolverOp::Syevd, t, n, nb);
    c.lower = uplo == "L", c.vectors = vectors;
    c.a = data_of(v), c.stride_a = stride_of(v, n * n);
    c.w = data_of(w), c.stride_w = stride_of(w, n);
    if (s.run(c) != 0) throw LinAlgError("Eigenvalues did not converge");
  }
  return {w, vectors ? swap_last(v).copy() : NDArray()};
}

DType complex_of(DType t) {
  return t == DType::Float32 ? DType::Complex64 : DType::Complex128;
}

// Real geev's results as NumPy's complex ones: w = wr + i·wi; a pair of columns (j, j+1) with
// wi[j] > 0 holds the real and imaginary parts of v_j, and v_{j+1} is its conjugate.
std::pair<NDArray, NDArray> complex_pairs(const NDArray& wr, const NDArray& wi, const NDArray& vr,
                                          int64_t n) {
  static const kernel::ElementwiseDefinition join({.in_params = "T re, T im",
                                                   .out_params = "C z",
                                                   .operation = "z = C(re, im)",
                                                   .name = "ndgpu_eig_values"});
  const DType c = complex_of(wr.dtype());
  NDArray w = NDArray::empty(wr.shape(), c);
  std::vector<Operand> wargs{wr, wi, w};
  kernel::run_elementwise(join, wargs);
  if (!vr.defined()) return {w, NDArray()};
  static const kernel::ElementwiseDefinition unpack(
      {.in_params = "raw T vr, raw T wi, int64 side",
       .out_params = "C v",
       .operation = "long long r = i % side, j = (i / side) % side, b = i / (side * side);\n"
                    "long long at = b * side * side + j * side + r;\n"
                    "T im = wi[b * side + j];\n"
                    "if (im > T(0)) v = C(vr[at], vr[at + side]);\n"
                    "else if (im < T(0)) v = C(vr[at - side], -vr[at]);\n"
                    "else v = C(vr[at], T(0))",
       .name = "ndgpu_eig_vectors"});
  NDArray v = NDArray::empty(vr.shape(), c);
  std::vector<Operand> vargs{vr, wi.copy(), Scalar::py_int(n), v};
  kernel::run_elementwise(unpack, vargs);
  return {w, v};
}

std::pair<NDArray, NDArray> general_eigen(const NDArray& a, bool vectors) {
  require_square_stack(a);
  const int64_t n = cols(a);
  const DType t = solver_dtype(a.dtype());
  const bool real = !is_complex(t);
  const Shape batch = batch_of(a, 2);
  const int64_t nb = shape_size(batch);
  NDArray work = column_major_stack(a, t);
  NDArray w = NDArray::empty(with(batch, {real ? 2 * n : n}), t);
  NDArray vr = vectors ? NDArray::empty(with(batch, {n, n}), t) : NDArray();
  Solver s;
  if (nb > 0 && n > 0) {
    SolverCall c = s.base(SolverOp::Geev, t, n, nb);
    c.vectors = vectors;
    c.a = data_of(work), c.stride_a = stride_of(work, n * n);
    c.w = data_of(w), c.stride_w = stride_of(w, real ? 2 * n : n);
    if (vectors) c.u = data_of(vr), c.stride_u = stride_of(vr, n * n), c.ldu = n;
    if (s.run(c) != 0) throw LinAlgError("Eigenvalues did not converge");
  }
  if (!real) return {w, vectors ? swap_last(vr).copy() : NDArray()};
  // Real parts, then imaginary parts; real results when every eigenvalue is real (NumPy).
  NDArray parts = w.reshape(with(batch, {2, n}));
  const IndexItem re[3] = {EllipsisIndex{}, int64_t(0), Slice{}};
  const IndexItem im[3] = {EllipsisIndex{}, int64_t(1), Slice{}};
  NDArray wr = parts.index(re), wi = parts.index(im);
  const Operand zero_test[2] = {wi, Scalar::py_int(0)};
  NDArray is_real = all(call_ufunc("equal", zero_test)[0]);
  bool all_real = false;
  is_real.to_host(&all_real);
  if (all_real) return {wr.copy(), vectors ? swap_last(vr).copy() : NDArray()};
  auto [cw, cv] = complex_pairs(wr, wi, vr, n);
  return {cw, vectors ? swap_last(cv).copy() : NDArray()};
}

}  // namespace

std::pair<NDArray, NDArray> eigh(const NDArray& a, const std::string& UPLO) {
  return hermitian_eigen(a, UPLO, true);
}

NDArray eigvalsh(const NDArray& a, const std::string& UPLO) {
  return hermitian_eigen(a, UPLO, false).first;
}

std::pair<NDArray, NDArray> eig(const NDArray& a) {
  return general_eigen(a, true);
}

NDArray eigvals(const NDArray& a) {
  return general_eigen(a, false).first;
}

}  // namespace ndgpu::linalg
