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

// Ten rounds over the 128-bit counter c with the 64-bit key k.
NDGPU_HD Words philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0,
                             uint32_t k1) {
#ifdef NDGPU_DEVICE_CUDA
#pragma unroll
#endif
  for (int round = 0; round < 10; ++round) {
    if (round) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    // One 32x32 -> 64 product gives both halves. On a GPU it is spelled as PTX's mul.wide:
    // from the C++ form, ptxas added the (zero) high words' products back in, a third more
    // instructions per call in the generating kernels (SASS, 2026-12-02).
#ifdef __CUDA_ARCH__
    uint64_t p0, p1;
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(p0) : "r"(c0), "r"(0xD2511F53u));
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(p1) : "r"(c2), "r"(0xCD9E8D57u));
#else
    const uint64_t p0 = (uint64_t)0xD2511F53u * c0, p1 = (uint64_t)0xCD9E8D57u * c2;
#endif
    c0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0;
    c1 = (uint32_t)p1;
    c2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
    c3 = (uint32_t)p0;
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

// Philox as an engine: element `index` of call `call` reads counters (index, sub, call) for
// sub = 0, 1, ...; other engines (rng_engines.cuh) have the same two members.
struct PhiloxEngine {
  uint64_t seed, call, index;
  uint32_t sub;
  NDGPU_HD PhiloxEngine(uint64_t s, uint64_t c, uint64_t i) : seed(s), call(c), index(i), sub(0) {}
  NDGPU_HD Words next4() { return draw(seed, call, index, sub++); }
};

// One element's own sequence of words, for samplers that reject (gamma, Poisson, ...).
template <class Engine>
struct BasicStream {
  Engine engine;
  int pos;
  Words buf;

  NDGPU_HD BasicStream(uint64_t s, uint64_t c, uint64_t i) : engine(s, c, i), pos(4) {}
  NDGPU_HD uint32_t next() {
    if (pos == 4) {
      buf = engine.next4();
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
using Stream = BasicStream<PhiloxEngine>;

// Marsaglia and Tsang's method (ACM TOMS 26(3), 2000); shape < 1 boosted by U^(1/shape).
template <class S>
NDGPU_HD double standard_gamma(S& s, double shape) {
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

template <class S>
NDGPU_HD double beta(S& s, double a, double b) {
  const double x = standard_gamma(s, a), y = standard_gamma(s, b);
  return x / (x + y);
}

// Michael, Schucany and Haas's transformation (1976), one normal and one uniform. Its root,
// mean + mean (Y - sqrt(4 scale Y + Y^2)) / (2 scale) with Y = mean z^2, is taken in the
// form without cancellation, as NumPy's Generator: exact for a large scale (infinite: mean).
template <class S>
NDGPU_HD double wald(S& s, double mean, double scale) {
  const double z = s.normal(), mu_y = mean * (z * z);
  const double x = mean * (1 - 2 / (1 + ::sqrt(1 + 4 * scale / mu_y)));
  return s.uniform() <= mean / (mean + x) ? x : mean * mean / x;
}

template <class S>
NDGPU_HD double standard_t(S& s, double df) {
  const double z = s.normal();
  return z / ::sqrt(2 * standard_gamma(s, df / 2) / df);
}

// Poisson: multiplication of uniforms for small means, Hörmann's PTRS (1993) above 10.
template <class S>
NDGPU_HD long long poisson(S& s, double lam) {
  if (!(lam > 0.0)) return 0;  // NaN too, as NumPy's legacy negative_binomial(nan, p)
  // Past int64 (only the legacy negative_binomial gets here): NumPy's value, int64's minimum
  // (its count's conversion on x86), the same on every backend.
  if (!(lam <= 9.2233720064847708e18)) return -9223372036854775807LL - 1;
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

// log k! minus Stirling's approximation (k + 1/2) log(k + 1) - (k + 1) + log(2 pi) / 2.
NDGPU_HD double stirling_tail(double k) {
  const double kp1 = k + 1.0;
  if (k < 10.0) return lgamma_(kp1) - ((k + 0.5) * log_(kp1) - kp1 + 0.91893853320467274);
  const double r2 = 1.0 / (kp1 * kp1);
  return (1.0 / 12 - (1.0 / 360 - r2 / 1260) * r2) / kp1;
}

// Hormann's BTRD (transformed rejection with decomposition, 1993) for n q >= 10, q <= 1/2.
template <class S>
NDGPU_HD long long binomial_btrd(S& s, long long n, double q) {
  const double nq = (double)n * q, spq = ::sqrt(nq * (1.0 - q));
  const double b = 1.15 + 2.53 * spq, a = -0.0873 + 0.0248 * b + 0.01 * q;
  const double c = nq + 0.5, alpha = (2.83 + 5.1 / b) * spq, vr = 0.92 - 4.2 / b;
  const double urvr = 0.86 * vr, lpq = q / (1.0 - q), m = ::floor((double)(n + 1) * q);
  const double nr = (double)(n + 1) * lpq, npq = spq * spq;
  for (;;) {
    double v = s.uniform(), u;
    if (v <= urvr) {
      u = v / vr - 0.43;
      return (long long)::floor((2.0 * a / (0.5 - ::fabs(u)) + b) * u + c);
    }
    if (v >= vr) {
      u = s.uniform() - 0.5;
    } else {
      u = v / vr - 0.93;
      u = (u < 0 ? -0.5 : 0.5) - u;
      v = s.uniform() * vr;
    }
    const double us = 0.5 - ::fabs(u), k = ::floor((2.0 * a / us + b) * u + c);
    if (k < 0.0 || k > (double)n) continue;
    v = v * alpha / (a / (us * us) + b);
    const double km = ::fabs(k - m);
    if (km <= 15.0) {  // f(k) / f(m) by the recurrence
      double f = 1.0;
      for (double i = m + 1; i <= k; i += 1.0) f *= nr / i - lpq;
      for (double i = k + 1; i <= m; i += 1.0) v *= nr / i - lpq;
      if (v <= f) return (long long)k;
      continue;
    }
    const double lv = log_(v);  // squeeze, then the exact log f(k) / f(m)
    const double rho = (km / npq) * (((km / 3.0 + 0.625) * km + 1.0 / 6.0) / npq + 0.5);
    const double t = -km * km / (2.0 * npq);
    if (lv < t - rho) return (long long)k;
    if (lv > t + rho) continue;
    const double nm = (double)n - m + 1.0, nk = (double)n - k + 1.0;
    const double h =
        (m + 0.5) * log_((m + 1.0) / (lpq * nm)) + stirling_tail(m) + stirling_tail((double)n - m);
    if (lv <= h + (double)(n + 1) * log_(nm / nk) + (k + 0.5) * log_(nk * lpq / (k + 1.0)) -
                  stirling_tail(k) - stirling_tail((double)n - k))
      return (long long)k;
  }
}

// Binomial: BTRD where n q >= 10 (q = min(p, 1 - p)), else inversion (BINV), whose start
// (1 - q)^n is then above e^-14.
template <class S>
NDGPU_HD long long binomial(S& s, long long n, double p) {
  if (n <= 0 || p <= 0.0) return 0;
  if (p >= 1.0) return n;
  const bool flip = p > 0.5;
  const double q = flip ? 1.0 - p : p;
  long long total;
  if ((double)n * q >= 10.0) {
    total = binomial_btrd(s, n, q);
  } else {
    const double r = q / (1.0 - q);
    double u = s.uniform(), pk = pow_(1.0 - q, (double)n);
    long long k = 0;
    while (u > pk && k < n) {
      u -= pk;
      pk *= r * (double)(n - k) / (double)(k + 1);
      ++k;
    }
    total = k;
  }
  return flip ? n - total : total;
}

// A Poisson of a gamma-distributed rate.
template <class S>
NDGPU_HD long long negative_binomial(S& s, double n, double p) {
  return poisson(s, standard_gamma(s, n) * (1 - p) / p);
}

}  // namespace ndgpu::rng
