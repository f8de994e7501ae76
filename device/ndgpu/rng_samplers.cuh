// The rejection samplers added to philox.cuh's: von Mises, zipf, logseries, hypergeometric
// and the noncentral chi-square, each on one element's own stream (any engine).
#pragma once
#include "ndgpu/philox.cuh"

namespace ndgpu::rng {

// Best and Fisher's von Mises sampler (Applied Statistics 28, 1979) on (-pi, pi] around mu;
// a wrapped normal where kappa > 1e6, uniform where kappa < 1e-8.
template <class S>
NDGPU_HD double vonmises(S& s, double mu, double kappa) {
  const double pi = 3.141592653589793;
  if (kappa != kappa) return kappa;  // NaN, as NumPy: the rejection loop would never accept
  if (kappa < 1e-8) return pi * (2.0 * s.uniform() - 1.0);
  double result;
  if (kappa > 1e6) {
    result = mu + ::sqrt(1.0 / kappa) * s.normal();
  } else {
    double r = 1.0 / kappa + kappa;
    if (kappa >= 1e-5) {
      const double t = 1.0 + ::sqrt(1.0 + 4.0 * kappa * kappa);
      const double rho = (t - ::sqrt(2.0 * t)) / (2.0 * kappa);
      r = (1.0 + rho * rho) / (2.0 * rho);
    }
    double w;
    for (;;) {
      double sn, z;
      sincos_2pi(0.5 * s.uniform(), &sn, &z);  // z = cos(pi U)
      w = (1.0 + r * z) / (r + z);
      const double y = kappa * (r - w), v = s.uniform_open();
      if (y * (2.0 - y) - v >= 0.0 || log_(y / v) + 1.0 - y >= 0.0) break;
    }
    result = acos_(w < 1.0 ? w : 1.0);
    if (s.uniform() < 0.5) result = -result;
    result += mu;
  }
  const bool negative = result < 0.0;  // back onto (-pi, pi]
  double mod = ::fmod(::fabs(result) + pi, 2.0 * pi) - pi;
  return negative ? -mod : mod;
}

// Zipf by rejection (Devroye, "Non-Uniform Random Variate Generation", X.6.1), a > 1. From
// a = 1025 on, 2^(a - 1) overflows and the loop would never end; every draw is then 1 but for
// a chance below 3e-309 (NumPy's Generator's cutoff).
template <class S>
NDGPU_HD long long zipf(S& s, double a) {
  if (a >= 1025.0) return 1;
  const double am1 = a - 1.0, b = pow_(2.0, am1);
  for (;;) {
    const double u = 1.0 - s.uniform(), v = s.uniform();
    const double x = ::floor(pow_(u, -1.0 / am1));
    if (!(x >= 1.0) || x > 9.2233720368547748e18) continue;  // also rejects NaN and inf
    const double t = pow_(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (long long)x;
  }
}

// Kemp's LK algorithm for the logarithmic series (1981); `r` is log1p(-p) from the host.
template <class S>
NDGPU_HD long long logseries(S& s, double p, double r) {
  for (;;) {
    const double v = s.uniform_open();
    if (v >= p) return 1;
    const double q = -expm1_(r * s.uniform_open());
    if (v <= q * q) {
      const double k = ::floor(1.0 + log_(v) / log_(q));
      if (k < 1.0) continue;
      return (long long)k;
    }
    return v >= q ? 1 : 2;
  }
}

// Hypergeometric: draws from the urn one by one where the sample is small, else Stadlober's
// HRUA ratio of uniforms (1989), on the smaller of the two colours and the smaller sample.
template <class S>
NDGPU_HD long long hypergeometric(S& s, long long good, long long bad, long long sample) {
  const long long total = good + bad, m = sample < total - sample ? sample : total - sample;
  const long long few = good < bad ? good : bad, many = total - few;
  long long z;
  if (m <= 10) {
    long long left = few, pop = total;
    z = 0;
    for (long long k = 0; k < m && left > 0; ++k, --pop) {
      if (s.uniform() * (double)pop < (double)left) {  // a ball of the counted colour
        ++z;
        --left;
      }
    }
  } else {
    const double d1 = 1.7155277699214135, d2 = 0.8989161620588988;  // 2 sqrt(2/e), 3 - 2 sqrt(3/e)
    const double pf = (double)few / (double)total, mean = (double)m * pf + 0.5;
    const double sd =
        ::sqrt((double)(total - m) * (double)sample * pf * (1.0 - pf) / (double)(total - 1) + 0.5);
    const double width = d1 * sd + d2;
    const double mode = ::floor((double)(m + 1) * (double)(few + 1) / (double)(total + 2));
    const double lf = lgamma_(mode + 1) + lgamma_((double)few - mode + 1) +
                      lgamma_((double)m - mode + 1) + lgamma_((double)(many - m) + mode + 1);
    const double upper = ::fmin((double)(m < few ? m : few) + 1.0, ::floor(mean + 16.0 * sd));
    for (;;) {
      const double x = s.uniform_open(), y = s.uniform();
      const double w = mean + width * (y - 0.5) / x;
      if (w < 0.0 || w >= upper) continue;
      const double k = ::floor(w);
      const double t = lf - (lgamma_(k + 1) + lgamma_((double)few - k + 1) +
                             lgamma_((double)m - k + 1) + lgamma_((double)(many - m) + k + 1));
      if (x * (4.0 - x) - 3.0 <= t) {
        z = (long long)k;
        break;
      }
      if (x * (x - t) >= 1.0) continue;
      if (2.0 * log_(x) <= t) {
        z = (long long)k;
        break;
      }
    }
  }
  if (good > bad) z = m - z;     // counted the bad ones
  if (m < sample) z = good - z;  // drew the complement
  return z;
}

// Noncentral chi-square: a central one with df - 1 degrees plus a shifted normal squared, or
// (df <= 1) a central one with df + 2 Poisson(nonc / 2) degrees.
template <class S>
NDGPU_HD double noncentral_chisquare(S& s, double df, double nonc) {
  if (nonc != nonc) return nonc;  // NaN, as NumPy (the Poisson would take it as 0)
  if (nonc == 0.0) return 2.0 * standard_gamma(s, df / 2);
  if (df > 1.0) {
    const double n = s.normal() + ::sqrt(nonc);
    return 2.0 * standard_gamma(s, (df - 1.0) / 2) + n * n;
  }
  const long long i = poisson(s, nonc / 2);
  return 2.0 * standard_gamma(s, df / 2 + (double)i);
}

}  // namespace ndgpu::rng
