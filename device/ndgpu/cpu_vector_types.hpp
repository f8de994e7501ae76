// CUDA's built-in vector types (float2, int4, ...) and make_* functions, for the CPU backend.
// Alignments follow CUDA's: a 2-vector is aligned to its size, a 4-vector to min(size, 16).
#pragma once

namespace ndgpu_cpu {
template <class T, int A>
struct alignas(A) vec1 {
  T x;
};
template <class T, int A>
struct alignas(A) vec2 {
  T x, y;
};
template <class T, int A>
struct alignas(A) vec3 {
  T x, y, z;
};
template <class T, int A, int Tag = 0>
struct alignas(A) vec4 {
  T x, y, z, w;
};  // Tag: _16a/_32a
}  // namespace ndgpu_cpu

// One line per element type: NAME1..NAME4 and make_NAME1..make_NAME4.
#define NDGPU_CPU_VECTOR(NAME, T, A2, A4)             \
  typedef ndgpu_cpu::vec1<T, sizeof(T)> NAME##1;      \
  typedef ndgpu_cpu::vec2<T, A2> NAME##2;             \
  typedef ndgpu_cpu::vec3<T, sizeof(T)> NAME##3;      \
  typedef ndgpu_cpu::vec4<T, A4> NAME##4;             \
  inline NAME##1 make_##NAME##1(T x) {                \
    return {x};                                       \
  }                                                   \
  inline NAME##2 make_##NAME##2(T x, T y) {           \
    return {x, y};                                    \
  }                                                   \
  inline NAME##3 make_##NAME##3(T x, T y, T z) {      \
    return {x, y, z};                                 \
  }                                                   \
  inline NAME##4 make_##NAME##4(T x, T y, T z, T w) { \
    return {x, y, z, w};                              \
  }

NDGPU_CPU_VECTOR(char, signed char, 2, 4)
NDGPU_CPU_VECTOR(uchar, unsigned char, 2, 4)
NDGPU_CPU_VECTOR(short, short, 4, 8)
NDGPU_CPU_VECTOR(ushort, unsigned short, 4, 8)
NDGPU_CPU_VECTOR(int, int, 8, 16)
NDGPU_CPU_VECTOR(uint, unsigned, 8, 16)
NDGPU_CPU_VECTOR(long, long, 16, 16)
NDGPU_CPU_VECTOR(ulong, unsigned long, 16, 16)
NDGPU_CPU_VECTOR(longlong, long long, 16, 16)
NDGPU_CPU_VECTOR(ulonglong, unsigned long long, 16, 16)
NDGPU_CPU_VECTOR(float, float, 8, 16)
NDGPU_CPU_VECTOR(double, double, 16, 16)
#undef NDGPU_CPU_VECTOR

// CUDA 13's explicitly aligned 4-vectors of 8-byte elements (their plain forms deprecated).
#define NDGPU_CPU_VECTOR_ALIGNED(NAME, T)         \
  typedef ndgpu_cpu::vec4<T, 16, 16> NAME##4_16a; \
  typedef ndgpu_cpu::vec4<T, 32, 32> NAME##4_32a;
NDGPU_CPU_VECTOR_ALIGNED(long, long)
NDGPU_CPU_VECTOR_ALIGNED(ulong, unsigned long)
NDGPU_CPU_VECTOR_ALIGNED(longlong, long long)
NDGPU_CPU_VECTOR_ALIGNED(ulonglong, unsigned long long)
NDGPU_CPU_VECTOR_ALIGNED(double, double)
#undef NDGPU_CPU_VECTOR_ALIGNED
inline double4_16a make_double4_16a(double x, double y, double z, double w) {
  return {x, y, z, w};
}
inline double4_32a make_double4_32a(double x, double y, double z, double w) {
  return {x, y, z, w};
}
