// CUDA's math and integer intrinsics for the CPU backend: what <math.h> lacks (rsqrtf,
// __expf, __popc, min/max overloads, ...). The fast-math variants are the exact functions.
#pragma once
#include <math.h>
#include <string.h>
#include <time.h>

#include <type_traits>

// min/max: CUDA's overloads for equal types, and the usual conversions for mixed ones.
#define NDGPU_CPU_MINMAX(T)                          \
  inline T min(T a, T b) { return b < a ? b : a; }   \
  inline T max(T a, T b) { return a < b ? b : a; }
NDGPU_CPU_MINMAX(int)
NDGPU_CPU_MINMAX(unsigned)
NDGPU_CPU_MINMAX(long)
NDGPU_CPU_MINMAX(unsigned long)
NDGPU_CPU_MINMAX(long long)
NDGPU_CPU_MINMAX(unsigned long long)
NDGPU_CPU_MINMAX(float)
NDGPU_CPU_MINMAX(double)
#undef NDGPU_CPU_MINMAX
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&
                                   !std::is_same<A, B>::value>>
inline std::common_type_t<A, B> min(A a, B b) {
  typedef std::common_type_t<A, B> C;
  return C(b) < C(a) ? C(b) : C(a);
}
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&
                                   !std::is_same<A, B>::value>>
inline std::common_type_t<A, B> max(A a, B b) {
  typedef std::common_type_t<A, B> C;
  return C(a) < C(b) ? C(b) : C(a);
}

inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double rcbrt(double x) { return 1.0 / cbrt(x); }
inline float sinpif(float x) { return sinf(float(M_PI) * x); }
inline double sinpi(double x) { return sin(M_PI * x); }
inline float cospif(float x) { return cosf(float(M_PI) * x); }
inline double cospi(double x) { return cos(M_PI * x); }
inline float saturatef(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }
inline float __saturatef(float x) { return saturatef(x); }
inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return powf(10.f, x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline float fdividef(float a, float b) { return a / b; }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline float __fsqrt_rn(float x) { return sqrtf(x); }
inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x ? __builtin_clz(unsigned(x)) : 32; }
inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline int __mul24(int a, int b) { return a * b; }
inline unsigned __umul24(unsigned a, unsigned b) { return a * b; }
inline int __mulhi(int a, int b) { return int(((long long)a * b) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) { return unsigned(((unsigned long long)a * b) >> 32); }
inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}

namespace ndgpu_cpu {
template <class To, class From>
inline To bit_cast(From v) {
  To r;
  memcpy(&r, &v, sizeof(To));
  return r;
}
}  // namespace ndgpu_cpu
inline int __float_as_int(float x) { return ndgpu_cpu::bit_cast<int>(x); }
inline unsigned __float_as_uint(float x) { return ndgpu_cpu::bit_cast<unsigned>(x); }
inline float __int_as_float(int x) { return ndgpu_cpu::bit_cast<float>(x); }
inline float __uint_as_float(unsigned x) { return ndgpu_cpu::bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return ndgpu_cpu::bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return ndgpu_cpu::bit_cast<double>(x); }
inline int __float2int_rn(float x) { return int(nearbyintf(x)); }
inline int __float2int_rz(float x) { return int(x); }
inline int __float2int_rd(float x) { return int(floorf(x)); }
inline int __float2int_ru(float x) { return int(ceilf(x)); }
inline unsigned __float2uint_rn(float x) { return unsigned(nearbyintf(x)); }
inline float __int2float_rn(int x) { return float(x); }
inline float __double2float_rn(double x) { return float(x); }
inline int __double2int_rn(double x) { return int(nearbyint(x)); }

template <class T>
inline T __ldg(const T* p) { return *p; }
inline void __nanosleep(unsigned) {}
#if defined(__x86_64__)
inline long long clock64() { return (long long)__builtin_ia32_rdtsc(); }
#else
inline long long clock64() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
#endif
inline void __trap() { __builtin_trap(); }
