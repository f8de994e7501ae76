// IEEE half precision with float arithmetic, the same bits on every backend.
#pragma once
#include "ndgpu/common.cuh"

namespace ndgpu {

NDGPU_HD float half_bits_to_float(uint16_t h) {
#ifdef NDGPU_DEVICE_CUDA
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
#else
  uint32_t sign = uint32_t(h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ffu, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else {  // subnormal: normalise
    int e = -1;
    do {
      ++e;
      mant <<= 1;
    } while ((mant & 0x400u) == 0);
    bits = sign | uint32_t(112 - e) << 23 | ((mant & 0x3ffu) << 13);
  }
  float f;
  memcpy(&f, &bits, 4);
  return f;
#endif
}

NDGPU_HD uint16_t float_to_half_bits(float f) {
#ifdef NDGPU_DEVICE_CUDA
  uint16_t h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
#else
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u, absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u)  // inf or nan (keep nan quiet)
    return uint16_t(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u | ((absx >> 13) & 0x3ffu) : 0));
  if (absx >= 0x477ff000u) return uint16_t(sign | 0x7c00u);  // rounds to inf
  if (absx < 0x38800000u) {                                  // subnormal or zero in half
    if (absx < 0x33000000u) return uint16_t(sign);
    uint32_t e = absx >> 23, mant = (absx & 0x7fffffu) | 0x800000u;
    uint32_t shift = 126 - e;  // 14..24
    uint32_t res = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (res & 1u))) ++res;
    return uint16_t(sign | res);
  }
  uint32_t res = ((absx - 0x38000000u) >> 13), rem = absx & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (res & 1u))) ++res;
  return uint16_t(sign | res);
#endif
}

struct float16 {
  uint16_t bits;
  float16() = default;
  NDGPU_HD float16(float f) : bits(float_to_half_bits(f)) {}
  NDGPU_HD float16(double d) : bits(float_to_half_bits(float(d))) {}
  NDGPU_HD float16(int v) : bits(float_to_half_bits(float(v))) {}
  NDGPU_HD float16(long long v) : bits(float_to_half_bits(float(v))) {}
  NDGPU_HD operator float() const { return half_bits_to_float(bits); }
  static NDGPU_HD float16 from_bits(uint16_t b) {
    float16 h;
    h.bits = b;
    return h;
  }
  NDGPU_HD float16& operator+=(float16 o) { return *this = float16(float(*this) + float(o)); }
  NDGPU_HD float16& operator-=(float16 o) { return *this = float16(float(*this) - float(o)); }
  NDGPU_HD float16& operator*=(float16 o) { return *this = float16(float(*this) * float(o)); }
  NDGPU_HD float16& operator/=(float16 o) { return *this = float16(float(*this) / float(o)); }
};

// Arithmetic happens in float and rounds once, as NumPy's float16 loops do.
NDGPU_HD float16 operator+(float16 a, float16 b) {
  return float16(float(a) + float(b));
}
NDGPU_HD float16 operator-(float16 a, float16 b) {
  return float16(float(a) - float(b));
}
NDGPU_HD float16 operator*(float16 a, float16 b) {
  return float16(float(a) * float(b));
}
NDGPU_HD float16 operator/(float16 a, float16 b) {
  return float16(float(a) / float(b));
}
NDGPU_HD float16 operator-(float16 a) {
  return float16::from_bits(uint16_t(a.bits ^ 0x8000u));
}
NDGPU_HD bool operator==(float16 a, float16 b) {
  return float(a) == float(b);
}
NDGPU_HD bool operator!=(float16 a, float16 b) {
  return float(a) != float(b);
}
NDGPU_HD bool operator<(float16 a, float16 b) {
  return float(a) < float(b);
}
NDGPU_HD bool operator<=(float16 a, float16 b) {
  return float(a) <= float(b);
}
NDGPU_HD bool operator>(float16 a, float16 b) {
  return float(a) > float(b);
}
NDGPU_HD bool operator>=(float16 a, float16 b) {
  return float(a) >= float(b);
}

}  // namespace ndgpu

typedef ndgpu::float16 float16;
