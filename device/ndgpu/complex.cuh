// complex<T> for kernels: the operators and math functions of CuPy's complex.cuh.
#pragma once
#include "ndgpu/common.cuh"
#define NDGPU_HAS_COMPLEX 1

namespace ndgpu {

template <class T>
struct alignas(2 * sizeof(T)) complex {
  T re_, im_;
  typedef T value_type;
  NDGPU_HD complex() : re_(0), im_(0) {}
  NDGPU_HD complex(const T& re, const T& im = T(0)) : re_(re), im_(im) {}
  template <class U>
  NDGPU_HD complex(const complex<U>& z) : re_(T(z.real())), im_(T(z.imag())) {}
  NDGPU_HD T real() const { return re_; }
  NDGPU_HD T imag() const { return im_; }
  NDGPU_HD void real(T v) { re_ = v; }
  NDGPU_HD void imag(T v) { im_ = v; }
  NDGPU_HD complex& operator+=(const complex& z) {
    re_ += z.re_;
    im_ += z.im_;
    return *this;
  }
  NDGPU_HD complex& operator-=(const complex& z) {
    re_ -= z.re_;
    im_ -= z.im_;
    return *this;
  }
  NDGPU_HD complex& operator*=(const complex& z) { return *this = *this * z; }
  NDGPU_HD complex& operator/=(const complex& z) { return *this = *this / z; }
  NDGPU_HD complex& operator+=(const T& v) {
    re_ += v;
    return *this;
  }
  NDGPU_HD complex& operator-=(const T& v) {
    re_ -= v;
    return *this;
  }
  NDGPU_HD complex& operator*=(const T& v) {
    re_ *= v;
    im_ *= v;
    return *this;
  }
  NDGPU_HD complex& operator/=(const T& v) {
    re_ /= v;
    im_ /= v;
    return *this;
  }
  friend NDGPU_HD complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);
  }
  friend NDGPU_HD complex operator/(const complex& a, const complex& b) {
    // Smith's algorithm: avoids overflow in |b|^2.
    T ar = a.re_, ai = a.im_, br = b.re_, bi = b.im_;
    if ((br < 0 ? -br : br) >= (bi < 0 ? -bi : bi)) {
      if (br == T(0) && bi == T(0))
        return complex(ar / (br < 0 ? -br : br), ai / (bi < 0 ? -bi : bi));
      T r = bi / br, d = br + bi * r;
      return complex((ar + ai * r) / d, (ai - ar * r) / d);
    }
    T r = br / bi, d = bi + br * r;
    return complex((ar * r + ai) / d, (ai * r - ar) / d);
  }
};

template <class T>
NDGPU_HD complex<T> operator+(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.real() + b.real(), a.imag() + b.imag());
}
template <class T>
NDGPU_HD complex<T> operator-(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.real() - b.real(), a.imag() - b.imag());
}
template <class T>
NDGPU_HD complex<T> operator+(const complex<T>& a, const T& b) {
  return complex<T>(a.real() + b, a.imag());
}
template <class T>
NDGPU_HD complex<T> operator+(const T& a, const complex<T>& b) {
  return complex<T>(a + b.real(), b.imag());
}
template <class T>
NDGPU_HD complex<T> operator-(const complex<T>& a, const T& b) {
  return complex<T>(a.real() - b, a.imag());
}
template <class T>
NDGPU_HD complex<T> operator-(const T& a, const complex<T>& b) {
  return complex<T>(a - b.real(), -b.imag());
}
template <class T>
NDGPU_HD complex<T> operator*(const complex<T>& a, const T& b) {
  return complex<T>(a.real() * b, a.imag() * b);
}
template <class T>
NDGPU_HD complex<T> operator*(const T& a, const complex<T>& b) {
  return complex<T>(a * b.real(), a * b.imag());
}
template <class T>
NDGPU_HD complex<T> operator/(const complex<T>& a, const T& b) {
  return complex<T>(a.real() / b, a.imag() / b);
}
template <class T>
NDGPU_HD complex<T> operator/(const T& a, const complex<T>& b) {
  return complex<T>(a) / b;
}
template <class T>
NDGPU_HD complex<T> operator-(const complex<T>& a) {
  return complex<T>(-a.real(), -a.imag());
}
template <class T>
NDGPU_HD complex<T> operator+(const complex<T>& a) {
  return a;
}
template <class T>
NDGPU_HD bool operator==(const complex<T>& a, const complex<T>& b) {
  return a.real() == b.real() && a.imag() == b.imag();
}
template <class T>
NDGPU_HD bool operator!=(const complex<T>& a, const complex<T>& b) {
  return !(a == b);
}
template <class T>
NDGPU_HD bool operator==(const complex<T>& a, const T& b) {
  return a.real() == b && a.imag() == T(0);
}
template <class T>
NDGPU_HD bool operator==(const T& a, const complex<T>& b) {
  return b == a;
}

// Mixed with other arithmetic types (`z + 1`, `zf * 2.0`): convert the scalar, as CuPy's do.
#define NDGPU_COMPLEX_MIXED(C, S)         \
  NDGPU_HD C operator+(const C& a, S b) { \
    return a + C::value_type(b);          \
  }                                       \
  NDGPU_HD C operator+(S a, const C& b) { \
    return C::value_type(a) + b;          \
  }                                       \
  NDGPU_HD C operator-(const C& a, S b) { \
    return a - C::value_type(b);          \
  }                                       \
  NDGPU_HD C operator-(S a, const C& b) { \
    return C::value_type(a) - b;          \
  }                                       \
  NDGPU_HD C operator*(const C& a, S b) { \
    return a * C::value_type(b);          \
  }                                       \
  NDGPU_HD C operator*(S a, const C& b) { \
    return C::value_type(a) * b;          \
  }                                       \
  NDGPU_HD C operator/(const C& a, S b) { \
    return a / C::value_type(b);          \
  }                                       \
  NDGPU_HD C operator/(S a, const C& b) { \
    return C::value_type(a) / b;          \
  }
NDGPU_COMPLEX_MIXED(complex<float>, int)
NDGPU_COMPLEX_MIXED(complex<float>, double)
NDGPU_COMPLEX_MIXED(complex<double>, int)
NDGPU_COMPLEX_MIXED(complex<double>, float)
#undef NDGPU_COMPLEX_MIXED

template <class T>
NDGPU_HD T real(const complex<T>& z) {
  return z.real();
}
template <class T>
NDGPU_HD T imag(const complex<T>& z) {
  return z.imag();
}
template <class T>
NDGPU_HD complex<T> conj(const complex<T>& z) {
  return complex<T>(z.real(), -z.imag());
}
template <class T>
NDGPU_HD T norm(const complex<T>& z) {
  return z.real() * z.real() + z.imag() * z.imag();
}
template <class T>
NDGPU_HD T abs(const complex<T>& z) {
  return ::hypot(z.real(), z.imag());
}
template <class T>
NDGPU_HD T arg(const complex<T>& z) {
  return ::atan2(z.imag(), z.real());
}
template <class T>
NDGPU_HD complex<T> polar(const T& r, const T& theta = T(0)) {
  return complex<T>(r * ::cos(theta), r * ::sin(theta));
}
template <class T>
NDGPU_HD complex<T> exp(const complex<T>& z) {
  T e = ::exp(z.real());
  if (z.imag() == T(0)) return complex<T>(e, z.imag());
  return complex<T>(e * ::cos(z.imag()), e * ::sin(z.imag()));
}
template <class T>
NDGPU_HD complex<T> log(const complex<T>& z) {
  return complex<T>(::log(abs(z)), arg(z));
}
template <class T>
NDGPU_HD complex<T> log10(const complex<T>& z) {
  return log(z) / T(2.302585092994045684);
}
template <class T>
NDGPU_HD complex<T> log1p(const complex<T>& z) {
  return log(complex<T>(T(1) + z.real(), z.imag()));
}
template <class T>
NDGPU_HD complex<T> expm1(const complex<T>& z) {
  return exp(z) - T(1);
}
template <class T>
NDGPU_HD complex<T> sqrt(const complex<T>& z) {
  T x = z.real(), y = z.imag();
  if (x == T(0) && y == T(0)) return complex<T>(T(0), y);
  T t = ::sqrt((::fabs(x) + abs(z)) / T(2));
  if (x >= T(0)) return complex<T>(t, y / (T(2) * t));
  return complex<T>(::fabs(y) / (T(2) * t), y < T(0) ? -t : t);
}
template <class T>
NDGPU_HD complex<T> pow(const complex<T>& a, const complex<T>& b) {
  if (a.real() == T(0) && a.imag() == T(0))
    return complex<T>(b.real() == T(0) && b.imag() == T(0) ? T(1) : T(0));
  return exp(b * log(a));
}
template <class T>
NDGPU_HD complex<T> pow(const complex<T>& a, const T& b) {
  return pow(a, complex<T>(b));
}
template <class T>
NDGPU_HD complex<T> pow(const T& a, const complex<T>& b) {
  return pow(complex<T>(a), b);
}
template <class T>
NDGPU_HD complex<T> sinh(const complex<T>& z) {
  return complex<T>(::sinh(z.real()) * ::cos(z.imag()), ::cosh(z.real()) * ::sin(z.imag()));
}
template <class T>
NDGPU_HD complex<T> cosh(const complex<T>& z) {
  return complex<T>(::cosh(z.real()) * ::cos(z.imag()), ::sinh(z.real()) * ::sin(z.imag()));
}
template <class T>
NDGPU_HD complex<T> tanh(const complex<T>& z) {
  return sinh(z) / cosh(z);
}
template <class T>
NDGPU_HD complex<T> sin(const complex<T>& z) {
  complex<T> s = sinh(complex<T>(-z.imag(), z.real()));
  return complex<T>(s.imag(), -s.real());
}
template <class T>
NDGPU_HD complex<T> cos(const complex<T>& z) {
  return cosh(complex<T>(-z.imag(), z.real()));
}
template <class T>
NDGPU_HD complex<T> tan(const complex<T>& z) {
  return sin(z) / cos(z);
}
template <class T>
NDGPU_HD complex<T> asinh(const complex<T>& z) {
  return log(z + sqrt(z * z + T(1)));
}
template <class T>
NDGPU_HD complex<T> acosh(const complex<T>& z) {
  return log(z + sqrt(z + T(1)) * sqrt(z - T(1)));
}
template <class T>
NDGPU_HD complex<T> atanh(const complex<T>& z) {
  return (log(T(1) + z) - log(T(1) - z)) / T(2);
}
template <class T>
NDGPU_HD complex<T> asin(const complex<T>& z) {
  complex<T> w = asinh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}
template <class T>
NDGPU_HD complex<T> acos(const complex<T>& z) {
  complex<T> w = asin(z);
  return complex<T>(T(1.57079632679489661923) - w.real(), -w.imag());
}
template <class T>
NDGPU_HD complex<T> atan(const complex<T>& z) {
  complex<T> w = atanh(complex<T>(-z.imag(), z.real()));
  return complex<T>(w.imag(), -w.real());
}
template <class T>
NDGPU_HD bool isnan(const complex<T>& z) {
  return z.real() != z.real() || z.imag() != z.imag();
}
template <class T>
NDGPU_HD bool isinf(const complex<T>& z) {
  return ::isinf(z.real()) || ::isinf(z.imag());
}
template <class T>
NDGPU_HD bool isfinite(const complex<T>& z) {
  return ::isfinite(z.real()) && ::isfinite(z.imag());
}

}  // namespace ndgpu
