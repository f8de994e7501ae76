// numpy.polyfit: least squares on the Vandermonde matrix with its columns scaled to unit norm
// (a better conditioned problem), step for step as NumPy's, so that dtypes, the rank NumPy
// warns about and the covariance come out the same.
#include "ndgpu/creation.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/operators.hpp"
#include "ndgpu/polynomial.hpp"
#include "ops/math/routine_helpers.hpp"

namespace ndgpu {

PolyfitResult polyfit(const NDArray& x_in, const NDArray& y_in, int64_t deg,
                      std::optional<double> rcond, const OptArray& w_in, PolyfitCov cov) {
  const int64_t order = deg + 1;
  const NDArray x = x_in + 0.0;  // integers become float64, as NumPy's asarray(x) + 0.0
  NDArray y = y_in + 0.0;
  if (deg < 0) throw ValueError("expected deg >= 0");
  if (x.ndim() != 1) throw TypeError("expected 1D vector for x");
  if (x.size() == 0) throw TypeError("expected non-empty vector for x");
  if (y.ndim() < 1 || y.ndim() > 2) throw TypeError("expected 1D or 2D array for y");
  if (x.shape()[0] != y.shape()[0]) throw TypeError("expected x and y to have same length");
  const int64_t m = x.shape()[0];
  PolyfitResult res;
  res.order = order;
  res.rcond = rcond.value_or(double(m) * math::float_eps(real_dtype(x.dtype())));

  NDArray lhs = vander(x, order);
  if (w_in) {
    const NDArray w = *w_in + 0.0;
    if (w.ndim() != 1) throw TypeError("expected a 1-d array for weights");
    if (w.shape()[0] != y.shape()[0]) throw TypeError("expected w and y to have the same length");
    const NDArray column = w.reshape(Shape{m, 1});
    lhs *= column;  // in place, as NumPy's: lhs and y keep their dtypes
    y *= y.ndim() == 2 ? column : w;
  }
  const NDArray scale =
      call_ufunc("sqrt", std::vector<Operand>{sum(lhs * lhs, Axes(std::vector<int64_t>{0}))})[0];
  lhs /= scale;
  linalg::LstsqResult fit = linalg::lstsq(lhs, y, res.rcond);
  res.coefficients = (fit.x.T() / scale).T();
  res.residuals = fit.residuals;
  res.rank = fit.rank;
  res.singular_values = fit.s;
  if (cov == PolyfitCov::None) return res;

  NDArray base = linalg::inv(dot(lhs.T(), lhs));
  base /= outer(scale, scale);
  if (cov == PolyfitCov::Scaled && m <= order)
    throw ValueError("the number of data points must exceed order to scale the covariance matrix");
  if (y.ndim() == 2) base = base.reshape(Shape{order, order, 1});
  res.cov = cov == PolyfitCov::Unscaled ? base * 1 : base * (fit.residuals / (m - order));
  return res;
}

}  // namespace ndgpu
