// Base of the kernel dialect: the same source compiles with NVRTC and with the host compiler.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define NDGPU_DEVICE_CUDA 1
#define NDGPU_HD __host__ __device__ __forceinline__
#if defined(__CUDACC_RTC__)
// NVRTC ships no C library headers (it predefines size_t and ptrdiff_t only).
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <stddef.h>
#include <stdint.h>
#endif
#else
#ifdef NDGPU_CPU_KERNEL           // compiled by the CPU backend (not when the library includes us)
#include "ndgpu/cpu_runtime.hpp"  // first: it gives the C library NVRTC's integer types
#endif
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#define NDGPU_HD inline
#endif

namespace ndgpu {

template <class T>
NDGPU_HD T min_(T a, T b) {
  return b < a ? b : a;
}
template <class T>
NDGPU_HD T max_(T a, T b) {
  return a < b ? b : a;
}

}  // namespace ndgpu

// The elementwise loop: on CUDA a grid-stride loop; on the CPU this block's contiguous share
// of [0, n), so that each host thread walks memory in order and the compiler can vectorise.
#ifdef NDGPU_DEVICE_CUDA
#define NDGPU_LOOP(I, i, n)                                  \
  for (I i = (I)blockIdx.x * (I)blockDim.x + (I)threadIdx.x, \
         _ndgpu_step = (I)blockDim.x * (I)gridDim.x;         \
       i < (I)(n); i += _ndgpu_step)
#else
#define NDGPU_LOOP(I, i, n)                                         \
  for (I _ndgpu_chunk = ((I)(n) + (I)gridDim.x - 1) / (I)gridDim.x, \
         i = (I)blockIdx.x * _ndgpu_chunk,                          \
         _ndgpu_end = ::ndgpu::min_((I)(i + _ndgpu_chunk), (I)(n)); \
       i < _ndgpu_end; ++i)
#endif
