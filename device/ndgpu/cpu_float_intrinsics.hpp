// CUDA's floating-point intrinsics for the CPU backend: the fast-math functions (exact here),
// arithmetic in each rounding mode (_rn, _rz, _ru, _rd), conversions and bit casts.
// A directed rounding is derived from the round-to-nearest result and the sign of its exact
// error (error-free transformations), so it needs no change of the FPU's rounding mode.
#pragma once
#include <float.h>
#include <math.h>
#include <string.h>

namespace ndgpu_cpu {

enum Rounding { kNearest, kTowardZero, kUp, kDown };

template <class To, class From>
inline To bit_cast(From v) {
  To r;
  memcpy(&r, &v, sizeof(To));
  return r;
}

template <class T>
inline int sign_of(T v) {
  return (v > 0) - (v < 0);
}

// `r` is the nearest value to an exact result that lies on the side `err` (-1, 0, +1) of
// it; returns that result rounded in mode M instead.
template <int M, class T>
inline T directed(T r, int err) {
  if (M == kNearest || err == 0 || r != r) return r;
  const T inf = T(INFINITY);
  if (M == kUp) return err > 0 ? nextafter(r, inf) : r;
  if (M == kDown) return err < 0 ? nextafter(r, -inf) : r;
  if (r == 0) return copysign(T(0), T(err));
  return sign_of(r) != err ? nextafter(r, T(0)) : r;
}

// A finite result that overflowed to infinity in round-to-nearest: directed modes may stop
// at the largest finite value.
template <int M, class T>
inline T overflowed(T r) {
  const T big = sizeof(T) == 4 ? T(FLT_MAX) : T(DBL_MAX);
  if (M == kNearest) return r;
  if (M == kTowardZero) return copysign(big, r);
  if (M == kUp) return r > 0 ? r : -big;
  return r > 0 ? big : r;
}

// Knuth's two-sum: s + e == a + b exactly.
template <class T>
inline T two_sum(T a, T b, T* e) {
  T s = a + b;
  T bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

// The sign of a sum of n values, exactly: they are summed into a non-overlapping expansion
// (Shewchuk's grow-expansion) whose largest component carries the sign.
template <class T>
inline int exact_sign(const T* v, int n) {
  T q[8];
  int m = 0;
  for (int i = 0; i < n; ++i) {
    T h = v[i];
    for (int j = 0; j < m; ++j) h = two_sum(h, q[j], &q[j]);
    q[m++] = h;
  }
  for (int j = m - 1; j >= 0; --j)
    if (q[j] != 0) return sign_of(q[j]);
  return 0;
}

template <int M, class T>
inline T add(T a, T b) {
  T e, s = two_sum(a, b, &e);
  if (isinf(s) && isfinite(a) && isfinite(b)) return overflowed<M>(s);
  return directed<M>(s, sign_of(e));
}

template <int M, class T>
inline T mul(T a, T b) {
  T p = a * b;
  if (isinf(p) && isfinite(a) && isfinite(b)) return overflowed<M>(p);
  return directed<M>(p, sign_of(fma(a, b, -p)));
}

template <int M, class T>
inline T quotient(T a, T b) {
  T q = a / b;
  if (isinf(q) && isfinite(a) && b != 0) return overflowed<M>(q);
  if (!isfinite(q) || !isfinite(b)) return q;
  return directed<M>(q, sign_of(fma(-q, b, a)) * sign_of(b));  // a - q b, exact
}

template <int M, class T>
inline T root(T a) {
  T s = sqrt(a);
  if (!isfinite(s) || s == 0) return s;
  return directed<M>(s, sign_of(fma(-s, s, a)));
}

template <int M, class T>
inline T fused(T a, T b, T c) {
  T r = fma(a, b, c);
  if (!isfinite(r))
    return isinf(r) && isfinite(a) && isfinite(b) && isfinite(c) ? overflowed<M>(r) : r;
  if (M == kNearest) return r;
  T p = a * b, v[4];
  v[0] = fma(a, b, -p);          // a b - p
  T t = two_sum(p, c, &v[1]);    // p + c - t
  v[2] = two_sum(t, -r, &v[3]);  // t - r = v2 + v3
  return directed<M>(r, exact_sign(v, 4));
}

// Rounds a wider value to T in mode M; the difference of two nearby values is exact.
template <int M, class T, class W>
inline T narrow(W v) {
  T r = T(v);
  if (isinf(r) && isfinite(v)) return overflowed<M>(r);
  if (!isfinite(r)) return r;
  return directed<M>(r, sign_of(v - W(r)));
}

// An integer to float or double in mode M, compared in 128 bits.
template <int M, class T, class I>
inline T from_integer(I v) {
  T r = T(v);
  __int128 back = (__int128)r, exact = (__int128)v;
  return directed<M>(r, (exact > back) - (exact < back));
}

// A float to an integer, rounded in mode M and saturated (NaN gives 0), as cvt does.
template <int M, class I, class T>
inline I to_integer(T v) {
  if (v != v) return 0;
  T r = M == kNearest ? nearbyint(v) : M == kTowardZero ? trunc(v) : M == kUp ? ceil(v) : floor(v);
  const bool is_signed = I(-1) < I(0);
  const int bits = int(sizeof(I)) * 8 - (is_signed ? 1 : 0);
  const T limit = ldexp(T(1), bits);  // 2^31, 2^32, 2^63 or 2^64: exact in float and double
  if (r >= limit) return I(~0ull >> (64 - bits));
  if (r < (is_signed ? -limit : T(0))) return is_signed ? I(-limit) : I(0);
  return I(r);
}

}  // namespace ndgpu_cpu

// One intrinsic in the four rounding modes: NAME_rn, NAME_rz, NAME_ru, NAME_rd.
// The call (variadic: it may hold commas) is an ndgpu_cpu template applied in mode M.
#define NDGPU_CPU_ROUNDED(NAME, RET, PARAMS, ...) \
  inline RET NAME##_rn PARAMS {                   \
    const int M = ndgpu_cpu::kNearest;            \
    return ndgpu_cpu::__VA_ARGS__;                \
  }                                               \
  inline RET NAME##_rz PARAMS {                   \
    const int M = ndgpu_cpu::kTowardZero;         \
    return ndgpu_cpu::__VA_ARGS__;                \
  }                                               \
  inline RET NAME##_ru PARAMS {                   \
    const int M = ndgpu_cpu::kUp;                 \
    return ndgpu_cpu::__VA_ARGS__;                \
  }                                               \
  inline RET NAME##_rd PARAMS {                   \
    const int M = ndgpu_cpu::kDown;               \
    return ndgpu_cpu::__VA_ARGS__;                \
  }
// Arithmetic of one type: __fadd_rn ... for float (P = f), __dadd_rn ... for double (P = d).
#define NDGPU_CPU_ARITHMETIC(P, T, FMA)                           \
  NDGPU_CPU_ROUNDED(__##P##add, T, (T a, T b), add<M>(a, b))      \
  NDGPU_CPU_ROUNDED(__##P##sub, T, (T a, T b), add<M>(a, -b))     \
  NDGPU_CPU_ROUNDED(__##P##mul, T, (T a, T b), mul<M>(a, b))      \
  NDGPU_CPU_ROUNDED(__##P##div, T, (T a, T b), quotient<M>(a, b)) \
  NDGPU_CPU_ROUNDED(__##P##rcp, T, (T a), quotient<M>(T(1), a))   \
  NDGPU_CPU_ROUNDED(__##P##sqrt, T, (T a), root<M>(a))            \
  NDGPU_CPU_ROUNDED(FMA, T, (T a, T b, T c), fused<M>(a, b, c))
NDGPU_CPU_ARITHMETIC(f, float, __fmaf)
NDGPU_CPU_ARITHMETIC(d, double, __fma)
#undef NDGPU_CPU_ARITHMETIC
NDGPU_CPU_ROUNDED(__fmaf_ieee, float, (float a, float b, float c), fused<M>(a, b, c))
NDGPU_CPU_ROUNDED(__double2float, float, (double a), narrow<M, float>(a))
NDGPU_CPU_ROUNDED(__int2float, float, (int a), from_integer<M, float>(a))
NDGPU_CPU_ROUNDED(__uint2float, float, (unsigned a), from_integer<M, float>(a))
NDGPU_CPU_ROUNDED(__ll2float, float, (long long a), from_integer<M, float>(a))
NDGPU_CPU_ROUNDED(__ull2float, float, (unsigned long long a), from_integer<M, float>(a))
NDGPU_CPU_ROUNDED(__ll2double, double, (long long a), from_integer<M, double>(a))
NDGPU_CPU_ROUNDED(__ull2double, double, (unsigned long long a), from_integer<M, double>(a))
NDGPU_CPU_ROUNDED(__float2int, int, (float a), to_integer<M, int>(a))
NDGPU_CPU_ROUNDED(__float2uint, unsigned, (float a), to_integer<M, unsigned>(a))
NDGPU_CPU_ROUNDED(__float2ll, long long, (float a), to_integer<M, long long>(a))
NDGPU_CPU_ROUNDED(__float2ull, unsigned long long, (float a), to_integer<M, unsigned long long>(a))
NDGPU_CPU_ROUNDED(__double2int, int, (double a), to_integer<M, int>(a))
NDGPU_CPU_ROUNDED(__double2uint, unsigned, (double a), to_integer<M, unsigned>(a))
NDGPU_CPU_ROUNDED(__double2ll, long long, (double a), to_integer<M, long long>(a))
NDGPU_CPU_ROUNDED(__double2ull, unsigned long long, (double a),
                  to_integer<M, unsigned long long>(a))
#undef NDGPU_CPU_ROUNDED
inline double __int2double_rn(int a) {
  return a;
}
inline double __uint2double_rn(unsigned a) {
  return a;
}
inline float __frsqrt_rn(float x) {
  return float(1 / sqrt(double(x)));
}

// Fast-math intrinsics: the accurate functions (CUDA's are approximations of these).
inline float __expf(float x) {
  return expf(x);
}
inline float __exp10f(float x) {
  return exp10f(x);
}
inline float __logf(float x) {
  return logf(x);
}
inline float __log2f(float x) {
  return log2f(x);
}
inline float __log10f(float x) {
  return log10f(x);
}
inline float __powf(float x, float y) {
  return powf(x, y);
}
inline float __sinf(float x) {
  return sinf(x);
}
inline float __cosf(float x) {
  return cosf(x);
}
inline float __tanf(float x) {
  return tanf(x);
}
inline float __tanhf(float x) {
  return tanhf(x);
}
inline void __sincosf(float x, float* s, float* c) {
  sincosf(x, s, c);
}
// CUDA's documented quirk: a divisor in (2^126, 2^128) gives 0 (NaN for an infinite x).
inline float __fdividef(float x, float y) {
  return fabsf(y) > 0x1p126f && fabsf(y) < INFINITY ? x * copysignf(0.0f, y) : x / y;
}
inline float fdividef(float x, float y) {
  return x / y;
}
inline float __saturatef(float x) {
  return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f);
}  // NaN: 0

// Reinterpretations.
inline int __float_as_int(float x) {
  return ndgpu_cpu::bit_cast<int>(x);
}
inline unsigned __float_as_uint(float x) {
  return ndgpu_cpu::bit_cast<unsigned>(x);
}
inline float __int_as_float(int x) {
  return ndgpu_cpu::bit_cast<float>(x);
}
inline float __uint_as_float(unsigned x) {
  return ndgpu_cpu::bit_cast<float>(x);
}
inline long long __double_as_longlong(double x) {
  return ndgpu_cpu::bit_cast<long long>(x);
}
inline double __longlong_as_double(long long x) {
  return ndgpu_cpu::bit_cast<double>(x);
}
inline int __double2hiint(double x) {
  return int(ndgpu_cpu::bit_cast<unsigned long long>(x) >> 32);
}
inline int __double2loint(double x) {
  return int(ndgpu_cpu::bit_cast<unsigned long long>(x));
}
inline double __hiloint2double(int hi, int lo) {
  return ndgpu_cpu::bit_cast<double>((unsigned long long)(unsigned)hi << 32 | (unsigned)lo);
}
