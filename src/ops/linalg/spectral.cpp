// numpy.linalg's routines on the SVD: matrix_rank, pinv, lstsq and cond (the inverse's norm
// for the other orders). Thresholds and NaN handling follow NumPy's own definitions. lstsq
// runs LAPACK's gelsd, NumPy's own driver, where the backend has it (the CPU).
#include <cmath>
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ops/linalg/solver_stack.hpp"

namespace ndgpu::linalg {
namespace {

using namespace detail;

NDArray ufunc(const char* name, std::initializer_list<Operand> args) {
  return call_ufunc(name, std::vector<Operand>(args))[0];
}

double eps(DType t) {
  return real_dtype(t) == DType::Float32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
}

NDArray conj_t(const NDArray& x) {
  return swap_last(is_complex(x.dtype()) ? ufunc("conjugate", {x}) : x);
}

// 1/s where s exceeds `cutoff` (broadcast against s), else 0: the pseudo-inverse's diagonal.
NDArray inverse_above(const NDArray& s, const NDArray& cutoff) {
  const NDArray large = ufunc("greater", {s, cutoff});
  const NDArray safe = where(large, s, Scalar::py_int(1));
  return where(large, ufunc("reciprocal", {safe}), Scalar::py_int(0));
}

}  // namespace

NDArray matrix_rank(const NDArray& a, std::optional<double> tol, bool hermitian,
                    std::optional<double> rtol) {
  if (tol && rtol) throw ValueError("`tol` and `rtol` can't be both set.");
  if (a.ndim() < 2) {
    const NDArray nonzero = any(ufunc("not_equal", {a, Scalar::py_int(0)}));
    return nonzero.astype(DType::Int64);
  }
  const NDArray s = svd(a, false, false, hermitian).S;
  NDArray limit;
  if (tol) {
    limit = full(Shape{}, Scalar::py_float(*tol), s.dtype());
  } else {
    const double r = rtol ? *rtol : double(std::max(rows(a), cols(a))) * eps(s.dtype());
    limit = ufunc("multiply", {amax(s, std::vector<int64_t>{-1}, {}, true), Scalar::py_float(r)});
  }
  return count_nonzero(ufunc("greater", {s, limit}), std::vector<int64_t>{-1});
}

NDArray pinv(const NDArray& a, std::optional<double> rcond, bool hermitian,
             std::optional<double> rtol) {
  if (rcond && rtol) throw ValueError("`rtol` and `rcond` can't be both set.");
  require_stack(a);
  const DType t = solver_dtype(a.dtype());
  if (a.size() == 0) return NDArray::empty(with(batch_of(a, 2), {cols(a), rows(a)}), t);
  const double r = rcond ? *rcond : rtol ? *rtol : 1e-15;
  SVDResult f = svd(a, false, true, hermitian);
  const NDArray cutoff =
      ufunc("multiply", {amax(f.S, std::vector<int64_t>{-1}, {}, true), Scalar::py_float(r)});
  const NDArray inv_s = inverse_above(f.S, cutoff).astype(t);
  // A⁺ = V diag(1/s) Uᴴ, the columns of V scaled.
  const NDArray v_scaled = ufunc("multiply", {conj_t(f.Vh), expand_dims(inv_s, {-2})});
  return ndgpu::matmul(v_scaled, conj_t(f.U));
}

LstsqResult lstsq(const NDArray& a, const NDArray& b, std::optional<double> rcond) {
  const bool vector = b.ndim() == 1;
  const NDArray b2 = vector ? b.reshape(Shape{b.size(), 1}) : b;
  if (a.ndim() != 2 || b2.ndim() != 2)
    throw LinAlgError(std::to_string(a.ndim() != 2 ? a.ndim() : b2.ndim()) +
                      "-dimensional array given. Array must be two-dimensional");
  const int64_t m = a.shape()[0], n = a.shape()[1], nrhs = b2.shape()[1];
  if (b2.shape()[0] != m) throw LinAlgError("Incompatible dimensions");
  const DType t = solver_dtype(promote_types(a.dtype(), b.dtype()));
  const DType rt = real_dtype(t);
  const double r = rcond ? *rcond : eps(t) * double(std::max(m, n));
  // NumPy's own computation: double precision whatever the input, eps(double) by default,
  // results cast back to the inputs' type (on CUDA too, so rank decisions agree).
  const DType wide = is_complex(t) ? DType::Complex128 : DType::Float64;
  auto narrowed = [&](LstsqResult out) {
    out.x = out.x.astype(t, false).reshape(vector ? Shape{n} : Shape{n, nrhs});
    out.s = out.s.astype(rt, false), out.residuals = out.residuals.astype(rt, false);
    return out;
  };
  if (current_device().type == DeviceType::CPU)
    return narrowed(lstsq_gelsd(a, b2, wide, rcond ? *rcond : eps(wide) * double(std::max(m, n))));
  if (t != wide) return narrowed(lstsq(a.astype(wide), b2.astype(wide), rcond));
  SVDResult f = svd(a.astype(t), false, true);
  LstsqResult out;
  out.s = f.S;
  NDArray x;
  if (f.S.size() == 0) {
    x = zeros(Shape{n, nrhs}, t);
    out.rank = 0;
  } else {
    const NDArray cutoff = ufunc("multiply", {amax(f.S), Scalar::py_float(r)});
    out.rank = 0;
    count_nonzero(ufunc("greater", {f.S, cutoff})).astype(DType::Int64).to_host(&out.rank);
    const NDArray inv_s = inverse_above(f.S, cutoff).astype(t);
    const NDArray uhb = ufunc("multiply", {ndgpu::matmul(conj_t(f.U), b2.astype(t)),
                                           inv_s.reshape(Shape{inv_s.size(), 1})});
    x = ndgpu::matmul(conj_t(f.Vh), uhb);
  }
  // Residuals only for a full-rank, overdetermined system (NumPy's rule).
  if (out.rank == n && m > n) {
    const NDArray diff = ufunc("subtract", {b2.astype(t), ndgpu::matmul(a.astype(t), x)});
    const NDArray sq = ufunc("square", {ufunc("absolute", {diff})});
    out.residuals = sum(sq, std::vector<int64_t>{0}).astype(rt);
  } else {
    out.residuals = NDArray::empty(Shape{0}, rt);
  }
  out.x = vector ? x.reshape(Shape{n}) : x;
  return out;
}

NDArray cond(const NDArray& x, const NormOrder& p) {
  if (x.ndim() >= 2 && x.size() == 0 && rows(x) * cols(x) == 0)
    throw LinAlgError("cond is not defined on empty arrays");
  NDArray r;
  const bool spectral =
      p.kind == NormOrder::Default || (p.kind == NormOrder::Number && std::fabs(p.p) == 2);
  if (spectral) {
    require_stack(x);
    const NDArray s = svdvals(x);
    const IndexItem first[2] = {EllipsisIndex{}, int64_t(0)};
    const IndexItem last[2] = {EllipsisIndex{}, int64_t(-1)};
    const NDArray big = s.index(first), small = s.index(last);
    r = p.kind == NormOrder::Number && p.p < 0 ? ufunc("true_divide", {small, big})
                                               : ufunc("true_divide", {big, small});
  } else {
    require_square_stack(x);
    const std::vector<int64_t> axes{-2, -1};
    const DType t = solver_dtype(x.dtype());
    r = ufunc("multiply", {norm(x.astype(t), p, axes), norm(inv_unchecked(x), p, axes)});
  }
  // NaN from a singular matrix means an infinite condition number, unless x held NaN itself.
  const NDArray x_nan = any(ufunc("isnan", {x}), std::vector<int64_t>{-2, -1});
  const NDArray fix = ufunc("logical_and", {ufunc("isnan", {r}), ufunc("logical_not", {x_nan})});
  return where(fix, Scalar::py_float(INFINITY), r);
}

}  // namespace ndgpu::linalg
