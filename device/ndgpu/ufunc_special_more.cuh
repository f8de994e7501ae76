// cupyx.scipy.special's incomplete gamma and beta functions and their inverses, the zeta
// functions, polygamma, the exponential integrals, poch, yn and the complete elliptic K: both
// loops compute in double (float32 rounds the result), by series, continued fractions and
// Newton steps, with SciPy's values at poles, limits and outside the domain. Included by
// ufunc_math.cuh after ufunc_special.cuh (digamma).
#pragma once

namespace ndgpu {
namespace ufn {
namespace special_more {

constexpr double kEuler = 0.57721566490153286061;  // Euler-Mascheroni
constexpr double kEps = 1.1102230246251565e-16;
constexpr double kTiny = 1e-300;
NDGPU_HD double inf_() {
  return 1.0 / 0.0;
}
NDGPU_HD double nan_() {
  return 0.0 / 0.0;
}

// x^a e^-x / Gamma(a). Past a = 20 through Stirling's series, so that the exponent is
// a (log1p(t) - t), t = x/a - 1, rather than a difference of large logs.
NDGPU_HD double igam_prefactor(double a, double x) {
  if (a < 20) return ::exp(a * ::log(x) - x - ::lgamma(a));
  const double t = (x - a) / a, r = 1 / a, r2 = r * r;
  const double stirling =  // log Gamma(a) - ((a - 1/2) log a - a + log(2 pi) / 2)
      r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680 - r2 / 1188))));
  return ::exp(a * (::log1p(t) - t) - stirling) * ::sqrt(a / (2 * 3.14159265358979323846));
}

// P(a, x) by its series, for x < a + 1 or x < 1: x^a e^-x / Gamma(a + 1) times
// sum x^n / ((a + 1) ... (a + n)).
NDGPU_HD double igam_series(double a, double x) {
  double sum = 1, term = 1;
  for (int n = 1; n < 100000; ++n) {
    term *= x / (a + n);
    sum += term;
    if (term < kEps * sum) break;
  }
  return igam_prefactor(a, x) * sum / a;
}

// Q(a, x) by its continued fraction (modified Lentz), for x > a + 1.
NDGPU_HD double igamc_fraction(double a, double x) {
  double b = x + 1 - a, c = 1 / kTiny, d = 1 / b, h = d;
  for (int i = 1; i < 100000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    d = ::fabs(d) < kTiny ? kTiny : d;
    c = b + an / c;
    c = ::fabs(c) < kTiny ? kTiny : c;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (::fabs(step - 1) < kEps) break;
  }
  return igam_prefactor(a, x) * h;
}

// P(a, x) (upper = false) or Q(a, x), SciPy's values where the series do not apply.
NDGPU_HD double igam(double a, double x, bool upper) {
  if (a != a || x != x || a < 0 || x < 0) return nan_();
  if (a == 0) return x > 0 ? (upper ? 0.0 : 1.0) : nan_();
  if (x == 0) return upper ? 1.0 : 0.0;
  if (::isinf(a)) return ::isinf(x) ? nan_() : (upper ? 1.0 : 0.0);
  if (::isinf(x)) return upper ? 0.0 : 1.0;
  // Each side computes the smaller of P and Q and subtracts for the other.
  if (x > 1 && x > a) {
    const double q = igamc_fraction(a, x);
    return upper ? q : 1 - q;
  }
  const double p = igam_series(a, x);
  return upper ? 1 - p : p;
}

// x with P(a, x) = y (upper = false) or Q(a, x) = y: a Wilson-Hilferty or small-a start,
// then Halley's steps on the side whose value is below 1/2 (its tail keeps full precision).
NDGPU_HD double igam_inverse(double a, double y, bool upper) {
  if (a != a || y != y || a < 0 || y < 0 || y > 1) return nan_();
  const double p = upper ? 1 - y : y, q = upper ? y : 1 - y;
  if (p == 0) return 0;
  if (q == 0) return inf_();
  if (a == 0) return 0;
  const bool solve_q = q < p;  // iterate on the smaller tail
  const double target = solve_q ? q : p, lga = ::lgamma(a);
  double x;
  if (a > 1) {
    const double tail = p < 0.5 ? p : q, t = ::sqrt(-2 * ::log(tail));
    double z = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
    z = p < 0.5 ? z : -z;  // z: the normal quantile of p
    const double w = 1 - 1 / (9 * a) + z / (3 * ::sqrt(a));
    x = ::fmax(1e-3, a * w * w * w);
  } else {
    const double t = 1 - a * (0.253 + a * 0.12);
    x = p < t ? ::pow(p / t, 1 / a) : 1 - ::log1p(-(p - t) / (1 - t));
  }
  for (int it = 0; it < 100; ++it) {
    if (x <= 0) return 0;
    const double value = igam(a, x, solve_q);
    const double density = ::exp((a - 1) * ::log(x) - x - lga);  // dP/dx
    if (density == 0) break;
    // f(x) = P - p increases with x; f(x) = Q - q decreases.
    const double err = solve_q ? target - value : value - target, u = err / density;
    const double step = u / (1 - 0.5 * ::fmin(1.0, u * ((a - 1) / x - 1)));
    const double next = x - step;
    x = next <= 0 ? x / 2 : next;
    if (::fabs(step) < 1e-14 * x) break;
  }
  return x;
}

// Bernoulli numbers over factorials, B_2j / (2j)!, j = 1..12.
NDGPU_HD double bernoulli_ratio(int j) {
  constexpr double k[12] = {
      8.333333333333333e-02,  -1.388888888888889e-03,  3.306878306878307e-05,
      -8.267195767195768e-07, 2.08767569878681e-08,    -5.284190138687493e-10,
      1.3382536530684679e-11, -3.3896802963225827e-13, 8.586062056277845e-15,
      -2.174868698558062e-16, 5.5090028283602295e-18,  -1.3954464685812522e-19};
  return k[j];
}

// sum over k >= 0 of (q + k)^-s (s != 1) by Euler-Maclaurin: the terms until q + n >= 10
// directly (returning early once the rest is below rounding), then the integral, half the
// next term and the Bernoulli corrections at a = q + n.
NDGPU_HD double hurwitz(double s, double q) {
  double sum = 0, a = q;
  for (int k = 0; k < 200000 && (k < 10 || a < 10); ++k, a += 1) {
    const double term = ::pow(a, -s);
    sum += term;
    if (s > 1 && a > 0 && k > 0 && term * (1 + a / (s - 1)) < kEps * ::fabs(sum)) return sum;
  }
  const double as = ::pow(a, -s);
  sum += a * as / (s - 1) + 0.5 * as;
  double rising = s, power = as / a;
  for (int j = 0; j < 12; ++j) {
    const double term = bernoulli_ratio(j) * rising * power;
    sum += term;
    if (::fabs(term) < kEps * ::fabs(sum)) break;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
    power /= a * a;
  }
  return sum;
}

// Hurwitz's zeta(x, q), SciPy's domain: x > 1, or x = 1 (inf); q at a pole gives inf, a
// negative q with a non-integer x NaN.
NDGPU_HD double zeta(double x, double q) {
  if (x != x || q != q) return nan_();
  if (x == 1) return inf_();
  if (x < 1) return nan_();
  if (q <= 0) {
    if (q == ::floor(q)) return inf_();
    if (x != ::floor(x)) return nan_();
  }
  if (::isinf(x)) return q == 1 ? 1.0 : (q > 1 ? 0.0 : inf_());
  return hurwitz(x, q);
}

// Riemann's zeta(x) - 1 for every real x: sum over k >= 2 above 1, Euler-Maclaurin on
// [0, 1), the reflection formula below 0 (in logs past -50, where Gamma overflows).
NDGPU_HD double zetac(double x) {
  if (x != x) return nan_();
  if (x == 1) return inf_();
  if (x > 1) return ::isinf(x) ? 0.0 : hurwitz(x, 2);
  if (x >= 0) return hurwitz(x, 1) - 1;
  if (::isinf(x)) return nan_();
  const double s = ::sinpi(x / 2), z1 = 1 + zetac(1 - x);
  if (s == 0) return -1;  // the trivial zeros, -2, -4, ...
  if (x > -50) {
    return ::pow(2.0, x) * ::pow(3.14159265358979323846, x - 1) * s * ::tgamma(1 - x) * z1 - 1;
  }
  const double lg = x * 0.69314718055994530942 + (x - 1) * 1.14472988584940017414 +
                    ::lgamma(1 - x) + ::log(::fabs(s) * z1);
  return (s < 0 ? -1 : 1) * ::exp(lg) - 1;
}

// polygamma(n, x): digamma for n = 0, else (-1)^(n+1) n! zeta(n + 1, x); NaN for a
// negative or non-integer n.
NDGPU_HD double polygamma(double n, double x) {
  if (n != n || x != x || n < 0 || n != ::floor(n)) return nan_();
  if (n == 0) return digamma(x);
  const double z = zeta(n + 1, x);
  return (::fmod(n, 2.0) == 1 ? 1 : -1) * ::tgamma(n + 1) * z;
}

// E_n(x) for integer n >= 0, x >= 0: the continued fraction past x = 1, the series (with
// digamma(n) at the k = n - 1 term) below.
NDGPU_HD double expn(int n, double x) {
  if (x != x || n < 0 || x < 0) return nan_();
  if (x == 0) return n <= 1 ? inf_() : 1.0 / (n - 1);
  if (n == 0) return ::exp(-x) / x;
  if (::isinf(x)) return 0;
  if (x > 1) {
    double b = x + n, c = 1 / kTiny, d = 1 / b, h = d;
    for (int i = 1; i < 100000; ++i) {
      const double an = -double(i) * (n - 1 + i);
      b += 2;
      d = 1 / (an * d + b);
      c = b + an / c;
      const double step = c * d;
      h *= step;
      if (::fabs(step - 1) < kEps) break;
    }
    return h * ::exp(-x);
  }
  double sum = n - 1 != 0 ? 1.0 / (n - 1) : -::log(x) - kEuler, factor = 1;
  for (int k = 1; k < 100000; ++k) {
    factor *= -x / k;
    double term;
    if (k != n - 1) {
      term = -factor / (k - n + 1);
    } else {
      double psi = -kEuler;
      for (int j = 1; j < n; ++j) psi += 1.0 / j;
      term = factor * (-::log(x) + psi);
    }
    sum += term;
    if (::fabs(term) < ::fabs(sum) * kEps) break;
  }
  return sum;
}

// Ei(x): -E1(-x) below 0, its series up to 40, the asymptotic series past it.
NDGPU_HD double expi(double x) {
  if (x != x) return nan_();
  if (x == 0) return -inf_();
  if (x < 0) return -expn(1, -x);
  if (x > 709.8) return inf_();
  if (x <= 40) {
    double sum = 0, term = 1;
    for (int k = 1; k < 1000; ++k) {
      term *= x / k;
      const double add = term / k;
      sum += add;
      if (add < kEps * sum) break;
    }
    return kEuler + ::log(x) + sum;
  }
  double sum = 1, term = 1;
  for (int k = 1; k < 40; ++k) {
    const double next = term * k / x;
    if (next > term) break;
    term = next;
    sum += term;
    if (term < kEps * sum) break;
  }
  return ::exp(x) / x * sum;
}

// poch(z, m) = Gamma(z + m) / Gamma(z): a product for small integer m, the poles' limits, else
// the gammas' logs with their signs.
NDGPU_HD double poch(double z, double m) {
  if (z != z || m != m) return nan_();
  if (m == 0) return 1;
  const bool z_pole = z <= 0 && z == ::floor(z), zm_pole = z + m <= 0 && z + m == ::floor(z + m);
  if (m == ::floor(m) && ::fabs(m) <= 30) {  // exact wherever z or z + m is a pole too
    double r = 1;
    if (m > 0) {
      for (int k = 0; k < int(m); ++k) r *= z + k;
    } else {
      for (int k = 1; k <= int(-m); ++k) r /= z - k;
    }
    return r;
  }
  if (zm_pole && z_pole) {  // Gamma(1 - z - m)/Gamma(1 - z) (-1)^m, by reflection
    return (::fmod(::fabs(m), 2.0) == 1 ? -1 : 1) * ::exp(::lgamma(1 - z) - ::lgamma(1 - z - m));
  }
  if (z_pole) return 0;
  if (zm_pole) return inf_();
  const double sign = gamma_sign(z + m) * gamma_sign(z);
  return sign * ::exp(::lgamma(z + m) - ::lgamma(z));
}

// The complete elliptic integral K in terms of p = 1 - m: pi / (2 AGM(1, sqrt(p))).
NDGPU_HD double ellipk_of_complement(double p) {
  if (p != p || p < 0) return nan_();
  if (p == 0) return inf_();
  if (::isinf(p)) return 0;
  double a = 1, b = ::sqrt(p);
  for (int i = 0; i < 64 && ::fabs(a - b) > kEps * a; ++i) {
    const double mean = (a + b) / 2;
    b = ::sqrt(a * b);
    a = mean;
  }
  return 3.14159265358979323846 / (a + b);
}

// Y_n(x) for integer n: Y_-n = (-1)^n Y_n.
NDGPU_HD double yn(int n, double x) {
  if (x != x) return nan_();
  if (x < 0) return nan_();
  const double y = ::yn(n < 0 ? -n : n, x);
  return n < 0 && (n & 1) ? -y : y;
}

// The incomplete beta's continued fraction (modified Lentz), converging for x below
// (a + 1) / (a + b + 2).
NDGPU_HD double ibeta_fraction(double a, double b, double x) {
  const double ab = a + b, ap = a + 1, am = a - 1;
  double c = 1, d = 1 - ab * x / ap;
  d = 1 / (::fabs(d) < kTiny ? kTiny : d);
  double h = d;
  for (int m = 1; m < 100000; ++m) {
    const int m2 = 2 * m;
    double aa = m * (b - m) * x / ((am + m2) * (a + m2));  // the even step
    d = 1 + aa * d;
    d = 1 / (::fabs(d) < kTiny ? kTiny : d);
    c = 1 + aa / c;
    c = ::fabs(c) < kTiny ? kTiny : c;
    h *= d * c;
    aa = -(a + m) * (ab + m) * x / ((a + m2) * (ap + m2));  // the odd step
    d = 1 + aa * d;
    d = 1 / (::fabs(d) < kTiny ? kTiny : d);
    c = 1 + aa / c;
    c = ::fabs(c) < kTiny ? kTiny : c;
    const double step = d * c;
    h *= step;
    if (::fabs(step - 1) < kEps) break;
  }
  return h;
}

// The regularized incomplete beta I_x(a, b): the fraction on the side where it converges,
// through the symmetry I_x(a, b) = 1 - I_(1-x)(b, a) on the other.
NDGPU_HD double ibeta(double a, double b, double x) {
  if (a != a || b != b || x != x || a <= 0 || b <= 0 || x < 0 || x > 1) return nan_();
  if (x == 0 || x == 1) return x;
  const double front =
      ::exp(::lgamma(a + b) - ::lgamma(a) - ::lgamma(b) + a * ::log(x) + b * ::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * ibeta_fraction(a, b, x) / a;
  return 1 - front * ibeta_fraction(b, a, 1 - x) / b;
}

// x with I_x(a, b) = y: a normal-quantile start (a, b >= 1) or the two tails' power laws,
// then Halley's steps kept inside (0, 1).
NDGPU_HD double ibeta_inverse(double a, double b, double y) {
  if (a != a || b != b || y != y || a <= 0 || b <= 0 || y < 0 || y > 1) return nan_();
  if (y == 0 || y == 1) return y;
  double x;
  if (a >= 1 && b >= 1) {
    const double t = ::sqrt(-2 * ::log(y < 0.5 ? y : 1 - y));
    double z = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
    z = y < 0.5 ? z : -z;  // the normal quantile of y
    const double al = (z * z - 3) / 6, h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const double w = -z * ::sqrt(al + h) / h -
                     (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5.0 / 6 - 2 / (3 * h));
    x = a / (a + b * ::exp(2 * w));
  } else {
    const double lna = ::log(a / (a + b)), lnb = ::log(b / (a + b));
    const double t = ::exp(a * lna) / a, u = ::exp(b * lnb) / b, w = t + u;
    x = y < t / w ? ::pow(a * w * y, 1 / a) : 1 - ::pow(b * w * (1 - y), 1 / b);
  }
  const double log_beta = ::lgamma(a) + ::lgamma(b) - ::lgamma(a + b);
  for (int it = 0; it < 100; ++it) {
    if (x <= 0 || x >= 1) return x <= 0 ? 0.0 : 1.0;
    const double err = ibeta(a, b, x) - y;
    const double density = ::exp((a - 1) * ::log(x) + (b - 1) * ::log1p(-x) - log_beta);
    if (density == 0) break;
    const double u = err / density;
    const double step = u / (1 - 0.5 * ::fmin(1.0, u * ((a - 1) / x - (b - 1) / (1 - x))));
    double next = x - step;
    if (next <= 0) next = x / 2;
    if (next >= 1) next = (x + 1) / 2;
    x = next;
    if (::fabs(step) < 1e-14 * x && it > 0) break;
  }
  return x;
}

}  // namespace special_more

// Two and three inputs, as ufunc_special.cuh's NDGPU_SPECIAL_IN_DOUBLE: both loops in double.
#define NDGPU_SPECIAL_IN_DOUBLE_2(name, expr)              \
  NDGPU_HD float name(const float& a, const float& b) {    \
    return float(expr);                                    \
  }                                                        \
  NDGPU_HD double name(const double& a, const double& b) { \
    return expr;                                           \
  }
#define NDGPU_SPECIAL_IN_DOUBLE_3(name, expr)                               \
  NDGPU_HD float name(const float& a, const float& b, const float& c) {     \
    return float(expr);                                                     \
  }                                                                         \
  NDGPU_HD double name(const double& a, const double& b, const double& c) { \
    return expr;                                                            \
  }
NDGPU_SPECIAL_IN_DOUBLE_2(gammainc, special_more::igam(a, b, false))
NDGPU_SPECIAL_IN_DOUBLE_2(gammaincc, special_more::igam(a, b, true))
NDGPU_SPECIAL_IN_DOUBLE_2(gammaincinv, special_more::igam_inverse(a, b, false))
NDGPU_SPECIAL_IN_DOUBLE_2(gammainccinv, special_more::igam_inverse(a, b, true))
NDGPU_SPECIAL_IN_DOUBLE_2(zeta, special_more::zeta(a, b))
NDGPU_SPECIAL_IN_DOUBLE(zetac, special_more::zetac(v))
NDGPU_SPECIAL_IN_DOUBLE_2(polygamma, special_more::polygamma(a, b))
NDGPU_SPECIAL_IN_DOUBLE(exp1, special_more::expn(1, v))
NDGPU_SPECIAL_IN_DOUBLE(expi, special_more::expi(v))
// SciPy's expn and yn take an integer order; a float one is truncated, as its dd->d loops.
NDGPU_SPECIAL_IN_DOUBLE_2(expn, a != a ? special_more::nan_() : special_more::expn(int(a), b))
NDGPU_SPECIAL_IN_DOUBLE_2(yn, a != a ? special_more::nan_() : special_more::yn(int(a), b))
NDGPU_SPECIAL_IN_DOUBLE_2(poch, special_more::poch(a, b))
NDGPU_SPECIAL_IN_DOUBLE(ellipk, special_more::ellipk_of_complement(1 - double(v)))
NDGPU_SPECIAL_IN_DOUBLE(ellipkm1, special_more::ellipk_of_complement(v))
// SciPy's loggamma of a real: log Gamma(x) for x >= 0, NaN below.
NDGPU_SPECIAL_IN_DOUBLE(loggamma, v < 0 ? special_more::nan_() : ::lgamma(double(v)))
NDGPU_SPECIAL_IN_DOUBLE_3(betainc, special_more::ibeta(a, b, c))
NDGPU_SPECIAL_IN_DOUBLE_3(betaincinv, special_more::ibeta_inverse(a, b, c))
#undef NDGPU_SPECIAL_IN_DOUBLE
#undef NDGPU_SPECIAL_IN_DOUBLE_2
#undef NDGPU_SPECIAL_IN_DOUBLE_3

}  // namespace ufn
}  // namespace ndgpu
