// CUDA's math functions that <math.h> lacks, for the CPU backend: erfinv, erfcinv, erfcx,
// normcdf(inv), sinpi/cospi, cyl_bessel_i0/i1, the norms and reciprocals. Each is computed
// in long double (x87 or quad precision) and rounded once, so results are within an ulp or
// two of the exact value; CUDA's documented special cases (0, ±1, ±inf, NaN) are kept.
// Float forms are the double ones rounded, as CUDA's float overloads in the global scope.
#pragma once
#include <math.h>

namespace ndgpu_cpu {

typedef long double wide;
const wide kPi = 3.14159265358979323846264338327950288L;
const wide kSqrtPiOver2 = 0.886226925452758013649083741671055L;
const wide kSqrtHalf = 0.707106781186547524400844362104849039L;

// Halley's method on f(x) = erf(x) - y (complement: erfc(x) - z): f''/f' = -2x, so a step
// is t / (1 + x t) with t = f / f'. Converges cubically from the first guesses below.
inline wide halley_inverse(wide x, bool complement, wide target) {
  for (int i = 0; i < 12; ++i) {
    wide f = complement ? -(erfcl(x) - target) : erfl(x) - target;
    wide t = f * kSqrtPiOver2 * expl(x * x);
    wide step = t / (1 + x * t);
    x -= step;
    if (fabsl(step) <= 1e-15L * fabsl(x)) break;  // the error is now far below precision
  }
  return x;
}

// erfinv for |y| <= 1/2 (erf keeps full relative precision there).
inline wide erfinv_center(wide y) {
  wide x = kSqrtPiOver2 * y * (1 + kPi / 12 * y * y);  // the series' first two terms
  return halley_inverse(x, false, y);
}

// erfcinv for 0 < z <= 1/2, from erfc(x) ~ exp(-x^2) / (x sqrt(pi)).
inline wide erfcinv_tail(wide z) {
  wide l = -logl(z);
  wide x = sqrtl(fmaxl(l - 0.5L * logl(kPi * l), 0.25L));
  return halley_inverse(x, true, z);
}

inline wide erfcinv_wide(double z) {
  if (z != z || z < 0 || z > 2) return NAN;
  if (z == 0) return INFINITY;
  if (z == 2) return -INFINITY;
  if (z <= 0.5) return erfcinv_tail(z);
  if (z <= 1.5) return erfinv_center(1 - wide(z));  // 1 - z is exact here
  return -erfcinv_tail(2 - wide(z));
}

inline wide erfinv_wide(double y) {
  if (y != y || y < -1 || y > 1) return NAN;
  if (fabs(y) == 1) return copysign(INFINITY, y);
  if (fabs(y) <= 0.5) return erfinv_center(y);
  return copysignl(erfcinv_tail(1 - wide(fabs(y))), y);
}

// erfc(x) exp(x^2): the product until erfcl underflows, then the asymptotic series.
inline wide erfcx_wide(double x) {
  if (x != x) return x;
  if (x < 100) return erfcl(x) * expl(wide(x) * x);
  wide r = 1 / (2 * wide(x) * x), term = 1, sum = 1;
  for (int k = 1; k < 12; ++k) {
    term *= -(2 * k - 1) * r;
    sum += term;
  }
  return sum / (wide(x) * sqrtl(kPi));
}

// x - 2k for the integer k that leaves |r| <= 1/2, and k's parity; x finite.
inline wide reduce_half_turns(double x, int* quadrant) {
  double r = remainder(x, 2.0);  // exact, in [-1, 1]
  double n = nearbyint(2 * r);   // r = n/2 + f with |f| <= 1/4
  *quadrant = int(n) & 3;
  return wide(r) - wide(n) / 2;
}

inline double sin_pi(double x) {
  if (!isfinite(x)) return x - x;  // NaN, also for infinities
  int q;
  wide f = reduce_half_turns(x, &q);
  wide v = (q & 1) ? cosl(kPi * f) : sinl(kPi * f);
  double r = double(q & 2 ? -v : v);
  return r == 0 ? copysign(0.0, x) : r;
}

inline double cos_pi(double x) {
  if (!isfinite(x)) return x - x;
  int q;
  wide f = reduce_half_turns(x, &q);
  wide v = (q & 1) ? -sinl(kPi * f) : cosl(kPi * f);
  double r = double(q & 2 ? -v : v);
  return r == 0 ? 0.0 : r;
}

// Modified Bessel functions of the first kind, orders 0 and 1: the power series up to 30,
// the asymptotic expansion beyond (its terms fall below precision before they grow).
inline wide bessel_i(int nu, double ax) {
  if (isinf(ax)) return INFINITY;
  wide x = ax;
  if (ax <= 30) {
    wide q = x * x / 4, term = nu ? x / 2 : 1, sum = term;
    for (int k = 1; k < 200 && term > 1e-21L * sum; ++k) {
      term *= q / (k * wide(k + nu));
      sum += term;
    }
    return sum;
  }
  wide term = 1, sum = 1, mu = 4.0L * nu * nu;
  for (int k = 1; k < 60; ++k) {
    term *= -(mu - wide(2 * k - 1) * (2 * k - 1)) / (8 * k * x);
    sum += term;
    if (fabsl(term) < 1e-21L * sum) break;
  }
  wide half = expl(x / 2);  // e^x in two halves: I0 is finite a little beyond e^x's overflow
  return half * (half / sqrtl(2 * kPi * x) * sum);
}

// sqrt of a sum of squares: +inf when any term is infinite (even with a NaN), as hypot.
inline wide sum_squares(const double* v, int n, bool* infinite) {
  wide s = 0;
  *infinite = false;
  for (int i = 0; i < n; ++i) {
    *infinite = *infinite || isinf(v[i]);
    s += wide(v[i]) * v[i];
  }
  return s;
}
inline double norm_of(const double* v, int n) {
  bool inf;
  wide s = sum_squares(v, n, &inf);
  return inf ? INFINITY : double(sqrtl(s));
}
inline double rnorm_of(const double* v, int n) {
  bool inf;
  wide s = sum_squares(v, n, &inf);
  return inf ? 0.0 : double(1 / sqrtl(s));
}

}  // namespace ndgpu_cpu

// C23 gives <math.h> sinpi, cospi and rsqrt (glibc 2.41 on): CUDA's stay ours under other
// names so that either C library compiles.
#define sinpi ndgpu_cpu_sinpi
#define sinpif ndgpu_cpu_sinpif
#define cospi ndgpu_cpu_cospi
#define cospif ndgpu_cpu_cospif
#define rsqrt ndgpu_cpu_rsqrt
#define rsqrtf ndgpu_cpu_rsqrtf

// One double function and its float forms (NAMEf and the overload).
#define NDGPU_CPU_MATH1(NAME, EXPR) \
  inline double NAME(double x) {    \
    return EXPR;                    \
  }                                 \
  inline float NAME##f(float x) {   \
    return float(NAME(double(x)));  \
  }                                 \
  inline float NAME(float x) {      \
    return NAME##f(x);              \
  }
NDGPU_CPU_MATH1(erfinv, double(ndgpu_cpu::erfinv_wide(x)))
NDGPU_CPU_MATH1(erfcinv, double(ndgpu_cpu::erfcinv_wide(x)))
NDGPU_CPU_MATH1(erfcx, double(ndgpu_cpu::erfcx_wide(x)))
NDGPU_CPU_MATH1(normcdf, double(0.5L * erfcl(-x * ndgpu_cpu::kSqrtHalf)))
NDGPU_CPU_MATH1(normcdfinv, double(-2 * ndgpu_cpu::kSqrtHalf * ndgpu_cpu::erfcinv_wide(2 * x)))
NDGPU_CPU_MATH1(sinpi, ndgpu_cpu::sin_pi(x))
NDGPU_CPU_MATH1(cospi, ndgpu_cpu::cos_pi(x))
NDGPU_CPU_MATH1(rsqrt, double(1 / sqrtl(x)))
NDGPU_CPU_MATH1(rcbrt, double(1 / cbrtl(x)))
NDGPU_CPU_MATH1(cyl_bessel_i0, double(ndgpu_cpu::bessel_i(0, fabs(x))))
NDGPU_CPU_MATH1(cyl_bessel_i1, copysign(double(ndgpu_cpu::bessel_i(1, fabs(x))), x))
#undef NDGPU_CPU_MATH1

inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x);
  *c = cospi(x);
}
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline void sincospi(float x, float* s, float* c) {
  sincospif(x, s, c);
}
inline void sincos(float x, float* s, float* c) {
  sincosf(x, s, c);
}
inline float exp10(float x) {
  return exp10f(x);
}

// Bessel functions of the first and second kinds: glibc's; CUDA's float overloads round
// the double ones (glibc's float forms are off by more than an ulp in places).
inline float j0(float x) {
  return float(j0(double(x)));
}
inline float j1(float x) {
  return float(j1(double(x)));
}
inline float jn(int n, float x) {
  return float(jn(n, double(x)));
}
inline float y0(float x) {
  return float(y0(double(x)));
}
inline float y1(float x) {
  return float(y1(double(x)));
}
inline float yn(int n, float x) {
  return float(yn(n, double(x)));
}

// Norms: double and float forms of each (a float's arguments are exact in double).
namespace ndgpu_cpu {
template <class... T>
inline double norm_args(bool reciprocal, T... x) {
  double v[] = {double(x)...};
  return reciprocal ? rnorm_of(v, sizeof...(T)) : norm_of(v, sizeof...(T));
}
}  // namespace ndgpu_cpu
#define NDGPU_CPU_NORM(NAME, R, PARAMS, ...)            \
  inline double NAME PARAMS(double) {                   \
    return ndgpu_cpu::norm_args(R, __VA_ARGS__);        \
  }                                                     \
  inline float NAME##f PARAMS(float) {                  \
    return float(ndgpu_cpu::norm_args(R, __VA_ARGS__)); \
  }                                                     \
  inline float NAME PARAMS(float) {                     \
    return NAME##f(__VA_ARGS__);                        \
  }
#define NDGPU_CPU_ARGS2(T) (T a, T b)
#define NDGPU_CPU_ARGS3(T) (T a, T b, T c)
#define NDGPU_CPU_ARGS4(T) (T a, T b, T c, T d)
NDGPU_CPU_NORM(rhypot, true, NDGPU_CPU_ARGS2, a, b)
NDGPU_CPU_NORM(norm3d, false, NDGPU_CPU_ARGS3, a, b, c)
NDGPU_CPU_NORM(rnorm3d, true, NDGPU_CPU_ARGS3, a, b, c)
NDGPU_CPU_NORM(norm4d, false, NDGPU_CPU_ARGS4, a, b, c, d)
NDGPU_CPU_NORM(rnorm4d, true, NDGPU_CPU_ARGS4, a, b, c, d)
#undef NDGPU_CPU_NORM
#undef NDGPU_CPU_ARGS2
#undef NDGPU_CPU_ARGS3
#undef NDGPU_CPU_ARGS4
inline double norm(int n, const double* v) {
  return ndgpu_cpu::norm_of(v, n);
}
inline double rnorm(int n, const double* v) {
  return ndgpu_cpu::rnorm_of(v, n);
}
namespace ndgpu_cpu {
// A float's square is exact in double, and the sum of a few nearly so.
inline double sum_squares(const float* v, int n, bool* infinite) {
  double s = 0;
  *infinite = false;
  for (int i = 0; i < n; ++i) {
    *infinite = *infinite || isinf(v[i]);
    s += double(v[i]) * v[i];
  }
  return s;
}
}  // namespace ndgpu_cpu
inline float normf(int n, const float* v) {
  bool inf;
  double s = ndgpu_cpu::sum_squares(v, n, &inf);
  return inf ? INFINITY : float(sqrt(s));
}
inline float rnormf(int n, const float* v) {
  bool inf;
  double s = ndgpu_cpu::sum_squares(v, n, &inf);
  return inf ? 0.0f : float(1 / sqrt(s));
}
