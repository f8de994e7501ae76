// The scalar functions behind cupyx.scipy.special's ufuncs (float32 and float64 loops, as
// SciPy's): CUDA's math library where it has the function (the CPU backend's prelude has the
// same names), the rest from their series with SciPy's values at poles and limits.
// Included by ufunc_math.cuh.
#pragma once

namespace ndgpu {
namespace ufn {

// float and double overloads of CUDA's `fn##f` / `fn`.
#define NDGPU_SPECIAL_CUDA(name, fn)      \
  NDGPU_HD float name(const float& v) {   \
    return ::fn##f(v);                    \
  }                                       \
  NDGPU_HD double name(const double& v) { \
    return ::fn(v);                       \
  }
NDGPU_SPECIAL_CUDA(erf, erf)
NDGPU_SPECIAL_CUDA(erfc, erfc)
NDGPU_SPECIAL_CUDA(erfcx, erfcx)
NDGPU_SPECIAL_CUDA(erfinv, erfinv)
NDGPU_SPECIAL_CUDA(erfcinv, erfcinv)
NDGPU_SPECIAL_CUDA(ndtr, normcdf)
NDGPU_SPECIAL_CUDA(ndtri, normcdfinv)
NDGPU_SPECIAL_CUDA(gammaln, lgamma)
NDGPU_SPECIAL_CUDA(gamma, tgamma)
NDGPU_SPECIAL_CUDA(i0, cyl_bessel_i0)
NDGPU_SPECIAL_CUDA(i1, cyl_bessel_i1)
NDGPU_SPECIAL_CUDA(j0, j0)
NDGPU_SPECIAL_CUDA(j1, j1)
NDGPU_SPECIAL_CUDA(y0, y0)
NDGPU_SPECIAL_CUDA(y1, y1)
#undef NDGPU_SPECIAL_CUDA

// float, double overloads of a float template `impl` of one or two arguments.
#define NDGPU_SPECIAL_1(name, impl)       \
  NDGPU_HD float name(const float& v) {   \
    return impl<float>(v);                \
  }                                       \
  NDGPU_HD double name(const double& v) { \
    return impl<double>(v);               \
  }
#define NDGPU_SPECIAL_2(name, impl)                        \
  NDGPU_HD float name(const float& a, const float& b) {    \
    return impl<float>(a, b);                              \
  }                                                        \
  NDGPU_HD double name(const double& a, const double& b) { \
    return impl<double>(a, b);                             \
  }

// log of the normal CDF: through erfcx below -1, where the CDF itself underflows.
template <class F>
NDGPU_HD F log_ndtr_impl(F x) {
  const F s = F(0.70710678118654752440);
  if (x < F(-1)) return ::log(F(0.5) * erfcx(F(-x * s))) - F(0.5) * x * x;
  return ::log1p(F(-0.5) * erfc(F(x * s)));
}
template <class F>
NDGPU_HD F expit_impl(F x) {
  return F(1) / (F(1) + ::exp(-x));
}
template <class F>
NDGPU_HD F logit_impl(F p) {
  return ::log(p / (F(1) - p));
}
// log(expit(x)) without overflow or cancellation on either side.
template <class F>
NDGPU_HD F log_expit_impl(F x) {
  return x < F(0) ? x - ::log1p(::exp(x)) : -::log1p(::exp(-x));
}
// exp(-|x|) i0(x) and exp(-|x|) i1(x): past 700 (float64's exp range) the asymptotic series
// 1/sqrt(2 pi x) sum_k (+-1)^k prod_{j<=k} (4 nu^2 - (2j - 1)^2) / (j 8x), to 1e-16 there.
NDGPU_HD double bessel_ie(double x, int nu) {
  const double ax = ::fabs(x);
  if (x != x) return x;
  double r;
  if (ax < 700) {
    r = ::exp(-ax) * (nu ? ::cyl_bessel_i1(ax) : ::cyl_bessel_i0(ax));
  } else {
    double term = 1, sum = 1;
    for (int j = 1; j <= 8; ++j) {
      term *= -(4.0 * nu * nu - (2.0 * j - 1) * (2.0 * j - 1)) / (j * 8.0 * ax);
      sum += term;
    }
    r = sum / ::sqrt(6.283185307179586477 * ax);
  }
  return nu && x < 0 ? -r : r;
}
// digamma: the reflection formula below 0, the recurrence up to 10, then the asymptotic
// series ln x - 1/2x - sum B_2k / (2k x^2k). On (0, 2), around its positive zero x0 =
// 1.46163214496836234, the Taylor series psi^(k)(x0) / k! (40 terms, from mpmath) keeps
// full relative precision where the recurrence cancels. Poles: -inf at +0, +inf at -0, nan
// at -1, -2, ...
template <class F>
NDGPU_HD F digamma_impl(F xf) {
  double x = xf, shift = 0;
  if (x == 0) return F(::copysign(1.0 / 0.0, -x));
  if (x > 0 && x <= 64 && x == ::floor(x)) {  // psi(n) = -euler_gamma + H(n - 1), as SciPy
    double h = -0.57721566490153286061;
    for (int k = 1; k < int(x); ++k) h += 1.0 / k;
    return F(h);
  }
  if (x > 0 && x < 6) {
    // Into [1, 2) by psi(x) = psi(x + 1) - 1/x and psi(x) = psi(x - 1) + 1/(x - 1), whose
    // terms do not cancel there (x - 1 is exact).
    double y = x, add = 0;
    if (y < 1) add = -1 / y, y += 1;
    while (y >= 2) y -= 1, add += 1 / y;
    const double h = (y - 1.4616321449683622) - 9.549995429965697e-17;
    const double c[40] = {0.9676722454476212,      -0.4427631689835921,     0.258499760955651,
                          -0.16394270544240652,    0.10782405069126237,     -0.07219956125645471,
                          0.04880428816414311,     -0.03316112647484736,    0.022597648232218104,
                          -0.01542476590494896,    0.010538791616612175,    -0.007204534386356869,
                          0.004926781395729853,    -0.003369801655439328,   0.002305126326734928,
                          -0.0015769367714301972,  0.0010788252019162967,   -0.0007380709389960052,
                          0.000504953265834602,    -0.0003454680251063077,  0.00023635601564027053,
                          -0.00016170622091974803, 0.0001106337276874741,   -7.569179582195066e-05,
                          5.178575795222081e-05,   -3.5430070947659604e-05, 2.424006611860132e-05,
                          -1.6584242271854135e-05, 1.134638458466385e-05,   -7.762817668462094e-06,
                          5.3110609208898636e-06,  -3.6336507898010456e-06, 2.486022733129538e-06,
                          -1.7008538854332607e-06, 1.1636675363548843e-06,  -7.96142543124197e-07,
                          5.446941930669446e-07,   -3.7266161283438227e-07, 2.549626552021554e-07,
                          -1.7443695117727745e-07};
    double p = 0;
    for (int k = 39; k >= 0; --k) p = p * h + c[k];
    return F(p * h + add);
  }
  if (x < 0) {
    if (x == ::floor(x)) return F(0.0 / 0.0);
    // psi(x) = psi(1 - x) - pi / tan(pi x); tan through sinpi/cospi keeps pi x exact.
    shift = -3.14159265358979323846 * ::cospi(x) / ::sinpi(x);
    x = 1 - x;
  }
  // The recurrence's sum -1/x - 1/(x+1) - ... compensated: rounded naively it cost 6 ulp.
  double lo = 0;
  while (x < 10) {
    const double q = 1 / x, q_err = ::fma(-q, x, 1.0) / x;  // 1/x = q + q_err
    const double t = shift - q, z = t - shift;
    lo += (shift - (t - z)) + (-q - z) - q_err;  // two-sum's error, and the reciprocal's
    shift = t, x += 1;
  }
  shift += lo;
  const double r = 1 / (x * x);
  const double series =
      r *
      (1.0 / 12 -
       r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r * (1.0 / 132 - r * 691.0 / 32760)))));
  return F(::log(x) - 0.5 / x - series + shift);
}
NDGPU_SPECIAL_1(log_ndtr, log_ndtr_impl)
NDGPU_SPECIAL_1(expit, expit_impl)
NDGPU_SPECIAL_1(logit, logit_impl)
NDGPU_SPECIAL_1(log_expit, log_expit_impl)
NDGPU_SPECIAL_1(digamma, digamma_impl)

// x log(y) and x log1p(y), 0 where x is 0 (unless y is nan).
template <class F>
NDGPU_HD F xlogy_impl(F x, F y) {
  return x == F(0) && y == y ? F(0) : x * ::log(y);
}
template <class F>
NDGPU_HD F xlog1py_impl(F x, F y) {
  return x == F(0) && y == y ? F(0) : x * ::log1p(y);
}
// -x log x for x > 0, 0 at 0, -inf below; x log(x/y) for positive x, y, 0 for x = 0 <= y,
// inf otherwise (nan stays nan).
template <class F>
NDGPU_HD F entr_impl(F x) {
  if (x != x) return x;
  return x > F(0) ? -x * ::log(x) : x == F(0) ? F(0) : F(-1.0 / 0.0);
}
template <class F>
NDGPU_HD F rel_entr_impl(F x, F y) {
  if (x != x || y != y) return x + y;
  if (x > F(0) && y > F(0)) return x * ::log(x / y);
  return x == F(0) && y >= F(0) ? F(0) : F(1.0 / 0.0);
}
// SciPy's kl_div, huber and pseudo_huber (delta < 0 gives inf).
template <class F>
NDGPU_HD F kl_div_impl(F x, F y) {
  if (x != x || y != y) return x + y;
  if (x > F(0) && y > F(0)) return x * ::log(x / y) - x + y;
  return x == F(0) && y >= F(0) ? y : F(1.0 / 0.0);
}
template <class F>
NDGPU_HD F huber_impl(F delta, F r) {
  if (delta < F(0)) return F(1.0 / 0.0);
  const F a = ::fabs(r);
  return a <= delta ? F(0.5) * r * r : delta * (a - F(0.5) * delta);
}
template <class F>
NDGPU_HD F pseudo_huber_impl(F delta, F r) {
  if (delta < F(0)) return F(1.0 / 0.0);
  if (delta == F(0) || r == F(0)) return F(0);
  const F q = r / delta;  // delta^2 (sqrt(1 + q^2) - 1) without cancellation
  return delta * delta * ::expm1(F(0.5) * ::log1p(q * q));
}
// Box-Cox transforms and their inverses; lambda = 0 is the logarithm's limit.
template <class F>
NDGPU_HD F boxcox_impl(F x, F lmbda) {
  return lmbda == F(0) ? ::log(x) : ::expm1(lmbda * ::log(x)) / lmbda;
}
template <class F>
NDGPU_HD F boxcox1p_impl(F x, F lmbda) {
  const F lu = ::log1p(x);
  return lmbda == F(0) ? lu : ::expm1(lmbda * lu) / lmbda;
}
template <class F>
NDGPU_HD F inv_boxcox_impl(F y, F lmbda) {
  return lmbda == F(0) ? ::exp(y) : ::exp(::log1p(lmbda * y) / lmbda);
}
template <class F>
NDGPU_HD F inv_boxcox1p_impl(F y, F lmbda) {
  if (lmbda == F(0)) return ::expm1(y);
  return lmbda * y == F(0) ? y : ::expm1(::log1p(lmbda * y) / lmbda);
}
// 10^x and 1/gamma(x) (0 at gamma's poles).
template <class F>
NDGPU_HD F exp10_impl(F x) {
  return ::pow(F(10), x);
}
template <class F>
NDGPU_HD F rgamma_impl(F x) {
  if (x <= F(0) && x == ::floor(x)) return F(0);
  return F(1) / ::tgamma(x);
}
// log|B(a, b)| and B(a, b) = gamma(a) gamma(b) / gamma(a + b): the gammas' ratio while they
// stay finite, exp(betaln) with its sign past that.
template <class F>
NDGPU_HD F betaln_impl(F a, F b) {
  return ::lgamma(a) + ::lgamma(b) - ::lgamma(a + b);
}
// The sign of gamma(x) away from its poles: negative on (-1, 0), (-3, -2), ...
NDGPU_HD double gamma_sign(double x) {
  return x > 0 || ::fmod(::ceil(-x), 2.0) == 0 ? 1.0 : -1.0;
}
template <class F>
NDGPU_HD F beta_impl(F a, F b) {
  const double ad = a, bd = b, s = ad + bd;
  if (::fabs(ad) < 170 && ::fabs(bd) < 170 && ::fabs(s) < 170)
    return F(::tgamma(ad) / ::tgamma(s) * ::tgamma(bd));
  return F(gamma_sign(ad) * gamma_sign(bd) * gamma_sign(s) *
           ::exp(::lgamma(ad) + ::lgamma(bd) - ::lgamma(s)));
}
// n choose k for real n, k: a product for small whole k (exact for whole n), else through
// the beta function, as SciPy's binom.
template <class F>
NDGPU_HD F binom_impl(F n, F k) {
  const double nd = n, kd = k;
  if (kd == ::floor(kd) && kd >= 0 && kd < 30 && (nd >= kd || nd != ::floor(nd))) {
    double r = 1;
    for (int i = 1; i <= int(kd); ++i) r *= (nd - kd + i) / i;
    return F(r);
  }
  if (nd == ::floor(nd) && kd == ::floor(kd) && nd >= 0 && (kd < 0 || kd > nd)) return F(0);
  return F(1 / ((nd + 1) * beta_impl<double>(1 + nd - kd, 1 + kd)));
}
// K0 and K1 (modified Bessel functions of the second kind), optionally times exp(x). Below 1
// their power series (DLMF 10.31.1) with CUDA's I0/I1; above, the trapezoid rule on
// exp(x) K_nu(x) = int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt, whose error falls as
// exp(-2 pi^2 / (x h^2)): a step of min(1/4, 0.45/sqrt(x)) gives ~1e-16 in at most ~20 nodes.
NDGPU_HD double bessel_k(double x, int nu, bool scaled) {
  if (x != x || x < 0) return 0.0 / 0.0;
  if (x == 0) return 1.0 / 0.0;
  if (x == 1.0 / 0.0) return 0;  // both K and exp(x) K (~ sqrt(pi / 2x)) tend to 0
  if (x < 1) {
    const double q = x * x / 4, l = ::log(x / 2), euler = 0.57721566490153286061;
    double term = 1, sum = 0, r;
    if (nu == 0) {  // K0 = -ln(x/2) I0(x) + sum psi(k+1) q^k / k!^2
      double psi = -euler;
      for (int k = 1; term > 1e-18; ++k) sum += term * psi, term *= q / (k * k), psi += 1.0 / k;
      r = -l * ::cyl_bessel_i0(x) + sum;
    } else {  // K1 = 1/x + ln(x/2) I1(x) - x/4 sum (psi(k+1) + psi(k+2)) q^k / (k! (k+1)!)
      double p1 = -euler, p2 = 1 - euler;
      for (int k = 1; term > 1e-18; ++k) {
        sum += term * (p1 + p2);
        term *= q / (k * (k + 1.0)), p1 += 1.0 / k, p2 += 1.0 / (k + 1);
      }
      r = 1 / x + l * ::cyl_bessel_i1(x) - x / 4 * sum;
    }
    return scaled ? r * ::exp(x) : r;
  }
  const double h = ::fmin(0.25, 0.45 / ::sqrt(x));
  double sum = 0.5;  // t = 0 at half weight
  for (int k = 1; k < 200; ++k) {
    const double t = k * h, sh = ::sinh(t / 2);
    const double f = ::exp(-2 * x * sh * sh) * (nu ? ::cosh(t) : 1.0);  // cosh t - 1 = 2 sh^2
    sum += f;
    if (f < 1e-18 * sum) break;
  }
  return scaled ? h * sum : h * sum * ::exp(-x);
}
// The scaled I and the K functions compute in double for both loops (float rounds the result).
#define NDGPU_SPECIAL_IN_DOUBLE(name, expr) \
  NDGPU_HD float name(const float& v) {     \
    return float(expr);                     \
  }                                         \
  NDGPU_HD double name(const double& v) {   \
    return expr;                            \
  }
NDGPU_SPECIAL_IN_DOUBLE(i0e, bessel_ie(v, 0))
NDGPU_SPECIAL_IN_DOUBLE(i1e, bessel_ie(v, 1))
NDGPU_SPECIAL_IN_DOUBLE(k0, bessel_k(v, 0, false))
NDGPU_SPECIAL_IN_DOUBLE(k0e, bessel_k(v, 0, true))
NDGPU_SPECIAL_IN_DOUBLE(k1, bessel_k(v, 1, false))
NDGPU_SPECIAL_IN_DOUBLE(k1e, bessel_k(v, 1, true))
// (ufunc_special_more.cuh uses NDGPU_SPECIAL_IN_DOUBLE too, and undefines it.)
NDGPU_SPECIAL_2(kl_div, kl_div_impl)
NDGPU_SPECIAL_2(huber, huber_impl)
NDGPU_SPECIAL_2(pseudo_huber, pseudo_huber_impl)
NDGPU_SPECIAL_2(boxcox, boxcox_impl)
NDGPU_SPECIAL_2(boxcox1p, boxcox1p_impl)
NDGPU_SPECIAL_2(inv_boxcox, inv_boxcox_impl)
NDGPU_SPECIAL_2(inv_boxcox1p, inv_boxcox1p_impl)
NDGPU_SPECIAL_1(exp10, exp10_impl)
NDGPU_SPECIAL_1(rgamma, rgamma_impl)
NDGPU_SPECIAL_2(betaln, betaln_impl)
NDGPU_SPECIAL_2(beta, beta_impl)
NDGPU_SPECIAL_2(binom, binom_impl)
NDGPU_SPECIAL_2(xlogy, xlogy_impl)
NDGPU_SPECIAL_2(xlog1py, xlog1py_impl)
NDGPU_SPECIAL_1(entr, entr_impl)
NDGPU_SPECIAL_2(rel_entr, rel_entr_impl)
#undef NDGPU_SPECIAL_1
#undef NDGPU_SPECIAL_2

}  // namespace ufn
}  // namespace ndgpu
