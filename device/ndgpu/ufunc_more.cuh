// The third wave of ufunc functions: two-output ufuncs (divmod, frexp, modf), ldexp,
// gcd/lcm, heaviside, logaddexp(2), fmax/fmin, nextafter, signbit, spacing, bitwise_count,
// each with the semantics of NumPy's loops. Included by ufunc_math.cuh.
#pragma once

namespace ndgpu {
namespace ufn {

// divmod's quotient: integers as floor_divide; floats as NumPy's npy_divmod, so that
// q * b + r reproduces a where it can (floor(a / b) alone can be one off).
template <class T>
NDGPU_HD T divmod_quotient(const T& a, const T& b) {
  return ::ndgpu::floor_divide(a, b);
}
template <class F>
NDGPU_HD F float_divmod_quotient(F a, F b) {
  if (b == F(0)) return a / b;
  F mod = ::fmod(a, b);
  F div = (a - mod) / b;
  if (mod != F(0) && ((b < F(0)) != (mod < F(0)))) div -= F(1);
  if (div == F(0)) return ::copysign(F(0), a / b);
  F fl = ::floor(div);
  return div - fl > F(0.5) ? fl + F(1) : fl;
}
// float, double and float16 (through float) overloads of a float template `impl`.
#define NDGPU_UFN_FLOAT2(name, impl)                          \
  NDGPU_HD float name(const float& a, const float& b) {       \
    return impl<float>(a, b);                                 \
  }                                                           \
  NDGPU_HD double name(const double& a, const double& b) {    \
    return impl<double>(a, b);                                \
  }                                                           \
  NDGPU_HD float16 name(const float16& a, const float16& b) { \
    return float16(impl<float>(float(a), float(b)));          \
  }
NDGPU_UFN_FLOAT2(divmod_quotient, float_divmod_quotient)

// frexp: the mantissa, and the exponent through `e` (0 for zero, inf and nan, as NumPy).
NDGPU_HD float frexp(const float& v, int& e) {
  e = 0;
  return ::isfinite(v) ? ::frexpf(v, &e) : v;
}
NDGPU_HD double frexp(const double& v, int& e) {
  e = 0;
  return ::isfinite(v) ? ::frexp(v, &e) : v;
}
NDGPU_HD float16 frexp(const float16& v, int& e) {
  return float16(frexp(float(v), e));
}
// modf: the fractional part, and the integral part through `ip`.
NDGPU_HD float modf(const float& v, float& ip) {
  return ::modff(v, &ip);
}
NDGPU_HD double modf(const double& v, double& ip) {
  return ::modf(v, &ip);
}
NDGPU_HD float16 modf(const float16& v, float16& ip) {
  float i;
  float f = ::modff(float(v), &i);
  ip = float16(i);
  return float16(f);
}
// ldexp: an int64 exponent is clamped (past ±2^31 every finite result is 0 or inf anyway).
template <class E>
NDGPU_HD int clamp_exponent(const E& e) {
  return e > E(100000) ? 100000 : (e < E(-100000) ? -100000 : int(e));
}
template <class E>
NDGPU_HD float ldexp(const float& v, const E& e) {
  return ::ldexpf(v, clamp_exponent(e));
}
template <class E>
NDGPU_HD double ldexp(const double& v, const E& e) {
  return ::ldexp(v, clamp_exponent(e));
}
template <class E>
NDGPU_HD float16 ldexp(const float16& v, const E& e) {
  return float16(::ldexpf(float(v), clamp_exponent(e)));
}

// gcd and lcm of magnitudes (NumPy's: lcm(-4, 6) is 12), Euclid's algorithm.
template <class T>
NDGPU_HD T magnitude(const T& v) {
  return v < T(0) ? T(-v) : v;
}
template <class T>
NDGPU_HD T gcd(const T& x, const T& y) {
  T a = magnitude(x), b = magnitude(y);
  while (b != T(0)) {
    T t = T(a % b);
    a = b;
    b = t;
  }
  return a;
}
// The product wraps as NumPy's C loop: 8- and 16-bit types multiply in int, then narrow.
template <class T>
NDGPU_HD T lcm(const T& x, const T& y) {
  T g = gcd(x, y);
  if (g == T(0)) return T(0);
  if (sizeof(T) < 4) {
    int p = int(T(x / g)) * int(y);
    return T(p < 0 ? -p : p);
  }
  return magnitude(T((unsigned long long)(long long)T(x / g) * (unsigned long long)(long long)y));
}

// heaviside(x, h0): 0 below zero, h0 at zero, 1 above, nan for nan.
template <class F>
NDGPU_HD F heaviside_of(F x, F h0) {
  return x < F(0) ? F(0) : (x > F(0) ? F(1) : (x == F(0) ? h0 : x));
}
NDGPU_UFN_FLOAT2(heaviside, heaviside_of)

// logaddexp: the larger argument plus log1p(exp(-|x - y|)), one transcendental pair with no
// branch on the sign of x - y (random signs split a warp, which then ran the pair twice).
// Equal arguments (infinities of one sign among them, whose difference is nan) give x + log 2.
template <class F>
NDGPU_HD F logaddexp_of(F x, F y) {
  const F d = x - y;
  const F r = (d > F(0) ? x : y) + ::log1p(::exp(-::fabs(d)));
  return x == y ? x + F(0.693147180559945309417232121458) : r;
}
template <class F>
NDGPU_HD F logaddexp2_of(F x, F y) {
  const F log2e = F(1.442695040888963407359924681001892137);
  const F d = x - y;
  const F r = (d > F(0) ? x : y) + log2e * ::log1p(::exp2(-::fabs(d)));
  return x == y ? x + F(1) : r;
}
NDGPU_UFN_FLOAT2(logaddexp, logaddexp_of)
NDGPU_UFN_FLOAT2(logaddexp2, logaddexp2_of)

// fmax/fmin: a nan loses to a number (maximum/minimum propagate it).
template <class F>
NDGPU_HD F fmax_of(F a, F b) {
  return (b != b || a >= b) ? a : b;
}
template <class F>
NDGPU_HD F fmin_of(F a, F b) {
  return (b != b || a <= b) ? a : b;
}
NDGPU_UFN_FLOAT2(fmax, fmax_of)
NDGPU_UFN_FLOAT2(fmin, fmin_of)
#undef NDGPU_UFN_FLOAT2
template <class T>
NDGPU_HD T fmax(const T& a, const T& b) {
  return a < b ? b : a;
}
template <class T>
NDGPU_HD T fmin(const T& a, const T& b) {
  return b < a ? b : a;
}
// Complex: lexicographic order; an operand with a nan part loses to the other.
template <class T>
NDGPU_HD bool complex_nan(const complex<T>& v) {
  return v.real() != v.real() || v.imag() != v.imag();
}
template <class T>
NDGPU_HD complex<T> fmax(const complex<T>& a, const complex<T>& b) {
  if (complex_nan(b)) return a;
  if (complex_nan(a)) return b;
  bool ge = a.real() > b.real() || (a.real() == b.real() && a.imag() >= b.imag());
  return ge ? a : b;
}
template <class T>
NDGPU_HD complex<T> fmin(const complex<T>& a, const complex<T>& b) {
  if (complex_nan(b)) return a;
  if (complex_nan(a)) return b;
  bool le = a.real() < b.real() || (a.real() == b.real() && a.imag() <= b.imag());
  return le ? a : b;
}

// nextafter; float16 steps its bits, as NumPy's npy_half_nextafter.
NDGPU_HD float nextafter(const float& a, const float& b) {
  return ::nextafterf(a, b);
}
NDGPU_HD double nextafter(const double& a, const double& b) {
  return ::nextafter(a, b);
}
NDGPU_HD float16 nextafter(const float16& a, const float16& b) {
  float x = float(a), y = float(b);
  if (x != x || y != y) return float16(x + y);
  if (x == y) return b;  // y, as C's and NumPy 2.5's (2.4's half loop kept x: -0.0 vs +0.0)
  if (x == 0.0f) return float16::from_bits(uint16_t((b.bits & 0x8000u) | 1u));
  // Away from zero is one up in the magnitude's bits, towards zero one down.
  const bool away = (x < y) == (x > 0.0f);
  return float16::from_bits(uint16_t(away ? a.bits + 1u : a.bits - 1u));
}

NDGPU_HD bool signbit(const float& v) {
  return ::signbit(v);
}
NDGPU_HD bool signbit(const double& v) {
  return ::signbit(v);
}
NDGPU_HD bool signbit(const float16& v) {
  return (v.bits & 0x8000u) != 0;
}

// spacing: the distance to the next value away from zero (NumPy's; nan for inf and nan,
// +smallest subnormal for both zeros). Away from zero is one more in the magnitude's bits
// (max finite to inf included): no nextafter call and its branches.
NDGPU_HD float spacing(const float& v) {
  const unsigned b = __float_as_uint(v), magnitude = b & 0x7fffffffu;
  if (magnitude >= 0x7f800000u) return magnitude == 0x7f800000u ? __int_as_float(0x7fc00000) : v;
  if (magnitude == 0) return __int_as_float(1);
  return __uint_as_float(b + 1) - v;
}
NDGPU_HD double spacing(const double& v) {
  const long long b = __double_as_longlong(v), magnitude = b & 0x7fffffffffffffffLL;
  if (magnitude >= 0x7ff0000000000000LL)
    return magnitude == 0x7ff0000000000000LL ? __longlong_as_double(0x7ff8000000000000LL) : v;
  if (magnitude == 0) return __longlong_as_double(1);
  return __longlong_as_double(b + 1) - v;
}
// float16 as NumPy's npy_half_spacing, from the exponent alone: always positive, and for a
// negative power of two the (smaller) step towards zero.
NDGPU_HD float16 spacing(const float16& v) {
  const uint16_t e = v.bits & 0x7c00u, sig = v.bits & 0x03ffu;
  uint16_t r;
  if (e == 0x7c00u) {
    r = (v.bits & 0x7fffu) > 0x7c00u ? v.bits : 0x7e00u;  // nan stays, inf gives nan
  } else if (v.bits == 0x7bffu) {
    r = 0x7c00u;
  } else if ((v.bits & 0x8000u) && sig == 0) {
    r = e > 0x2c00u ? uint16_t(e - 0x2c00u) : e > 0x0400u ? uint16_t(1u << ((e >> 10) - 2)) : 1u;
  } else {
    r = e > 0x2800u ? uint16_t(e - 0x2800u) : e > 0x0400u ? uint16_t(1u << ((e >> 10) - 1)) : 1u;
  }
  return float16::from_bits(r);
}

// bitwise_count: the 1 bits of the magnitude (NumPy's: bitwise_count(-1) is 1).
template <class T>
NDGPU_HD unsigned char bitwise_count(const T& v) {
  unsigned long long u = (unsigned long long)(long long)v;
  if (v < T(0)) u = 0ULL - u;
  return (unsigned char)__popcll(u);
}

}  // namespace ufn
}  // namespace ndgpu
