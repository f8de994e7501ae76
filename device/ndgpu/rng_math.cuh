// The samplers' elementary functions, written with IEEE-exact operations only (+ - * / sqrt
// floor frexp ldexp, explicit fma), so CUDA's libdevice and the host's libm, which differ in
// the last bits, never make the backends' random numbers differ. Kernels using them compile
// with -fmad=false (no contraction either). A few ulp of accuracy: plenty for sampling.
#pragma once
#include "ndgpu/common.cuh"

namespace ndgpu::rng {

// c[0] + c[1] x + ... + c[N-1] x^(N-1); N is a constant, so the loop unrolls and the
// coefficients stay immediates (no local-memory array on a GPU).
template <int N, class T>
NDGPU_HD T horner(T x, const T* c) {
  T p = c[N - 1];
#ifdef NDGPU_DEVICE_CUDA
#pragma unroll
#endif
  for (int k = N - 2; k >= 0; --k) p = ::fma(p, x, c[k]);
  return p;
}

// A float's or a double's bits, and back: the exponent and quadrant arithmetic below is on
// integers.
NDGPU_HD uint32_t bits_(float x) {
#ifdef NDGPU_DEVICE_CUDA
  return __float_as_uint(x);
#else
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  return b;
#endif
}
NDGPU_HD float from_bits_(uint32_t b) {
#ifdef NDGPU_DEVICE_CUDA
  return __uint_as_float(b);
#else
  float x;
  memcpy(&x, &b, sizeof x);
  return x;
#endif
}
NDGPU_HD uint64_t bits_(double x) {
#ifdef NDGPU_DEVICE_CUDA
  return (uint64_t)__double_as_longlong(x);
#else
  uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
#endif
}
NDGPU_HD double from_bits_(uint64_t b) {
#ifdef NDGPU_DEVICE_CUDA
  return __longlong_as_double((long long)b);
#else
  double x;
  memcpy(&x, &b, sizeof x);
  return x;
#endif
}

// frexp for a positive finite x, reading the exponent field where x is normal (a few integer
// operations instead of the library call); the same (m, e) as ::frexp.
NDGPU_HD float frexp_(float x, int* e) {
  const uint32_t b = bits_(x);
  const int field = (int)(b >> 23);
  if (field == 0) return ::frexp(x, e);
  *e = field - 126;
  return from_bits_((b & 0x807FFFFFu) | 0x3F000000u);
}
NDGPU_HD double frexp_(double x, int* e) {
  const uint64_t b = bits_(x);
  const int field = (int)(b >> 52);
  if (field == 0) return ::frexp(x, e);
  *e = field - 1022;
  return from_bits_(uint64_t((b & 0x800FFFFFFFFFFFFFull) | 0x3FE0000000000000ull));
}

// Natural log: x = m 2^e with m in [::sqrt(1/2), ::sqrt(2)), log m = 2 atanh((m-1)/(m+1)).
template <class T>
NDGPU_HD T log_(T x) {
  if (!(x > T(0))) return x == T(0) ? T(-1) / T(0) : (x - x) / (x - x);
  if (x - x != T(0)) return x;  // +inf
  int e;
  T m = frexp_(x, &e);
  if (m < T(0.70710678118654752)) {
    m = m * T(2);
    e -= 1;
  }
  const T s = (m - T(1)) / (m + T(1)), s2 = s * s;
  // 2 atanh(s) = 2s (1 + s^2/3 + s^4/5 + ...); |s| < 0.172.
  const T c[] = {T(1) / 3,  T(1) / 5,  T(1) / 7,  T(1) / 9,  T(1) / 11, T(1) / 13,
                 T(1) / 15, T(1) / 17, T(1) / 19, T(1) / 21, T(1) / 23};
  const T poly = sizeof(T) == 4 ? horner<4>(s2, c) : horner<11>(s2, c);
  const T logm = ::fma(T(2) * s, s2 * poly, T(2) * s);
  const T ln2_hi = T(0.693145751953125), ln2_lo = T(1.42860682030941723212e-6);
  return ::fma(T(e), ln2_hi, ::fma(T(e), ln2_lo, logm));
}

// exp: x = k ln2 + r with |r| <= ln2/2, then Taylor's series of e^r.
template <class T>
NDGPU_HD T exp_(T x) {
  const T big = sizeof(T) == 4 ? T(88.72) : T(709.78);
  if (x > big) return T(1) / T(0);
  if (x < -big - T(40)) return T(0);
  if (x != x) return x;
  const T k = ::floor(::fma(x, T(1.4426950408889634), T(0.5)));
  const T ln2_hi = T(0.693145751953125), ln2_lo = T(1.42860682030941723212e-6);
  const T r = ::fma(-k, ln2_lo, ::fma(-k, ln2_hi, x));
  const T c[] = {T(1),
                 T(1),
                 T(1) / 2,
                 T(1) / 6,
                 T(1) / 24,
                 T(1) / 120,
                 T(1) / 720,
                 T(1) / 5040,
                 T(1) / 40320,
                 T(1) / 362880,
                 T(1) / 3628800,
                 T(1) / 39916800,
                 T(1) / 479001600,
                 T(1) / 6227020800.0};
  return ::ldexp(sizeof(T) == 4 ? horner<9>(r, c) : horner<14>(r, c), (int)k);
}

template <class T>
NDGPU_HD T pow_(T a, T b) {  // a >= 0
  if (a == T(0)) return b > T(0) ? T(0) : (b == T(0) ? T(1) : T(1) / T(0));
  return exp_(b * log_(a));
}

// sin and cos of 2 pi u: u's nearest quarter turn is taken exactly, the rest is |x| <= pi/4.
template <class T>
NDGPU_HD void sincos_2pi(T u, T* s, T* c) {
  const T q = ::floor(::fma(u, T(4), T(0.5)));
  const T x = (::fma(u, T(4), -q)) * T(1.5707963267948966);
  const T x2 = x * x;
  const T sc[] = {T(1),
                  T(-1) / 6,
                  T(1) / 120,
                  T(-1) / 5040,
                  T(1) / 362880,
                  T(-1) / 39916800,
                  T(1) / 6227020800.0,
                  T(-1) / 1307674368000.0,
                  T(1) / 355687428096000.0};
  const T cc[] = {T(1),
                  T(-1) / 2,
                  T(1) / 24,
                  T(-1) / 720,
                  T(1) / 40320,
                  T(-1) / 3628800,
                  T(1) / 479001600,
                  T(-1) / 87178291200.0,
                  T(1) / 20922789888000.0,
                  T(-1) / 6402373705728000.0};
  const bool f = sizeof(T) == 4;
  const T sn = x * (f ? horner<5>(x2, sc) : horner<9>(x2, sc));
  const T cs = f ? horner<5>(x2, cc) : horner<10>(x2, cc);
  const int quadrant = (int)q & 3;
  *s = quadrant == 0 ? sn : quadrant == 1 ? cs : quadrant == 2 ? -sn : -cs;
  *c = quadrant == 0 ? cs : quadrant == 1 ? -sn : quadrant == 2 ? -cs : sn;
}

// log Gamma(x) for x > 0: shifted to x >= 10, then Stirling's series (error < 1e-16).
NDGPU_HD double lgamma_(double x) {
  double shift = 0;
  while (x < 10.0) {
    shift += log_(x);
    x += 1.0;
  }
  const double r = 1.0 / x, r2 = r * r;
  const double c[] = {1.0 / 12,   -1.0 / 360,        1.0 / 1260, -1.0 / 1680,
                      1.0 / 1188, -691.0 / 360360.0, 1.0 / 156};
  const double series = r * horner<7>(r2, c);
  return ::fma(x - 0.5, log_(x), -x) + 0.91893853320467274 + series - shift;
}

// e^x - 1 without cancellation: Taylor's series where |x| < 1/2.
NDGPU_HD double expm1_(double x) {
  if (!(::fabs(x) < 0.5)) return exp_(x) - 1.0;
  const double c[] = {1.0,
                      1.0 / 2,
                      1.0 / 6,
                      1.0 / 24,
                      1.0 / 120,
                      1.0 / 720,
                      1.0 / 5040,
                      1.0 / 40320,
                      1.0 / 362880,
                      1.0 / 3628800,
                      1.0 / 39916800,
                      1.0 / 479001600,
                      1.0 / 6227020800.0,
                      1.0 / 87178291200.0,
                      1.0 / 1307674368000.0,
                      1.0 / 20922789888000.0,
                      1.0 / 355687428096000.0};
  return x * horner<17>(x, c);
}

// atan(t) for t >= 0: 1/t above 1, then two half-angle steps (|t| <= tan(pi/16)) and the
// series t - t^3/3 + t^5/5 - ...
NDGPU_HD double atan_(double t) {
  const bool invert = t > 1.0;
  if (invert) t = 1.0 / t;
  for (int k = 0; k < 2; ++k) t = t / (1.0 + ::sqrt(::fma(t, t, 1.0)));
  const double c[] = {1.0,      -1.0 / 3,  1.0 / 5,  -1.0 / 7,  1.0 / 9,  -1.0 / 11,
                      1.0 / 13, -1.0 / 15, 1.0 / 17, -1.0 / 19, 1.0 / 21, -1.0 / 23};
  const double r = 4.0 * t * horner<12>(t * t, c);
  return invert ? 1.5707963267948966 - r : r;
}

// acos(w) = 2 atan(sqrt((1 - w) / (1 + w))) on [-1, 1].
NDGPU_HD double acos_(double w) {
  if (w <= -1.0) return 3.141592653589793;
  return 2.0 * atan_(::sqrt((1.0 - w) / (1.0 + w)));
}

}  // namespace ndgpu::rng
