// cov and corrcoef, as numpy's: the rows centred by their (weighted) means, one matrix
// product with the conjugate transpose, scaled by the degrees of freedom.
#include <cmath>
#include <stdexcept>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/statistics.hpp"
#include "ops/statistics/helpers.hpp"

namespace ndgpu {
namespace {

using ops::statistics::host_double;
using ops::statistics::ufunc;

bool all_true(const NDArray& a) {
  return host_double(all(a)) != 0;
}

// fweights or aweights as numpy checks them (RuntimeError for shapes, as numpy raises).
NDArray observation_weights(const NDArray& w_in, const char* name, int64_t samples) {
  NDArray w = w_in.astype(DType::Float64);
  if (w.ndim() > 1) throw std::runtime_error(std::string("cannot handle multidimensional ") + name);
  if (w.ndim() == 0 || w.shape()[0] != samples)
    throw std::runtime_error(std::string("incompatible numbers of samples and ") + name);
  if (!all_true(ufunc("greater_equal", w, Scalar::py_int(0))))
    throw ValueError(std::string(name) + " cannot be negative");
  return w;
}

}  // namespace

NDArray cov(const NDArray& m, const CovOptions& o) {
  if (o.ddof && *o.ddof != std::floor(*o.ddof)) throw ValueError("ddof must be integer");
  if (m.ndim() > 2) throw ValueError("m has more than 2 dimensions");
  if (o.y && o.y->ndim() > 2) throw ValueError("y has more than 2 dimensions");
  DType t = promote_types(m.dtype(), DType::Float64);
  if (o.y) t = promote_types(t, o.y->dtype());
  if (o.dtype) t = *o.dtype;
  NDArray x = atleast_2d(m.astype(t));
  if (!o.rowvar && m.ndim() != 1) x = x.T();
  if (x.shape()[0] == 0) return NDArray::empty(Shape{0, 0}, DType::Float64);
  if (o.y) {
    NDArray y = atleast_2d(o.y->astype(t));
    if (!o.rowvar && y.shape()[0] != 1) y = y.T();
    x = concatenate(std::vector<NDArray>{x, y}, 0);
  }
  const double ddof = o.ddof ? *o.ddof : o.bias ? 0.0 : 1.0;
  const int64_t samples = x.shape()[1];
  std::optional<NDArray> w, aw;
  if (o.fweights) {
    NDArray f = o.fweights->astype(DType::Float64);
    if (!all_true(ufunc("equal", f, around(f)))) throw TypeError("fweights must be integer");
    w = observation_weights(f, "fweights", samples);
  }
  if (o.aweights) {
    aw = observation_weights(*o.aweights, "aweights", samples);
    w = w ? ufunc("multiply", *w, *aw) : *aw;
  }
  NDArray avg = average(x, std::vector<int64_t>{1}, w);
  double fact = double(samples) - ddof;
  if (w) {
    const double w_sum = host_double(sum(*w));
    if (ddof == 0)
      fact = w_sum;
    else if (!aw)
      fact = w_sum - ddof;
    else
      fact = w_sum - ddof * host_double(sum(ufunc("multiply", *w, *aw))) / w_sum;
  }
  if (fact <= 0) fact = 0.0;  // numpy warns "Degrees of freedom <= 0" and divides by zero
  // numpy subtracts in place, so the centred rows keep x's dtype.
  x = ufunc("subtract", x, avg.reshape(Shape{-1, 1})).astype(t, false);
  NDArray xt = (w ? ufunc("multiply", x, *w) : x).T();
  NDArray c = dot(x, ufunc("conjugate", xt));
  c = ufunc("multiply", c, Scalar::py_float(1.0 / fact));
  return squeeze(c);
}

NDArray corrcoef(const NDArray& x, const std::optional<NDArray>& y, bool rowvar,
                 std::optional<DType> dtype) {
  NDArray c = cov(x, {.y = y, .rowvar = rowvar, .dtype = dtype});
  if (c.ndim() != 2) return ufunc("true_divide", c, c);  // one variable: nan or 1
  NDArray stddev = ufunc("sqrt", real(diag(c)));
  c = ufunc("true_divide", c, stddev.reshape(Shape{-1, 1}));
  c = ufunc("true_divide", c, stddev.reshape(Shape{1, -1}));
  const Operand lo = Scalar::py_int(-1), hi = Scalar::py_int(1);
  if (!is_complex(c.dtype())) return clip(c, lo, hi);
  NDArray re = real(c), im = imag(c);
  copy_into(re, clip(re, lo, hi));
  copy_into(im, clip(im, lo, hi));
  return c;
}

}  // namespace ndgpu
