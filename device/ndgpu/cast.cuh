// ndgpu::cast<To>(from): NumPy's unsafe cast between any two kernel types.
#pragma once
#include "ndgpu/complex.cuh"
#include "ndgpu/float16.cuh"

namespace ndgpu {

// Float to integer as NumPy on x86-64, where C++ leaves out-of-range values undefined and
// GPUs saturate: NaN and out-of-range give the most negative int32/int64 (x86's "integer
// indefinite"); narrower types keep the low bits of the int32 result, uint32 of the int64 one.
NDGPU_HD long long x86_to_int64(double v) {
  return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? (long long)v
                                                                  : (long long)(1ULL << 63);
}
NDGPU_HD int x86_to_int32(double v) {
  return v > -2147483649.0 && v < 2147483648.0 ? (int)v : -2147483647 - 1;
}
template <class To, bool FloatToInt>
struct ArithmeticCast {
  template <class From>
  static NDGPU_HD To run(const From& v) {
    return static_cast<To>(v);
  }
};
template <class To>
struct ArithmeticCast<To, true> {
  static NDGPU_HD To run(double v) {
    const bool is_signed = To(-1) < To(0);
    if (sizeof(To) == 8 && is_signed) return To(x86_to_int64(v));
    if (sizeof(To) == 8)  // as x86 compilers convert to unsigned: through 2**63
      return v >= 9223372036854775808.0
                 ? To((unsigned long long)x86_to_int64(v - 9223372036854775808.0) ^ (1ULL << 63))
                 : To((unsigned long long)x86_to_int64(v));
    if (sizeof(To) == 4 && !is_signed) return To((unsigned long long)x86_to_int64(v));
    return To(x86_to_int32(v));
  }
};
template <class T>
struct IsFloatingPoint {
  static constexpr bool value = false;
};
template <>
struct IsFloatingPoint<float> {
  static constexpr bool value = true;
};
template <>
struct IsFloatingPoint<double> {
  static constexpr bool value = true;
};

// Other specialisations below take bool, float16 and complex targets, so To is a built-in
// arithmetic type here; integer exactly when 1/2 == 0.
template <class To, class From>
struct Caster {
  static NDGPU_HD To run(const From& v) {
    return ArithmeticCast < To, IsFloatingPoint<From>::value && To(1) / To(2) == To(0) > ::run(v);
  }
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
  static NDGPU_HD To run(const float16& v) { return Caster<To, float>::run(float(v)); }
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

// Float to integer as NumPy does on x86, on every backend (CUDA's conversions saturate, and
// C++ leaves NaN and out-of-range values undefined): the hardware's "integer indefinite"
// (the lowest value) for NaN, inf and out-of-range, narrow types through int32 and wrapped.
NDGPU_HD long long float_to_i64(double v) {
  return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? (long long)v
                                                                  : -9223372036854775807LL - 1;
}
NDGPU_HD int float_to_i32(double v) {
  return v > -2147483649.0 && v < 2147483648.0 ? (int)v : -2147483647 - 1;
}
NDGPU_HD unsigned long long float_to_u64(double v) {  // above 2^63: offset by 2^63 first
  if (v >= 9223372036854775808.0)
    return (unsigned long long)float_to_i64(v - 9223372036854775808.0) ^ 0x8000000000000000ull;
  return (unsigned long long)float_to_i64(v);
}
#define NDGPU_FLOAT_TO_INT(To, convert)                                       \
  template <>                                                                 \
  struct Caster<To, double> {                                                 \
    static NDGPU_HD To run(const double& v) { return (To)convert(v); }        \
  };                                                                          \
  template <>                                                                 \
  struct Caster<To, float> {                                                  \
    static NDGPU_HD To run(const float& v) { return (To)convert(double(v)); } \
  };
NDGPU_FLOAT_TO_INT(signed char, float_to_i32)
NDGPU_FLOAT_TO_INT(short, float_to_i32)
NDGPU_FLOAT_TO_INT(int, float_to_i32)
NDGPU_FLOAT_TO_INT(long long, float_to_i64)
NDGPU_FLOAT_TO_INT(unsigned char, float_to_i32)
NDGPU_FLOAT_TO_INT(unsigned short, float_to_i32)
NDGPU_FLOAT_TO_INT(unsigned int, float_to_i64)
NDGPU_FLOAT_TO_INT(unsigned long long, float_to_u64)
#undef NDGPU_FLOAT_TO_INT

template <class To, class From>
NDGPU_HD To cast(const From& v) {
  return Caster<To, From>::run(v);
}

}  // namespace ndgpu
