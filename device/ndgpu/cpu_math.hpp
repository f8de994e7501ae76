// CUDA's math API for the CPU backend, beyond <math.h>: min/max overloads, the integer
// intrinsics, and (included) the special functions and floating-point intrinsics. Helpers
// live in ndgpu_cpu: beyond the C library's, only CUDA's names enter the global scope.
#pragma once
#include <math.h>
#include <string.h>
#include <time.h>

#include <type_traits>

#include "ndgpu/cpu_float_intrinsics.hpp"
#include "ndgpu/cpu_math_special.hpp"
#include "ndgpu/cpu_vector_math.hpp"

// min/max: CUDA's overloads for equal types, and the usual conversions for mixed ones.
#define NDGPU_CPU_MINMAX(T) \
  inline T min(T a, T b) {  \
    return b < a ? b : a;   \
  }                         \
  inline T max(T a, T b) {  \
    return a < b ? b : a;   \
  }
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

inline unsigned umin(unsigned a, unsigned b) {
  return min(a, b);
}
inline unsigned umax(unsigned a, unsigned b) {
  return max(a, b);
}
inline long long llmin(long long a, long long b) {
  return min(a, b);
}
inline long long llmax(long long a, long long b) {
  return max(a, b);
}
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return min(a, b);
}
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return max(a, b);
}

// Integer intrinsics.
inline int __popc(unsigned x) {
  return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
inline int __clz(int x) {
  return x ? __builtin_clz(unsigned(x)) : 32;
}
inline int __clzll(long long x) {
  return x ? __builtin_clzll((unsigned long long)x) : 64;
}
inline int __ffs(int x) {
  return __builtin_ffs(x);
}
inline int __ffsll(long long x) {
  return __builtin_ffsll(x);
}
inline unsigned long long __brevll(unsigned long long x) {
  unsigned long long r = 0;
  for (int i = 0; i < 64; ++i) r |= ((x >> i) & 1ull) << (63 - i);
  return r;
}
inline unsigned __brev(unsigned x) {
  return unsigned(__brevll(x) >> 32);
}
inline unsigned short __nv_bswap16(unsigned short x) {
  return __builtin_bswap16(x);
}
inline unsigned __nv_bswap32(unsigned x) {
  return __builtin_bswap32(x);
}
inline unsigned long long __nv_bswap64(unsigned long long x) {
  return __builtin_bswap64(x);
}
// The low 24 bits of each operand (sign-extended for __mul24), the low 32 bits of the product.
inline int __mul24(int a, int b) {
  return int(unsigned(((a << 8) >> 8) * ((b << 8) >> 8)));
}
inline unsigned __umul24(unsigned a, unsigned b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
inline int __mulhi(int a, int b) {
  return int(((long long)a * b) >> 32);
}
inline unsigned __umulhi(unsigned a, unsigned b) {
  return unsigned(((unsigned long long)a * b) >> 32);
}
inline long long __mul64hi(long long a, long long b) {
  return (long long)(((__int128)a * b) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
// Halving adds without overflow: (a + b) >> 1, and rounded up (+1) for the __r forms.
inline int __hadd(int a, int b) {
  return int(((long long)a + b) >> 1);
}
inline int __rhadd(int a, int b) {
  return int(((long long)a + b + 1) >> 1);
}
inline unsigned __uhadd(unsigned a, unsigned b) {
  return unsigned(((unsigned long long)a + b) >> 1);
}
inline unsigned __urhadd(unsigned a, unsigned b) {
  return unsigned(((unsigned long long)a + b + 1) >> 1);
}
inline unsigned __sad(int a, int b, unsigned c) {
  return unsigned(a > b ? (long long)a - b : (long long)b - a) + c;
}
inline unsigned __usad(unsigned a, unsigned b, unsigned c) {
  return (a > b ? a - b : b - a) + c;
}
// Byte n of the result is byte (s >> 4n) & 7 of the eight bytes y:x (x's the low four).
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long bytes = (unsigned long long)y << 32 | x;
  unsigned r = 0;
  for (int n = 0; n < 4; ++n)
    r |= unsigned((bytes >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
  return r;
}
// hi:lo shifted left (high word kept) or right (low word kept); shift mod 32, or clamped to 32.
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  return unsigned((((unsigned long long)hi << 32 | lo) << (shift & 31)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
  return shift >= 32 ? lo : __funnelshift_l(lo, hi, shift);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  return unsigned(((unsigned long long)hi << 32 | lo) >> (shift & 31));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
  return shift >= 32 ? hi : __funnelshift_r(lo, hi, shift);
}
// The position of the offset-th set bit of mask counting from base, towards the high bits for
// a positive offset and the low ones for a negative offset (0: base itself); else ~0u.
inline unsigned __fns(unsigned mask, unsigned base, int offset) {
  if (offset == 0) return (mask >> base) & 1u ? base : 0xffffffffu;
  int step = offset > 0 ? 1 : -1, left = offset > 0 ? offset : -offset;
  for (int b = int(base); b >= 0 && b < 32; b += step)
    if (((mask >> b) & 1u) && --left == 0) return unsigned(b);
  return 0xffffffffu;
}
// Dot products of packed bytes (and, for __dp2a, 16-bit halves of a) with an accumulator.
namespace ndgpu_cpu {
template <class Lane, class T>
inline T lane(T v, int i) {
  return T(Lane(v >> (8 * sizeof(Lane) * i)));
}
}  // namespace ndgpu_cpu
inline int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 4; ++i)
    c += ndgpu_cpu::lane<signed char>(a, i) * ndgpu_cpu::lane<signed char>(b, i);
  return c;
}
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 4; ++i)
    c += ndgpu_cpu::lane<unsigned char>(a, i) * ndgpu_cpu::lane<unsigned char>(b, i);
  return c;
}
inline int __dp2a_lo(int a, int b, int c) {
  for (int i = 0; i < 2; ++i)
    c += ndgpu_cpu::lane<short>(a, i) * ndgpu_cpu::lane<signed char>(b, i);
  return c;
}
inline int __dp2a_hi(int a, int b, int c) {
  for (int i = 0; i < 2; ++i)
    c += ndgpu_cpu::lane<short>(a, i) * ndgpu_cpu::lane<signed char>(b, i + 2);
  return c;
}
inline unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 2; ++i)
    c += ndgpu_cpu::lane<unsigned short>(a, i) * ndgpu_cpu::lane<unsigned char>(b, i);
  return c;
}
inline unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 2; ++i)
    c += ndgpu_cpu::lane<unsigned short>(a, i) * ndgpu_cpu::lane<unsigned char>(b, i + 2);
  return c;
}

template <class T>
inline T __ldg(const T* p) {
  return *p;
}
inline void __nanosleep(unsigned) {}
#if defined(__x86_64__)
inline long long clock64() {
  return (long long)__builtin_ia32_rdtsc();
}
#else
inline long long clock64() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
#endif
inline void __trap() {
  __builtin_trap();
}
