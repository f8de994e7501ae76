// Atomic add, maximum and minimum of any element type, for ndarray.scatter_add/max/min:
// repeated indices combine. A compare-and-swap loop on the aligned 4- or 8-byte word that
// holds the element serves every type and both backends (atomicCAS is real on the CPU too).
#pragma once
#include "ndgpu/common.cuh"
#include "ndgpu/complex.cuh"

namespace ndgpu {

// *p = f(*p) atomically; the other bytes of the enclosing word are written back unchanged.
template <class T, class F>
__device__ void atomic_apply(T* p, F f) {
  if constexpr (sizeof(T) == 8) {
    unsigned long long* w = (unsigned long long*)p;
    unsigned long long old = *(volatile unsigned long long*)w, assumed;
    do {
      assumed = old;
      T cur, next;
      memcpy(&cur, &assumed, 8);
      next = f(cur);
      unsigned long long bits;
      memcpy(&bits, &next, 8);
      old = atomicCAS(w, assumed, bits);
    } while (old != assumed);
  } else {
    static_assert(sizeof(T) <= 4, "atomic_apply: 1, 2, 4 or 8 byte values");
    unsigned long long addr = (unsigned long long)p;
    unsigned* w = (unsigned*)(addr & ~3ull);
    unsigned shift = unsigned(addr & 3u) * 8u;
    unsigned width = 8u * unsigned(sizeof(T));
    unsigned mask = (width == 32u ? 0xffffffffu : (1u << (width & 31u)) - 1u) << shift;
    unsigned old = *(volatile unsigned*)w, assumed;
    do {
      assumed = old;
      unsigned part = (assumed & mask) >> shift;
      T cur, next;
      memcpy(&cur, &part, sizeof(T));
      next = f(cur);
      unsigned bits = 0;
      memcpy(&bits, &next, sizeof(T));
      old = atomicCAS(w, assumed, (assumed & ~mask) | ((bits << shift) & mask));
    } while (old != assumed);
  }
}

// NumPy's maximum and minimum: a NaN on either side wins.
template <class T>
__device__ bool is_nan_(T x) {
  return !(x == x);
}

template <class T>
__device__ void scatter_add(T* p, T v) {
  atomic_apply(p, [v](T o) { return T(o + v); });
}
template <class T>
__device__ void scatter_add(complex<T>* p, complex<T> v) {  // each part on its own
  scatter_add((T*)p, v.real());
  scatter_add((T*)p + 1, v.imag());
}
__device__ inline void scatter_add(bool* p, bool v) {  // NumPy's add on bool: or
  if (v) atomic_apply(p, [](bool) { return true; });
}
template <class T>
__device__ void scatter_max(T* p, T v) {
  atomic_apply(p, [v](T o) { return is_nan_(o) ? o : (is_nan_(v) || o < v ? v : o); });
}
template <class T>
__device__ void scatter_min(T* p, T v) {
  atomic_apply(p, [v](T o) { return is_nan_(o) ? o : (is_nan_(v) || v < o ? v : o); });
}

}  // namespace ndgpu
