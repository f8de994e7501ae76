// cupyx.scipy.special's logsumexp, softmax, log_softmax and multigammaln
// (include/ndgpu/special.hpp), from the ufuncs and reductions: the shift by the maximum keeps
// exp in range, as SciPy's.
#include <cmath>
#include <string>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/special.hpp"

namespace ndgpu::special {
namespace {

// a's maximum over `axis` (kept as length-1 axes), 0 where it is not finite: all -inf gives
// log(0) = -inf, an inf or nan passes through the sum.
NDArray finite_max(const NDArray& a, const Axes& axis) {
  NDArray m = amax(a, axis, {}, true);
  return where(isfinite(m), m, Scalar::py_int(0));
}

// sum(b * exp(a - m)) over `axis` and the shift m (a's finite maximum), m shaped as the sum.
std::pair<NDArray, NDArray> shifted_sum(const NDArray& a_in, const Axes& axis,
                                        const std::optional<NDArray>& b, bool keepdims) {
  NDArray a = a_in;
  if (b) {  // SciPy broadcasts a and b first
    const NDArray both[2] = {a_in, *b};
    a = broadcast_arrays(both)[0];
  }
  NDArray m = finite_max(a, axis);
  NDArray t = exp(subtract(a, m));
  if (b) t = multiply(*b, t);
  NDArray s = sum(t, axis, {}, {}, keepdims);
  return {s, m.reshape(s.shape())};
}

}  // namespace

std::pair<NDArray, NDArray> logsumexp_with_sign(const NDArray& a, const Axes& axis,
                                                const std::optional<NDArray>& b, bool keepdims) {
  auto [s, m] = shifted_sum(a, axis, b, keepdims);
  return {add(log(absolute(s)), m, {}), sign(s)};
}

// log of a negative sum is nan, as SciPy's without return_sign: no sign is needed.
NDArray logsumexp(const NDArray& a, const Axes& axis, const std::optional<NDArray>& b,
                  bool keepdims) {
  auto [s, m] = shifted_sum(a, axis, b, keepdims);
  return add(log(s), m, {});
}

NDArray softmax(const NDArray& x, const Axes& axis) {
  NDArray e = exp(subtract(x, finite_max(x, axis)));
  return true_divide(e, sum(e, axis, {}, {}, true));
}

NDArray log_softmax(const NDArray& x, const Axes& axis) {
  NDArray shifted = subtract(x, finite_max(x, axis));
  return subtract(shifted, log(sum(exp(shifted), axis, {}, {}, true)));
}

NDArray multigammaln(const NDArray& a, int64_t d) {
  if (d < 1) throw ValueError("d should be a positive integer (dimension)");
  const double half = 0.5 * double(d - 1);
  if (item(any(less_equal(a, Scalar::py_float(half)))).as_double() != 0)
    throw ValueError("condition a > 0.5 * (d-1) (" + std::to_string(half) + ") not met");
  NDArray sum = gammaln(a);
  for (int64_t j = 2; j <= d; ++j)
    sum = add(sum, gammaln(subtract(a, Scalar::py_float(0.5 * double(j - 1)))));
  const double log_pi = 1.14472988584940017414;
  return add(sum, Scalar::py_float(0.25 * double(d) * double(d - 1) * log_pi));
}

}  // namespace ndgpu::special
