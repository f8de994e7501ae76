// CUDA's atomic functions for the CPU backend. Blocks run in parallel on several host
// threads, so these are real atomics (relaxed, as CUDA's). The value parameter is not
// deduced, so atomicAdd(unsigned*, 1) converts the int as CUDA's overloads do.
#pragma once
#include <string.h>

#include <type_traits>

namespace ndgpu_cpu {

template <class T>
struct same {
  typedef T type;
};
template <class T>
using same_t = typename same<T>::type;

// Replaces *p by f(*p) atomically through its bit pattern; returns the old value.
template <class T, class F>
inline T atomic_update(T* p, F f) {
  typedef std::conditional_t<sizeof(T) == 2, unsigned short,
                             std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>>
      B;
  static_assert(sizeof(T) == sizeof(B), "atomics on 2, 4 or 8 byte values");
  B* bp = reinterpret_cast<B*>(p);
  B old = __atomic_load_n(bp, __ATOMIC_RELAXED);
  for (;;) {
    T o, n;
    memcpy(&o, &old, sizeof(T));
    n = f(o);
    B nb;
    memcpy(&nb, &n, sizeof(T));
    if (__atomic_compare_exchange_n(bp, &old, nb, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return o;
  }
}

template <class T>
constexpr bool is_int = std::is_integral<T>::value;

}  // namespace ndgpu_cpu

template <class T>
inline T atomicAdd(T* p, ndgpu_cpu::same_t<T> v) {
  if constexpr (ndgpu_cpu::is_int<T>)
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  else
    return ndgpu_cpu::atomic_update(p, [v](T o) { return T(o + v); });
}
template <class T>
inline T atomicSub(T* p, ndgpu_cpu::same_t<T> v) {
  if constexpr (ndgpu_cpu::is_int<T>)
    return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);
  else
    return ndgpu_cpu::atomic_update(p, [v](T o) { return T(o - v); });
}
template <class T>
inline T atomicExch(T* p, ndgpu_cpu::same_t<T> v) {
  return ndgpu_cpu::atomic_update(p, [v](T) { return v; });
}
template <class T>
inline T atomicMin(T* p, ndgpu_cpu::same_t<T> v) {
  return ndgpu_cpu::atomic_update(p, [v](T o) { return v < o ? v : o; });
}
template <class T>
inline T atomicMax(T* p, ndgpu_cpu::same_t<T> v) {
  return ndgpu_cpu::atomic_update(p, [v](T o) { return o < v ? v : o; });
}
template <class T>
inline T atomicCAS(T* p, ndgpu_cpu::same_t<T> compare, ndgpu_cpu::same_t<T> v) {
  return ndgpu_cpu::atomic_update(p, [compare, v](T o) { return o == compare ? v : o; });
}
template <class T>
inline T atomicAnd(T* p, ndgpu_cpu::same_t<T> v) {
  return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
}
template <class T>
inline T atomicOr(T* p, ndgpu_cpu::same_t<T> v) {
  return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}
template <class T>
inline T atomicXor(T* p, ndgpu_cpu::same_t<T> v) {
  return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED);
}
inline unsigned atomicInc(unsigned* p, unsigned v) {
  return ndgpu_cpu::atomic_update(p, [v](unsigned o) { return o >= v ? 0u : o + 1u; });
}
inline unsigned atomicDec(unsigned* p, unsigned v) {
  return ndgpu_cpu::atomic_update(p, [v](unsigned o) { return (o == 0u || o > v) ? v : o - 1u; });
}

// The _block and _system scopes are the same on one host.
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicExch_block atomicExch
#define atomicMin_block atomicMin
#define atomicMax_block atomicMax
#define atomicCAS_block atomicCAS
#define atomicAnd_block atomicAnd
#define atomicOr_block atomicOr
#define atomicXor_block atomicXor

inline void __threadfence() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline void __threadfence_block() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline void __threadfence_system() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
