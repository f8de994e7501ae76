// ndgpu::cast<To>(from): NumPy's unsafe cast between any two kernel types.
#pragma once
#include "ndgpu/complex.cuh"
#include "ndgpu/float16.cuh"

namespace ndgpu {

template <class To, class From>
struct Caster {
  static NDGPU_HD To run(const From& v) { return static_cast<To>(v); }
};
template <class From>
struct Caster<bool, From> {
  static NDGPU_HD bool run(const From& v) { return v != From(0); }
};
template <>
struct Caster<bool, float16> {
  static NDGPU_HD bool run(const float16& v) { return float(v) != 0.0f; }
};
template <class To>
struct Caster<To, float16> {
  static NDGPU_HD To run(const float16& v) { return static_cast<To>(float(v)); }
};
template <class From>
struct Caster<float16, From> {
  static NDGPU_HD float16 run(const From& v) { return float16(float(v)); }
};
template <>
struct Caster<float16, double> {
  static NDGPU_HD float16 run(const double& v) { return float16(v); }
};
template <>
struct Caster<float16, float16> {
  static NDGPU_HD float16 run(const float16& v) { return v; }
};
// Complex to real keeps the real part (NumPy warns; we do not).
template <class To, class T>
struct Caster<To, complex<T>> {
  static NDGPU_HD To run(const complex<T>& v) { return Caster<To, T>::run(v.real()); }
};
template <class T>
struct Caster<bool, complex<T>> {
  static NDGPU_HD bool run(const complex<T>& v) { return v.real() != T(0) || v.imag() != T(0); }
};
template <class T, class From>
struct Caster<complex<T>, From> {
  static NDGPU_HD complex<T> run(const From& v) {
    return complex<T>(Caster<T, From>::run(v), T(0));
  }
};
template <class T, class U>
struct Caster<complex<T>, complex<U>> {
  static NDGPU_HD complex<T> run(const complex<U>& v) {
    return complex<T>(T(v.real()), T(v.imag()));
  }
};
template <class T>
struct Caster<complex<T>, float16> {
  static NDGPU_HD complex<T> run(const float16& v) { return complex<T>(T(float(v)), T(0)); }
};
template <class T>
struct Caster<float16, complex<T>> {
  static NDGPU_HD float16 run(const complex<T>& v) { return float16(float(v.real())); }
};

template <class To, class From>
NDGPU_HD To cast(const From& v) {
  return Caster<To, From>::run(v);
}

}  // namespace ndgpu
