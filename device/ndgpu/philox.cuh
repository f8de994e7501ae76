// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11): a
// counter-based generator, so an element's numbers depend only on (seed, call, index) and
// never on the backend or the launch shape; the samplers' functions are rng_math.cuh's.
#pragma once
#include "ndgpu/common.cuh"
#include "ndgpu/rng_math.cuh"

namespace ndgpu::rng {

struct Words {
  uint32_t v[4];
};

NDGPU_HD uint32_t mulhi32(uint32_t a, uint32_t b) {
  return (uint32_t)(((uint64_t)a * b) >> 32);
}

// Ten rounds over the 128-bit counter c with the 64-bit key k.
NDGPU_HD Words philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0,
                             uint32_t k1) {
  for (int round = 0; round < 10; ++round) {
    if (round) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    const uint32_t hi0 = mulhi32(0xD2511F53u, c0), lo0 = 0xD2511F53u * c0;
    const uint32_t hi1 = mulhi32(0xCD9E8D57u, c2), lo1 = 0xCD9E8D57u * c2;
    c0 = hi1 ^ c1 ^ k0;
    c1 = lo1;
    c2 = hi0 ^ c3 ^ k1;
    c3 = lo0;
  }
  return Words{{c0, c1, c2, c3}};
}

// The counter of ndgpu's streams: element index (64 bits), the element's block number (`sub`,
// for samplers that need more than one block) and the state's call number.
NDGPU_HD Words draw(uint64_t seed, uint64_t call, uint64_t index, uint32_t sub) {
  return philox4x32_10((uint32_t)index, (uint32_t)(index >> 32), sub, (uint32_t)call,
                       (uint32_t)seed, (uint32_t)(seed >> 32));
}

// Uniform floats from 24 (float) or 53 (double) random bits: exact, so identical everywhere.
NDGPU_HD float u01f(uint32_t x) {  // [0, 1)
  return (float)(x >> 8) * 5.9604644775390625e-08f;
}
NDGPU_HD float u01f_open(uint32_t x) {  // (0, 1): safe under log
  return ((float)(x >> 8) + 0.5f) * 5.9604644775390625e-08f;
}
NDGPU_HD double u01d(uint32_t a, uint32_t b) {  // [0, 1)
  return (double)((uint64_t)(a >> 5) * 67108864u + (b >> 6)) * 1.1102230246251565e-16;
}
NDGPU_HD double u01d_open(uint32_t a, uint32_t b) {  // (0, 1)
  return ((double)((uint64_t)(a >> 5) * 67108864u + (b >> 6)) + 0.5) * 1.1102230246251565e-16;
}

// One element's own sequence of words, for samplers that reject (gamma, Poisson, ...).
struct Stream {
  uint64_t seed, call, index;
  uint32_t sub;
  int pos;
  Words buf;

  NDGPU_HD Stream(uint64_t s, uint64_t c, uint64_t i)
      : seed(s), call(c), index(i), sub(0), pos(4) {}
  NDGPU_HD uint32_t next() {
    if (pos == 4) {
      buf = draw(seed, call, index, sub++);
      pos = 0;
    }
    return buf.v[pos++];
  }
  NDGPU_HD uint64_t next64() {
    uint64_t hi = next();
    return (hi << 32) | next();
  }
  NDGPU_HD double uniform() {
    uint32_t a = next();
    return u01d(a, next());
  }
  NDGPU_HD double uniform_open() {
    uint32_t a = next();
    return u01d_open(a, next());
  }
  NDGPU_HD double normal() {  // one Box-Muller value (the pair's other half is dropped)
    const double r = ::sqrt(-2.0 * log_(uniform_open()));
    double sn, cs;
    sincos_2pi(uniform(), &sn, &cs);
    return r * cs;
  }
};

// Marsaglia and Tsang's method (ACM TOMS 26(3), 2000); shape < 1 boosted by U^(1/shape).
NDGPU_HD double standard_gamma(Stream& s, double shape) {
  if (shape <= 0.0) return 0.0;
  double boost = 1.0;
  if (shape < 1.0) {
    boost = pow_(s.uniform_open(), 1.0 / shape);
    shape += 1.0;
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / ::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = s.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = s.uniform_open();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return d * v * boost;
    if (log_(u) < 0.5 * x * x + d * (1.0 - v + log_(v))) return d * v * boost;
  }
}

NDGPU_HD double beta(Stream& s, double a, double b) {
  const double x = standard_gamma(s, a), y = standard_gamma(s, b);
  return x / (x + y);
}

// Michael, Schucany and Haas's transformation (1976), one normal and one uniform.
NDGPU_HD double wald(Stream& s, double mean, double scale) {
  const double z = s.normal(), y = z * z, mu_y = mean * y;
  const double x = mean + mean * mu_y / (2 * scale) -
                   mean / (2 * scale) * ::sqrt(4 * scale * mu_y + mu_y * mu_y);
  return s.uniform() <= mean / (mean + x) ? x : mean * mean / x;
}

NDGPU_HD double standard_t(Stream& s, double df) {
  const double z = s.normal();
  return z / ::sqrt(2 * standard_gamma(s, df / 2) / df);
}

// Poisson: multiplication of uniforms for small means, Hörmann's PTRS (1993) above 10.
NDGPU_HD long long poisson(Stream& s, double lam) {
  if (lam <= 0.0) return 0;
  if (lam < 10.0) {
    const double limit = exp_(-lam);
    double prod = s.uniform_open();
    long long k = 0;
    while (prod > limit) {
      prod *= s.uniform_open();
      ++k;
    }
    return k;
  }
  const double slam = ::sqrt(lam), loglam = log_(lam);
  const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    const double u = s.uniform() - 0.5, v = s.uniform_open();
    const double us = 0.5 - ::fabs(u);
    const double k = ::floor((2.0 * a / us + b) * u + lam + 0.43);
    if (us >= 0.07 && v <= vr) return (long long)k;
    if (k < 0.0 || (us < 0.013 && v > us)) continue;
    if (log_(v) + log_(invalpha) - log_(a / (us * us) + b) <= -lam + k * loglam - lgamma_(k + 1.0))
      return (long long)k;
  }
}

// Binomial by inversion (BINV) where (1-q)^n is representable, q = min(p, 1-p); else counted
// trial by trial (exact, linear in n: Hormann's BTRD is still to do).
NDGPU_HD long long binomial(Stream& s, long long n, double p) {
  if (n <= 0 || p <= 0.0) return 0;
  if (p >= 1.0) return n;
  const bool flip = p > 0.5;
  const double q = flip ? 1.0 - p : p;
  long long total = 0;
  const double r = q / (1.0 - q);
  const double start = pow_(1.0 - q, (double)n);
  if (start > 1e-300) {
    double u = s.uniform(), pk = start;
    long long k = 0;
    while (u > pk && k < n) {
      u -= pk;
      pk *= r * (double)(n - k) / (double)(k + 1);
      ++k;
    }
    total = k;
  } else {
    for (long long t = 0; t < n; ++t) total += s.uniform() < q;
  }
  return flip ? n - total : total;
}

// A Poisson of a gamma-distributed rate.
NDGPU_HD long long negative_binomial(Stream& s, double n, double p) {
  return poisson(s, standard_gamma(s, n) * (1 - p) / p);
}

}  // namespace ndgpu::rng
