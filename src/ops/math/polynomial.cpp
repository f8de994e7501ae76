// numpy.lib's polynomial routines on coefficient arrays (highest power first), following
// NumPy's code path step by step so that dtypes and errors come out as NumPy's. The two
// inherently sequential loops (poly's product of linear factors, polydiv's long division) run
// as one-thread kernels: polynomials are short, and this avoids a launch per coefficient.
#include "ndgpu/polynomial.hpp"

#include <cstdint>
#include <vector>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_numbers.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/operators.hpp"
#include "ndgpu/sorting.hpp"

namespace ndgpu {
namespace {

// Python's len(a), as NumPy's routines call it.
int64_t length(const NDArray& a) {
  if (a.ndim() == 0) throw TypeError("len() of unsized object");
  return a.shape()[0];
}

NDArray join(const NDArray& a, const NDArray& b) {
  const NDArray parts[2] = {a, b};
  return concatenate(parts, 0);
}

NDArray tail(const NDArray& a, int64_t start) {
  return a(Slice{start, std::nullopt, std::nullopt});
}

// `a + 0.0`: integers and bool become float64, inexact types stay.
NDArray as_inexact(const NDArray& a) {
  return a + 0.0;
}

// numpy.mintypecode over 'GDFgdf': float32 and the complex types stay, all else is float64.
DType poly_dtype(DType t) {
  return t == DType::Float32 || is_complex(t) ? t : DType::Float64;
}

// The coefficients of prod(x - z[i]): a[j] -= z[i] * a[j-1], as convolving with [1, -z[i]].
NDArray linear_factors_product(const NDArray& z) {
  static const kernel::ElementwiseDefinition def(
      {.in_params = "raw T z",
       .out_params = "raw T a",
       .operation = "const long long n = z.size(); a[0] = T(1);"
                    "for (long long j = 1; j <= n; ++j) a[j] = T(0);"
                    "for (long long k = 0; k < n; ++k)"
                    "  for (long long j = k + 1; j >= 1; --j) a[j] = a[j] - z[k] * a[j - 1];",
       .name = "ndgpu_poly_from_roots"});
  NDArray a = NDArray::empty(Shape{z.size() + 1}, z.dtype());
  const Operand args[2] = {z, a};
  kernel::run_elementwise(def, args, 1);
  return a;
}

// Pads the shorter of a1, a2 with leading zeros of its own dtype (NumPy's polyadd/polysub).
std::pair<NDArray, NDArray> aligned(const NDArray& a1_in, const NDArray& a2_in) {
  NDArray a1 = atleast_1d(a1_in), a2 = atleast_1d(a2_in);
  const int64_t diff = length(a2) - length(a1);
  if (diff > 0) a1 = join(zeros(Shape{diff}, a1.dtype()), a1);
  if (diff < 0) a2 = join(zeros(Shape{-diff}, a2.dtype()), a2);
  return {a1, a2};
}

}  // namespace

NDArray poly(const NDArray& seq_of_zeros) {
  NDArray z = atleast_1d(seq_of_zeros);
  const Shape& sh = z.shape();
  if (sh.size() == 2 && sh[0] == sh[1] && sh[0] != 0)
    z = linalg::eigvals(z);
  else if (sh.size() == 1)
    z = z.astype(poly_dtype(z.dtype()), false);
  else
    throw ValueError("input must be 1d or non-empty square 2d array.");
  if (z.size() == 0) return full(Shape{}, Scalar::py_float(1.0), DType::Float64);
  NDArray a = linear_factors_product(z.reshape(Shape{z.size()}));
  if (is_complex(a.dtype())) {
    // Roots that are all conjugate pairs give real coefficients.
    NDArray r = z.astype(DType::Complex128, false);
    NDArray conj = call_ufunc("conjugate", std::vector<Operand>{r})[0];
    if (array_equal(sort(r), sort(conj))) a = real(a).copy();
  }
  return a;
}

NDArray roots(const NDArray& p_in) {
  NDArray p = atleast_1d(p_in);
  if (p.ndim() != 1) throw ValueError("Input must be a rank-1 array.");
  NDArray leading_trimmed = trim_zeros(p, "f");
  if (leading_trimmed.size() == 0) return NDArray::empty(Shape{0}, DType::Float64);
  p = trim_zeros(leading_trimmed, "b");
  const int64_t trailing_zeros = leading_trimmed.size() - p.size();
  if (!is_inexact(p.dtype())) p = p.astype(DType::Float64);
  const int64_t n = p.size();
  NDArray r = NDArray::empty(Shape{0}, DType::Float64);
  if (n > 1) {
    // The companion matrix: -p[1:] / p[0] over a shifted identity.
    NDArray first_row = (-tail(p, 1) / p(Slice{0, 1, std::nullopt})).reshape(Shape{1, n - 1});
    r = linalg::eigvals(join(first_row, eye(n - 2, n - 1, 0, p.dtype())));
  }
  return join(r, zeros(Shape{trailing_zeros}, r.dtype()));
}

NDArray polyadd(const NDArray& a1, const NDArray& a2) {
  auto [x, y] = aligned(a1, a2);
  return x + y;
}

NDArray polysub(const NDArray& a1, const NDArray& a2) {
  auto [x, y] = aligned(a1, a2);
  return x - y;
}

NDArray polymul(const NDArray& a1, const NDArray& a2) {
  return convolve(poly1d(a1).coeffs(), poly1d(a2).coeffs());
}

std::pair<NDArray, NDArray> polydiv(const NDArray& u_in, const NDArray& v_in) {
  const NDArray u = as_inexact(atleast_1d(u_in)), v = as_inexact(atleast_1d(v_in));
  const DType t = promote_types(u.dtype(), v.dtype());
  const int64_t m = length(u) - 1, n = length(v) - 1;
  static const kernel::ElementwiseDefinition def(
      {.in_params = "raw T u, raw T v",
       .out_params = "raw T q, raw T r",
       .operation = "const long long m = u.size() - 1, n = v.size() - 1;"
                    "for (long long j = 0; j <= m; ++j) r[j] = u[j];"
                    "q[0] = T(0);"
                    "const T scale = T(1) / v[0];"
                    "for (long long k = 0; k <= m - n; ++k) {"
                    "  const T d = scale * r[k];"
                    "  q[k] = d;"
                    "  for (long long j = 0; j <= n; ++j) r[k + j] -= d * v[j];"
                    "}",
       .name = "ndgpu_polydiv"});
  NDArray q = NDArray::empty(Shape{std::max<int64_t>(m - n + 1, 1)}, t);
  NDArray r = NDArray::empty(Shape{m + 1}, t);
  const Operand args[4] = {u.reshape(Shape{m + 1}).astype(t, false),
                           v.reshape(Shape{n + 1}).astype(t, false), q, r};
  kernel::run_elementwise(def, args, 1);
  // NumPy drops leading remainder terms while allclose(r[0], 0, rtol=1e-14) and more remain.
  const NDArray small = isclose(r, Scalar::py_int(0), 1e-14);
  std::vector<uint8_t> host(size_t(small.size()));
  small.to_host(host.data());
  int64_t drop = 0;
  while (drop < m && host[size_t(drop)]) ++drop;
  return {q, tail(r, drop)};
}

NDArray polyder(const NDArray& p, int64_t m) {
  if (m < 0) throw ValueError("Order of derivative must be positive (see polyint)");
  const int64_t n = length(p) - 1;
  NDArray y = p(Slice{std::nullopt, -1, std::nullopt}) * arange<int64_t>(n, 0, -1);
  return m == 0 ? p : polyder(y, m - 1);
}

NDArray polyint(const NDArray& p, int64_t m, const OptArray& k_in) {
  if (m < 0) throw ValueError("Order of integral must be positive (see polyder)");
  NDArray k = atleast_1d(k_in ? *k_in : zeros(Shape{m}, DType::Float64));
  if (length(k) == 1 && m > 1) k = k(0) * ones(Shape{m}, DType::Float64);
  if (length(k) < m) throw ValueError("k must be a scalar or a rank-1 array of length 1 or >m.");
  if (m == 0) return p;
  // Note: the first constant joins as a 1-element array of k's dtype, as NumPy's [k[0]].
  NDArray y = join(p / arange<int64_t>(length(p), 0, -1), k(Slice{0, 1, std::nullopt}));
  return polyint(y, m - 1, tail(k, 1));
}

NDArray polyval(const NDArray& p, const NDArray& x) {
  // NumPy iterates over p (TypeError for 0-d); a 2-D p, rows added to x's shape, is refused
  // as CuPy refuses it.
  if (p.ndim() == 0) throw TypeError("iteration over a 0-d array");
  if (p.ndim() > 1) throw ValueError("p can be 1d ndarray or poly1d object only");
  if (p.size() == 0) return zeros(x.shape(), x.dtype());
  const DType t = promote_types(p.dtype(), x.dtype());
  static const kernel::ElementwiseDefinition def(
      {.in_params = "T x, raw T p",
       .out_params = "T y",
       .operation = "T s = T(0);"
                    "for (long long j = 0; j < p.size(); ++j) s = s * x + p[j];"
                    "y = s",
       .name = "ndgpu_polyval"});
  NDArray out = NDArray::empty(x.shape(), t);
  const Operand args[3] = {x.astype(t, false), p.astype(t, false), out};
  kernel::run_elementwise(def, args);
  return out;
}

}  // namespace ndgpu
