// NumPy's polynomial routines of numpy.lib (coefficients from the highest power down) and
// the poly1d class, with NumPy's dtypes and errors. Built from ndgpu's own operations
// (convolve, vander, linalg::lstsq, linalg::eigvals, ...) plus two small sequential kernels.
#pragma once
#include <optional>
#include <string>
#include <utility>

#include "ndgpu/math_routines.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

class poly1d;

// The coefficients of the monic polynomial with these roots (1-D), or of a square matrix's
// characteristic polynomial. No roots give a 0-d float64 1.0 (NumPy returns the float 1.0).
NDArray poly(const NDArray& seq_of_zeros);
// The roots (eigenvalues of the companion matrix; complex only when some are): float64 for
// integer input, float32 kept.
NDArray roots(const NDArray& p);
NDArray polyadd(const NDArray& a1, const NDArray& a2);
NDArray polysub(const NDArray& a1, const NDArray& a2);
NDArray polymul(const NDArray& a1, const NDArray& a2);
// (quotient, remainder); the remainder loses leading terms within 1e-8 of zero, as NumPy's.
std::pair<NDArray, NDArray> polydiv(const NDArray& u, const NDArray& v);
NDArray polyder(const NDArray& p, int64_t m = 1);
// k: the integration constants (one, or m of them); nullopt is zeros.
NDArray polyint(const NDArray& p, int64_t m = 1, const OptArray& k = {});
// Horner's rule at every element of x, in the promoted dtype of p and x (x's when p is empty).
NDArray polyval(const NDArray& p, const NDArray& x);
// p(x) for a polynomial x: the composition.
poly1d polyval(const NDArray& p, const poly1d& x);

// polyfit's cov argument: False, True (scaled by the residuals) or "unscaled".
enum class PolyfitCov : uint8_t { None, Scaled, Unscaled };
// Everything numpy.polyfit can return; `cov` is defined only when asked for.
struct PolyfitResult {
  NDArray coefficients, residuals;
  int64_t rank = 0;
  NDArray singular_values;
  double rcond = 0;
  NDArray cov;
  int64_t order = 0;  // deg + 1
  // NumPy's RankWarning ("Polyfit may be poorly conditioned") unless full output was asked.
  bool rank_deficient() const { return rank != order; }
};
// Least squares on the column-scaled Vandermonde matrix; rcond defaults to len(x)·eps.
PolyfitResult polyfit(const NDArray& x, const NDArray& y, int64_t deg,
                      std::optional<double> rcond = std::nullopt, const OptArray& w = {},
                      PolyfitCov cov = PolyfitCov::None);

// numpy.poly1d: leading zeros trimmed at construction (one zero kept), coefficients on the
// device. Arithmetic follows NumPy's: a scalar multiplies or divides the coefficients (a
// Python scalar keeps their dtype), anything else is made a poly1d first.
class poly1d {
 public:
  explicit poly1d(const NDArray& c_or_r, bool r = false, std::string variable = "x");
  // Shares `other`'s coefficients (untrimmed), with another variable name when given.
  poly1d(const poly1d& other, std::optional<std::string> variable);
  poly1d(const poly1d&) = default;
  poly1d& operator=(const poly1d&) = default;

  const NDArray& coeffs() const { return coeffs_; }
  const std::string& variable() const { return variable_; }
  int64_t order() const { return coeffs_.size() - 1; }
  NDArray roots() const { return ndgpu::roots(coeffs_); }

  NDArray operator()(const NDArray& x) const { return polyval(coeffs_, x); }
  poly1d operator()(const poly1d& x) const { return polyval(coeffs_, x); }
  poly1d operator-() const;
  poly1d scaled(const Scalar& factor) const;          // p * factor
  poly1d divided(const Scalar& divisor) const;        // p / divisor
  poly1d divided_into(const Scalar& dividend) const;  // dividend / p (per coefficient)
  poly1d pow(int64_t n) const;                        // ValueError for n < 0
  poly1d deriv(int64_t m = 1) const;
  poly1d integ(int64_t m = 1, const OptArray& k = {}) const;
  bool operator==(const poly1d& other) const;
  bool operator!=(const poly1d& other) const { return !(*this == other); }
  // The coefficient of x**power as a 0-d array (zero outside 0..order).
  NDArray operator[](int64_t power) const;
  // Sets the coefficient of x**power, padding with leading zeros past the order.
  void set(int64_t power, const Operand& value);

 private:
  NDArray coeffs_;
  std::string variable_;
};

poly1d operator+(const poly1d& a, const poly1d& b);
poly1d operator-(const poly1d& a, const poly1d& b);
poly1d operator*(const poly1d& a, const poly1d& b);
std::pair<poly1d, poly1d> polydiv(const poly1d& u, const poly1d& v);

}  // namespace ndgpu
