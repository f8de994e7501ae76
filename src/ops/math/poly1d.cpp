// numpy.poly1d in C++: coefficients on the device, arithmetic through the polynomial
// routines, each method as NumPy's (lib/_polynomial_impl.py) computes it.
#include <utility>

#include "ndgpu/errors.hpp"
#include "ndgpu/host_numbers.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/operators.hpp"
#include "ndgpu/polynomial.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {

poly1d::poly1d(const NDArray& c_or_r, bool r, std::string variable)
    : variable_(std::move(variable)) {
  NDArray c = atleast_1d(r ? poly(c_or_r) : c_or_r);
  if (c.ndim() > 1) throw ValueError("Polynomial must be 1d only.");
  c = trim_zeros(c, "f");
  coeffs_ = c.size() == 0 ? zeros(Shape{1}, c.dtype()) : c;
}

poly1d::poly1d(const poly1d& other, std::optional<std::string> variable)
    : coeffs_(other.coeffs_), variable_(variable.value_or(other.variable_)) {}

poly1d poly1d::operator-() const {
  return poly1d(-coeffs_);
}

poly1d poly1d::scaled(const Scalar& factor) const {
  return poly1d(coeffs_ * factor);
}

poly1d poly1d::divided(const Scalar& divisor) const {
  return poly1d(coeffs_ / divisor);
}

poly1d poly1d::divided_into(const Scalar& dividend) const {
  return poly1d(dividend / coeffs_);
}

poly1d poly1d::pow(int64_t n) const {
  if (n < 0) throw ValueError("Power to non-negative integers only.");
  NDArray result = array<int64_t>({1});  // NumPy starts from the list [1]: int64
  for (int64_t i = 0; i < n; ++i) result = polymul(coeffs_, result);
  return poly1d(result);
}

poly1d poly1d::deriv(int64_t m) const {
  return poly1d(polyder(coeffs_, m));
}

poly1d poly1d::integ(int64_t m, const OptArray& k) const {
  return poly1d(polyint(coeffs_, m, k));
}

bool poly1d::operator==(const poly1d& other) const {
  if (coeffs_.shape() != other.coeffs_.shape()) return false;
  bool equal = false;
  all(coeffs_ == other.coeffs_).to_host(&equal);
  return equal;
}

NDArray poly1d::operator[](int64_t power) const {
  if (power < 0 || power > order()) return zeros(Shape{}, coeffs_.dtype());
  return coeffs_(order() - power);
}

void poly1d::set(int64_t power, const Operand& value) {
  if (power < 0) throw ValueError("Does not support negative powers.");
  if (power > order()) {
    const NDArray parts[2] = {zeros(Shape{power - order()}, coeffs_.dtype()), coeffs_};
    coeffs_ = concatenate(parts, 0);
  }
  const IndexItem at[1] = {order() - power};
  setitem(coeffs_, at, value);
}

poly1d operator+(const poly1d& a, const poly1d& b) {
  return poly1d(polyadd(a.coeffs(), b.coeffs()));
}

poly1d operator-(const poly1d& a, const poly1d& b) {
  return poly1d(polysub(a.coeffs(), b.coeffs()));
}

poly1d operator*(const poly1d& a, const poly1d& b) {
  return poly1d(polymul(a.coeffs(), b.coeffs()));
}

std::pair<poly1d, poly1d> polydiv(const poly1d& u, const poly1d& v) {
  auto [q, r] = polydiv(u.coeffs(), v.coeffs());
  return {poly1d(q), poly1d(r)};
}

// Horner's rule on polynomials, as NumPy's loop from the int 0: 0 * x keeps x's dtype, then
// y * x + p[j] for each coefficient.
poly1d polyval(const NDArray& p, const poly1d& x) {
  if (p.ndim() != 1) throw ValueError("p can be 1d ndarray or poly1d object only");
  poly1d y = x.scaled(Scalar::py_int(0));
  for (int64_t j = 0; j < p.size(); ++j) {
    const poly1d term(p(Slice{j, j + 1, std::nullopt}));
    y = j == 0 ? y + term : y * x + term;
  }
  return y;
}

}  // namespace ndgpu
