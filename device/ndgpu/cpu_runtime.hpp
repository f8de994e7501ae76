// CUDA's execution model on the host, for kernels compiled by the CPU backend.
// Each block runs on one host thread. The generated entry calls ndgpu_cpu::run_block, which
// runs the block's threads in a loop, or, when the kernel's source uses barriers, shuffles or
// votes, as fibers scheduled by the library (every barrier is a switch to the next fiber).
#pragma once
#include "ndgpu/cpu_system.hpp"  // before any other header: see there

#include "ndgpu/cpu_abi.h"

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __constant__
#define __managed__
// A block's threads share one host thread, so per-thread statics are per-block memory.
// `extern __shared__` arrays are rewritten by the backend to the launch's dynamic buffer.
#define __shared__ thread_local
#define warpSize 32

#include "ndgpu/cpu_vector_types.hpp"

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  dim3() = default;
  dim3(unsigned x_, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

// Per host thread: the block and thread being run. Static, so each kernel library has its own.
// The fiber scheduler writes threadIdx before it resumes a thread.
static thread_local uint3 threadIdx;
static thread_local uint3 blockIdx;
static thread_local dim3 blockDim;
static thread_local dim3 gridDim;

// Keeps the compiler from caching memory across a switch to another fiber.
#define NDGPU_CPU_FENCE() __asm__ __volatile__("" ::: "memory")

namespace ndgpu_cpu {

static thread_local const ndgpu_cpu_launch* launch_;

template <class Body>
void fiber_body(void* ctx) {
  (*static_cast<Body*>(ctx))();
}

// Runs one block. Fibers=false: the threads one after another (no barrier can be honoured).
template <bool Fibers, class Body>
inline void run_block(const ndgpu_cpu_launch* L, Body&& body) {
  launch_ = L;
  gridDim = dim3(L->grid[0], L->grid[1], L->grid[2]);
  blockDim = dim3(L->block[0], L->block[1], L->block[2]);
  blockIdx = uint3{L->block_index[0], L->block_index[1], L->block_index[2]};
  if (Fibers && L->block[0] * L->block[1] * L->block[2] > 1) {
    using B = std::remove_reference_t<Body>;
    L->runtime->run_fibers(L, &fiber_body<B>, static_cast<void*>(&body),
                           reinterpret_cast<unsigned*>(&threadIdx));
    return;
  }
  for (unsigned z = 0; z < L->block[2]; ++z)
    for (unsigned y = 0; y < L->block[1]; ++y)
      for (unsigned x = 0; x < L->block[0]; ++x) {
        threadIdx = uint3{x, y, z};
        body();
      }
}

inline void* dynamic_shared() {
  return launch_->dynamic_shared;
}

// A kernel argument, copied out of the launch's buffer (aligned to 16 bytes only: a struct
// passed by value may ask for more, double4_32a for 32).
template <class T>
inline T param(const void* p) {
  typedef typename std::remove_cv<T>::type U;
  alignas(U) unsigned char b[sizeof(U)];
  memcpy(b, p, sizeof(U));
  return *reinterpret_cast<U*>(b);
}

inline unsigned lane_id() {
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u;
}

inline int sync(int op, int pred) {
  NDGPU_CPU_FENCE();
  int r = launch_->runtime->sync_block(op, pred);
  NDGPU_CPU_FENCE();
  return r;
}

inline const unsigned long long* exchange(unsigned mask, unsigned long long v, unsigned* lanes) {
  NDGPU_CPU_FENCE();
  const unsigned long long* r = launch_->runtime->warp_exchange(mask, v, lanes);
  NDGPU_CPU_FENCE();
  return r;
}

template <class T>
inline unsigned long long to_bits(const T& v) {
  static_assert(sizeof(T) <= 8, "warp shuffles move values of at most 8 bytes");
  unsigned long long b = 0;
  memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
inline T from_bits(unsigned long long b) {
  T v;
  memcpy(&v, &b, sizeof(T));
  return v;
}

// Lane `src` of this round when it took part and lies in [lo, lo + width), else `own`.
template <class T>
inline T pick(const T& own, int src, int lo, int width, unsigned mask) {
  unsigned lanes;
  const unsigned long long* v = exchange(mask, to_bits(own), &lanes);
  if (src < lo || src >= lo + width || !((lanes >> src) & 1u)) return own;
  return from_bits<T>(v[src]);
}

inline unsigned ballot(unsigned mask, int pred, unsigned* lanes) {
  const unsigned long long* v = exchange(mask, pred ? 1 : 0, lanes);
  unsigned r = 0;
  for (int i = 0; i < 32; ++i)
    if (((*lanes >> i) & 1u) && v[i]) r |= 1u << i;
  return r;
}

template <class T, class F>
inline T warp_reduce(unsigned mask, T value, F f) {
  unsigned lanes;
  const unsigned long long* v = exchange(mask, to_bits(value), &lanes);
  T acc = value;
  bool first = true;
  for (int i = 0; i < 32; ++i)
    if ((lanes >> i) & 1u) {
      acc = first ? from_bits<T>(v[i]) : f(acc, from_bits<T>(v[i]));
      first = false;
    }
  return acc;
}

}  // namespace ndgpu_cpu

inline void __syncthreads() {
  ndgpu_cpu::sync(0, 1);
}
inline int __syncthreads_count(int p) {
  return ndgpu_cpu::sync(1, p != 0);
}
inline int __syncthreads_and(int p) {
  return ndgpu_cpu::sync(2, p != 0);
}
inline int __syncthreads_or(int p) {
  return ndgpu_cpu::sync(3, p != 0);
}
inline void __syncwarp(unsigned mask = 0xffffffffu) {
  unsigned lanes;
  ndgpu_cpu::exchange(mask, 0, &lanes);
}

template <class T>
inline T __shfl_sync(unsigned mask, T var, int src, int width = 32) {
  int lo = int(ndgpu_cpu::lane_id()) & ~(width - 1);
  return ndgpu_cpu::pick(var, lo + (src & (width - 1)), lo, width, mask);
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  int lane = int(ndgpu_cpu::lane_id());
  return ndgpu_cpu::pick(var, lane - int(delta), lane & ~(width - 1), width, mask);
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  int lane = int(ndgpu_cpu::lane_id());
  return ndgpu_cpu::pick(var, lane + int(delta), lane & ~(width - 1), width, mask);
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32) {
  int lane = int(ndgpu_cpu::lane_id());
  return ndgpu_cpu::pick(var, lane ^ lane_mask, lane & ~(width - 1), width, mask);
}

inline unsigned __ballot_sync(unsigned mask, int pred) {
  unsigned lanes;
  return ndgpu_cpu::ballot(mask, pred, &lanes);
}
inline int __any_sync(unsigned mask, int pred) {
  unsigned lanes;
  return ndgpu_cpu::ballot(mask, pred, &lanes) != 0;
}
inline int __all_sync(unsigned mask, int pred) {
  unsigned lanes;
  unsigned b = ndgpu_cpu::ballot(mask, pred, &lanes);
  return b == (lanes & mask);
}
// The lanes of this thread's warp that exist in the block.
inline unsigned __activemask() {
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned left = n - (t & ~31u);
  return left >= 32 ? 0xffffffffu : (1u << left) - 1u;
}

template <class T>
inline T __reduce_add_sync(unsigned mask, T v) {
  return ndgpu_cpu::warp_reduce(mask, v, [](T a, T b) { return T(a + b); });
}
template <class T>
inline T __reduce_min_sync(unsigned mask, T v) {
  return ndgpu_cpu::warp_reduce(mask, v, [](T a, T b) { return b < a ? b : a; });
}
template <class T>
inline T __reduce_max_sync(unsigned mask, T v) {
  return ndgpu_cpu::warp_reduce(mask, v, [](T a, T b) { return a < b ? b : a; });
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned v) {
  return ndgpu_cpu::warp_reduce(mask, v, [](unsigned a, unsigned b) { return a & b; });
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned v) {
  return ndgpu_cpu::warp_reduce(mask, v, [](unsigned a, unsigned b) { return a | b; });
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned v) {
  return ndgpu_cpu::warp_reduce(mask, v, [](unsigned a, unsigned b) { return a ^ b; });
}

#include "ndgpu/cpu_atomics.hpp"
#include "ndgpu/cpu_math.hpp"

using std::abs;
