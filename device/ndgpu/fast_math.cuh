// User ReductionKernels compile as CuPy's do, with --use_fast_math; on the CPU, float sqrt
// is CUDA's approximate one (x * rsqrt(x)) so that results match a GPU's digit for digit.
// Empty unless a CPU kernel is compiled with NDGPU_FAST_MATH.
#pragma once
#if defined(NDGPU_FAST_MATH) && !defined(NDGPU_DEVICE_CUDA)
#include "ndgpu/common.cuh"
namespace ndgpu {
inline float fast_sqrt(float x) {
  if (!(x > 0.0f) || x > 3.0e38f) return ::sqrtf(x);
  return x * (float)(1.0 / ::sqrt((double)x));
}
inline double fast_sqrt(double x) {
  return ::sqrt(x);
}
template <class T>
inline double fast_sqrt(const T& x) {
  return ::sqrt((double)x);
}
}  // namespace ndgpu
#define sqrt(x) ::ndgpu::fast_sqrt(x)
#endif
