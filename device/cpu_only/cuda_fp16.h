// cuda_fp16.h for kernels the CPU backend compiles (the toolkit's header is for NVCC and
// NVRTC): __half is ndgpu's float16, arithmetic in float rounded once, as on the GPU.
// Only the CPU compile sees this folder (host_compiler.cpp); NVRTC gets the toolkit's header.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#include "ndgpu/float16.cuh"

typedef ndgpu::float16 __half;
typedef ndgpu::float16 half;
struct alignas(4) __half2 {
  __half x, y;
};
typedef __half2 half2;
struct __half_raw {
  unsigned short x;
};

// Conversions. The _rz/_rd/_ru variants round to nearest here (the common _rn behaviour).
inline __half __float2half(float f) {
  return __half(f);
}
inline __half __float2half_rn(float f) {
  return __half(f);
}
inline __half __double2half(double d) {
  return __half(d);
}
inline float __half2float(__half h) {
  return float(h);
}
inline __half __int2half_rn(int v) {
  return __half(v);
}
inline __half __ll2half_rn(long long v) {
  return __half(v);
}
inline int __half2int_rz(__half h) {
  return int(float(h));
}
inline int __half2int_rn(__half h) {
  return int(std::nearbyint(float(h)));
}
inline long long __half2ll_rz(__half h) {
  return (long long)float(h);
}
inline unsigned short __half_as_ushort(__half h) {
  return h.bits;
}
inline short __half_as_short(__half h) {
  return short(h.bits);
}
inline __half __ushort_as_half(unsigned short b) {
  return __half::from_bits(b);
}
inline __half __short_as_half(short b) {
  return __half::from_bits(uint16_t(b));
}

// Arithmetic and comparisons.
inline __half __hadd(__half a, __half b) {
  return a + b;
}
inline __half __hsub(__half a, __half b) {
  return a - b;
}
inline __half __hmul(__half a, __half b) {
  return a * b;
}
inline __half __hdiv(__half a, __half b) {
  return a / b;
}
inline __half __hneg(__half a) {
  return -a;
}
inline __half __habs(__half a) {
  return __half::from_bits(uint16_t(a.bits & 0x7fffu));
}
inline __half __hfma(__half a, __half b, __half c) {
  return __half(std::fma(float(a), float(b), float(c)));
}
inline bool __hisnan(__half a) {
  return std::isnan(float(a));
}
inline int __hisinf(__half a) {
  float f = a;
  return std::isinf(f) ? (f < 0 ? -1 : 1) : 0;
}
inline __half __hmax(__half a, __half b) {
  return __hisnan(a) ? b : (__hisnan(b) ? a : (a < b ? b : a));
}
inline __half __hmin(__half a, __half b) {
  return __hisnan(a) ? b : (__hisnan(b) ? a : (b < a ? b : a));
}
inline bool __heq(__half a, __half b) {
  return a == b;
}
inline bool __hne(__half a, __half b) {
  return a != b;
}
inline bool __hlt(__half a, __half b) {
  return a < b;
}
inline bool __hle(__half a, __half b) {
  return a <= b;
}
inline bool __hgt(__half a, __half b) {
  return a > b;
}
inline bool __hge(__half a, __half b) {
  return a >= b;
}

// Functions: computed in float, rounded once.
inline __half hsqrt(__half a) {
  return __half(std::sqrt(float(a)));
}
inline __half hrsqrt(__half a) {
  return __half(1.0f / std::sqrt(float(a)));
}
inline __half hrcp(__half a) {
  return __half(1.0f / float(a));
}
inline __half hexp(__half a) {
  return __half(std::exp(float(a)));
}
inline __half hexp2(__half a) {
  return __half(std::exp2(float(a)));
}
inline __half hlog(__half a) {
  return __half(std::log(float(a)));
}
inline __half hlog2(__half a) {
  return __half(std::log2(float(a)));
}
inline __half hlog10(__half a) {
  return __half(std::log10(float(a)));
}
inline __half hsin(__half a) {
  return __half(std::sin(float(a)));
}
inline __half hcos(__half a) {
  return __half(std::cos(float(a)));
}
inline __half htanh(__half a) {
  return __half(std::tanh(float(a)));
}
inline __half hfloor(__half a) {
  return __half(std::floor(float(a)));
}
inline __half hceil(__half a) {
  return __half(std::ceil(float(a)));
}
inline __half htrunc(__half a) {
  return __half(std::trunc(float(a)));
}

// Pairs.
inline __half2 __halves2half2(__half a, __half b) {
  return {a, b};
}
inline __half2 __half2half2(__half a) {
  return {a, a};
}
inline __half2 __float2half2_rn(float f) {
  return {__half(f), __half(f)};
}
inline __half2 __floats2half2_rn(float a, float b) {
  return {__half(a), __half(b)};
}
inline __half __low2half(__half2 v) {
  return v.x;
}
inline __half __high2half(__half2 v) {
  return v.y;
}
inline float __low2float(__half2 v) {
  return float(v.x);
}
inline float __high2float(__half2 v) {
  return float(v.y);
}
inline float2 __half22float2(__half2 v) {
  return make_float2(float(v.x), float(v.y));
}
inline __half2 __hadd2(__half2 a, __half2 b) {
  return {a.x + b.x, a.y + b.y};
}
inline __half2 __hsub2(__half2 a, __half2 b) {
  return {a.x - b.x, a.y - b.y};
}
inline __half2 __hmul2(__half2 a, __half2 b) {
  return {a.x * b.x, a.y * b.y};
}
inline __half2 __h2div(__half2 a, __half2 b) {
  return {a.x / b.x, a.y / b.y};
}
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
inline __half2 operator+(__half2 a, __half2 b) {
  return __hadd2(a, b);
}
inline __half2 operator-(__half2 a, __half2 b) {
  return __hsub2(a, b);
}
inline __half2 operator*(__half2 a, __half2 b) {
  return __hmul2(a, b);
}
inline __half2 operator/(__half2 a, __half2 b) {
  return __h2div(a, b);
}
