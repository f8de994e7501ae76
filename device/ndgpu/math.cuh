// Scalar functions behind the built-in ufuncs, with NumPy's semantics for every kernel type.
#pragma once
#include "ndgpu/cast.cuh"

namespace ndgpu {

template <class T>
NDGPU_HD bool isnan_(const T& v) {
  return v != v;
}
template <class T>
NDGPU_HD bool isnan_(const complex<T>& v) {
  return isnan(v);
}
NDGPU_HD bool isnan_(const float16& v) {
  return float(v) != float(v);
}

template <class T>
NDGPU_HD T absolute(const T& v) {
  return v < T(0) ? T(-v) : v;
}
NDGPU_HD bool absolute(const bool& v) {
  return v;
}
NDGPU_HD float absolute(const float& v) {
  return ::fabsf(v);
}
NDGPU_HD double absolute(const double& v) {
  return ::fabs(v);
}
NDGPU_HD float16 absolute(const float16& v) {
  return float16::from_bits(uint16_t(v.bits & 0x7fffu));
}
template <class T>
NDGPU_HD T absolute(const complex<T>& v) {
  return abs(v);
}

template <class T>
NDGPU_HD T negative(const T& v) {
  return T(-v);
}
NDGPU_HD bool negative(const bool& v) {
  return !v;
}

// maximum/minimum propagate NaN, as NumPy's.
template <class T>
NDGPU_HD T maximum(const T& a, const T& b) {
  return (isnan_(a) || a > b) ? a : b;
}
template <class T>
NDGPU_HD T minimum(const T& a, const T& b) {
  return (isnan_(a) || a < b) ? a : b;
}
template <class T>
NDGPU_HD bool lex_greater(const complex<T>& a, const complex<T>& b) {
  return a.real() > b.real() || (a.real() == b.real() && a.imag() > b.imag());
}
template <class T>
NDGPU_HD complex<T> maximum(const complex<T>& a, const complex<T>& b) {
  return (isnan_(a) || lex_greater(a, b)) ? a : (isnan_(b) ? b : (lex_greater(b, a) ? b : a));
}
template <class T>
NDGPU_HD complex<T> minimum(const complex<T>& a, const complex<T>& b) {
  return (isnan_(a) || lex_greater(b, a)) ? a : (isnan_(b) ? b : (lex_greater(a, b) ? b : a));
}

// Comparisons of complex numbers are lexicographic, as NumPy's.
template <class T>
NDGPU_HD bool less(const T& a, const T& b) {
  return a < b;
}
template <class T>
NDGPU_HD bool less(const complex<T>& a, const complex<T>& b) {
  return lex_greater(b, a);
}
template <class T>
NDGPU_HD bool less_equal(const T& a, const T& b) {
  return a <= b;
}
template <class T>
NDGPU_HD bool less_equal(const complex<T>& a, const complex<T>& b) {
  return !isnan_(a) && !isnan_(b) && !lex_greater(a, b);
}
template <class T>
NDGPU_HD bool greater(const T& a, const T& b) {
  return less(b, a);
}
template <class T>
NDGPU_HD bool greater_equal(const T& a, const T& b) {
  return less_equal(b, a);
}

// Division: true division happens in a float type chosen by the ufunc's loop; integer
// floor division and remainder follow Python's signs and give 0 on division by zero.
template <class T>
NDGPU_HD T floor_divide(const T& a, const T& b) {
  if (b == T(0)) return T(0);
  // The most negative value over -1 traps on x86 (SIGFPE); NumPy wraps it to itself.
  if (T(-1) < T(0) && b == T(-1)) return T(0ULL - (unsigned long long)a);
  T q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
NDGPU_HD float floor_divide(const float& a, const float& b) {
  return ::floorf(a / b);
}
NDGPU_HD double floor_divide(const double& a, const double& b) {
  return ::floor(a / b);
}

// Float wrappers so that float16 computes through float.
#define NDGPU_UNARY_F(name, fn)                   \
  NDGPU_HD float name(const float& v) {           \
    return ::fn##f(v);                            \
  }                                               \
  NDGPU_HD double name(const double& v) {         \
    return ::fn(v);                               \
  }                                               \
  NDGPU_HD float16 name(const float16& v) {       \
    return float16(::fn##f(float(v)));            \
  }                                               \
  template <class T>                              \
  NDGPU_HD complex<T> name(const complex<T>& v) { \
    return ::ndgpu::fn(v);                        \
  }
NDGPU_UNARY_F(exp_, exp)
NDGPU_UNARY_F(log_, log)
NDGPU_UNARY_F(log1p_, log1p)
NDGPU_UNARY_F(sqrt_, sqrt)
#undef NDGPU_UNARY_F

}  // namespace ndgpu
