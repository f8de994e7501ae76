// The scalar functions behind the second wave of built-in ufuncs (power, remainder, the
// trigonometric and bitwise families), with NumPy's semantics for every kernel type.
// Included by need: a generated body that calls ndgpu::ufn:: gets this header.
#pragma once
#include "ndgpu/math.cuh"

namespace ndgpu {
namespace ufn {

// Functions of floats: float16 computes through float; complex through complex.cuh.
#define NDGPU_UFN_REAL(name, fn)            \
  NDGPU_HD float name(const float& v) {     \
    return ::fn##f(v);                      \
  }                                         \
  NDGPU_HD double name(const double& v) {   \
    return ::fn(v);                         \
  }                                         \
  NDGPU_HD float16 name(const float16& v) { \
    return float16(::fn##f(float(v)));      \
  }
#define NDGPU_UFN_FLOAT(name, fn)                 \
  NDGPU_UFN_REAL(name, fn)                        \
  template <class T>                              \
  NDGPU_HD complex<T> name(const complex<T>& v) { \
    return ::ndgpu::fn(v);                        \
  }
NDGPU_UFN_FLOAT(sin, sin)
NDGPU_UFN_FLOAT(cos, cos)
NDGPU_UFN_FLOAT(tan, tan)
NDGPU_UFN_FLOAT(arcsin, asin)
NDGPU_UFN_FLOAT(arccos, acos)
NDGPU_UFN_FLOAT(sinh, sinh)
NDGPU_UFN_FLOAT(cosh, cosh)
NDGPU_UFN_FLOAT(tanh, tanh)
NDGPU_UFN_FLOAT(arcsinh, asinh)
NDGPU_UFN_FLOAT(arccosh, acosh)
NDGPU_UFN_FLOAT(arctanh, atanh)
NDGPU_UFN_FLOAT(expm1, expm1)
NDGPU_UFN_FLOAT(log10, log10)
NDGPU_UFN_REAL(arctan, atan)
NDGPU_UFN_REAL(exp2, exp2)
NDGPU_UFN_REAL(log2, log2)
NDGPU_UFN_REAL(cbrt, cbrt)
NDGPU_UFN_REAL(floor, floor)
NDGPU_UFN_REAL(ceil, ceil)
NDGPU_UFN_REAL(trunc, trunc)
NDGPU_UFN_REAL(rint, rint)
NDGPU_UFN_REAL(fabs, fabs)
#undef NDGPU_UFN_FLOAT
#undef NDGPU_UFN_REAL
template <class T>
NDGPU_HD complex<T> arctan(const complex<T>& z) {  // atan(z) = -i atanh(iz)
  complex<T> w = ::ndgpu::atanh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}
template <class T>
NDGPU_HD complex<T> exp2(const complex<T>& z) {
  return ::ndgpu::exp(z * T(0.693147180559945309417232121458));
}
template <class T>
NDGPU_HD complex<T> log2(const complex<T>& z) {
  return ::ndgpu::log(z) / T(0.693147180559945309417232121458);
}
template <class T>
NDGPU_HD complex<T> rint(const complex<T>& z) {
  return complex<T>(rint(z.real()), rint(z.imag()));
}
// floor, ceil and trunc of integers and bool are the value itself (NumPy 2's loops).
template <class T>
NDGPU_HD T floor(const T& v) {
  return v;
}
template <class T>
NDGPU_HD T ceil(const T& v) {
  return v;
}
template <class T>
NDGPU_HD T trunc(const T& v) {
  return v;
}

// Two-argument float functions.
#define NDGPU_UFN_REAL2(name, fn)                             \
  NDGPU_HD float name(const float& a, const float& b) {       \
    return ::fn##f(a, b);                                     \
  }                                                           \
  NDGPU_HD double name(const double& a, const double& b) {    \
    return ::fn(a, b);                                        \
  }                                                           \
  NDGPU_HD float16 name(const float16& a, const float16& b) { \
    return float16(::fn##f(float(a), float(b)));              \
  }
NDGPU_UFN_REAL2(arctan2, atan2)
NDGPU_UFN_REAL2(hypot, hypot)
NDGPU_UFN_REAL2(copysign, copysign)
#undef NDGPU_UFN_REAL2

// power: integers by squaring (wrapping as NumPy's; the caller refuses negative exponents),
// floats by pow, complex by exp(b log a) with NumPy's exact small integer powers.
template <class T>
NDGPU_HD T power(T a, T b) {
  T r = T(1);
  while (b > T(0)) {
    if (b & T(1)) r = T(r * a);
    a = T(a * a);
    b = T(b >> 1);
  }
  return r;
}
NDGPU_HD float power(const float& a, const float& b) {
  return ::powf(a, b);
}
NDGPU_HD double power(const double& a, const double& b) {
  return ::pow(a, b);
}
NDGPU_HD float16 power(const float16& a, const float16& b) {
  return float16(::powf(float(a), float(b)));
}
template <class T>
NDGPU_HD complex<T> power(const complex<T>& a, const complex<T>& b) {
  if (b.imag() == T(0) && b.real() == T(int(b.real())) && ::fabs(b.real()) <= T(100)) {
    int n = int(b.real());  // repeated multiplication, as NumPy does for small integers
    complex<T> r(T(1)), x = a;
    for (int k = n < 0 ? -n : n; k; k >>= 1, x = x * x)
      if (k & 1) r = r * x;
    return n < 0 ? complex<T>(T(1)) / r : r;
  }
  if (a.real() == T(0) && a.imag() == T(0))
    return (b.real() > T(0) && b.imag() == T(0)) ? complex<T>(T(0)) : ::ndgpu::pow(a, b);
  return ::ndgpu::pow(a, b);
}

// remainder (Python's sign: that of the divisor) and fmod (C's: that of the dividend);
// integer division by zero gives 0, as NumPy's loops.
template <class T>
NDGPU_HD T remainder(const T& a, const T& b) {
  if (b == T(0) || (T(-1) < T(0) && b == T(-1))) return T(0);  // INT_MIN % -1 traps on x86
  T r = T(a % b);
  return (r != T(0) && ((r < T(0)) != (b < T(0)))) ? T(r + b) : r;
}
template <class F>
NDGPU_HD F float_remainder(const F& a, const F& b) {
  F m = ::fmod(a, b);
  if (b == F(0)) return m;  // nan, as NumPy
  if (m != F(0)) {
    if ((b < F(0)) != (m < F(0))) m += b;
  } else {
    m = ::copysign(F(0), b);
  }
  return m;
}
NDGPU_HD float remainder(const float& a, const float& b) {
  return float_remainder<float>(a, b);
}
NDGPU_HD double remainder(const double& a, const double& b) {
  return float_remainder<double>(a, b);
}
NDGPU_HD float16 remainder(const float16& a, const float16& b) {
  return float16(float_remainder<float>(float(a), float(b)));
}
template <class T>
NDGPU_HD T fmod(const T& a, const T& b) {
  return b == T(0) || (T(-1) < T(0) && b == T(-1)) ? T(0) : T(a % b);
}
NDGPU_HD float fmod(const float& a, const float& b) {
  return ::fmodf(a, b);
}
NDGPU_HD double fmod(const double& a, const double& b) {
  return ::fmod(a, b);
}
NDGPU_HD float16 fmod(const float16& a, const float16& b) {
  return float16(::fmodf(float(a), float(b)));
}

// square, reciprocal and sign (complex sign is z/|z| in NumPy 2).
template <class T>
NDGPU_HD T square(const T& v) {
  return T(v * v);
}
template <class T>
NDGPU_HD T reciprocal(const T& v) {
  return v == T(0) ? T(0) : T(T(1) / v);
}
NDGPU_HD float reciprocal(const float& v) {
  return 1.0f / v;
}
NDGPU_HD double reciprocal(const double& v) {
  return 1.0 / v;
}
NDGPU_HD float16 reciprocal(const float16& v) {
  return float16(1.0f / float(v));
}
template <class T>
NDGPU_HD complex<T> reciprocal(const complex<T>& v) {
  return complex<T>(T(1)) / v;
}
// cupyx.rsqrt: 1/sqrt(x), correctly rounded division rather than CUDA's approximate rsqrtf, so
// the CPU backend and the GPU give the same bits.
template <class T>
NDGPU_HD T rsqrt(const T& v) {
  return T(1) / ::sqrt(v);
}
NDGPU_HD float16 rsqrt(const float16& v) {
  return float16(1.0f / ::sqrtf(float(v)));
}
template <class T>
NDGPU_HD complex<T> rsqrt(const complex<T>& v) {
  return complex<T>(T(1)) / sqrt(v);
}
template <class T>
NDGPU_HD T sign(const T& v) {
  return v > T(0) ? T(1) : (v < T(0) ? T(-1) : T(0));
}
NDGPU_HD float sign(const float& v) {
  return v > 0 ? 1.0f : (v < 0 ? -1.0f : (v == 0 ? 0.0f : v));
}
NDGPU_HD double sign(const double& v) {
  return v > 0 ? 1.0 : (v < 0 ? -1.0 : (v == 0 ? 0.0 : v));
}
NDGPU_HD float16 sign(const float16& v) {
  return float16(sign(float(v)));
}
template <class T>
NDGPU_HD complex<T> sign(const complex<T>& v) {
  if (isnan(v)) return complex<T>(v.real() + v.imag(), v.real() + v.imag());
  T m = abs(v);
  return m == T(0) ? complex<T>(T(0)) : complex<T>(v.real() / m, v.imag() / m);
}

// Classification: integers and bool are always finite.
template <class T>
NDGPU_HD bool isinf(const T&) {
  return false;
}
NDGPU_HD bool isinf(const float& v) {
  return ::isinf(v);
}
NDGPU_HD bool isinf(const double& v) {
  return ::isinf(v);
}
NDGPU_HD bool isinf(const float16& v) {
  return ::isinf(float(v));
}
template <class T>
NDGPU_HD bool isinf(const complex<T>& v) {
  return ::ndgpu::isinf(v);
}
template <class T>
NDGPU_HD bool isfinite(const T&) {
  return true;
}
NDGPU_HD bool isfinite(const float& v) {
  return ::isfinite(v);
}
NDGPU_HD bool isfinite(const double& v) {
  return ::isfinite(v);
}
NDGPU_HD bool isfinite(const float16& v) {
  return ::isfinite(float(v));
}
template <class T>
NDGPU_HD bool isfinite(const complex<T>& v) {
  return ::ndgpu::isfinite(v);
}
template <class T>
NDGPU_HD bool truth(const T& v) {
  return v != T(0);
}
template <class T>
NDGPU_HD bool truth(const complex<T>& v) {
  return v.real() != T(0) || v.imag() != T(0);
}
NDGPU_HD bool truth(const float16& v) {
  return float(v) != 0.0f;
}

// Shifts past the width give 0 (or -1 for negative right shifts), as NumPy's loops.
template <class T>
NDGPU_HD T left_shift(const T& a, const T& b) {
  return (b < T(0) || b >= T(sizeof(T) * 8)) ? T(0) : T(a << b);
}
template <class T>
NDGPU_HD T right_shift(const T& a, const T& b) {
  if (b < T(0) || b >= T(sizeof(T) * 8)) return a < T(0) ? T(-1) : T(0);
  return T(a >> b);
}

}  // namespace ufn
}  // namespace ndgpu
#include "ndgpu/ufunc_more.cuh"
#include "ndgpu/ufunc_special.cuh"
#include "ndgpu/ufunc_special_more.cuh"
