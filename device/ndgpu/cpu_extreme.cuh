// The CPU backend's loops for NumPy's max and min of float32/float64 (NaN wins): GCC
// vectorises neither the NaN-propagating select nor a branchy one (measured 5-9 GB/s against
// NumPy's 31), so running extremes live in SIMD vectors (GCC's vector extensions, whatever
// width -march=native gives), NaNs in a separate flag. CPU only: CUDA kernels never see it.
#pragma once
#ifndef NDGPU_DEVICE_CUDA
#include <string.h>

namespace ndgpu {

// The target's own vector width: GCC lowers a wider vector's compares and selects to scalar
// code through the stack (64-byte vectors on an AVX2 host: 1.4 GB/s, 2026-12-02).
#if defined(__AVX512F__)
#define NDGPU_CPU_VECTOR_BYTES 64
#elif defined(__AVX__)
#define NDGPU_CPU_VECTOR_BYTES 32
#else
#define NDGPU_CPU_VECTOR_BYTES 16
#endif
template <class T>
struct CpuLanes;  // a vector of T and its comparison mask
template <>
struct CpuLanes<float> {
  typedef float V __attribute__((vector_size(NDGPU_CPU_VECTOR_BYTES)));
  typedef int M __attribute__((vector_size(NDGPU_CPU_VECTOR_BYTES)));
};
template <>
struct CpuLanes<double> {
  typedef double V __attribute__((vector_size(NDGPU_CPU_VECTOR_BYTES)));
  typedef long long M __attribute__((vector_size(NDGPU_CPU_VECTOR_BYTES)));
};

template <bool IsMax, class T>
inline T cpu_pick(T a, T b) {  // the extreme of two non-NaN values
  return IsMax ? (b > a ? b : a) : (b < a ? b : a);
}

// max (IsMax) or min of acc and p[0, n): NaN if any of them is NaN.
template <bool IsMax, class T, class I>
inline T cpu_extreme_run(T acc, const T* p, I n) {
  typedef typename CpuLanes<T>::V V;
  typedef typename CpuLanes<T>::M M;
  constexpr int L = int(sizeof(V) / sizeof(T)), K = 4;  // K vectors: independent chains
  V ext[K];
  M nan = {};
  for (int k = 0; k < K; ++k)
    for (int l = 0; l < L; ++l) ext[k][l] = acc;
  I i = 0;
  for (; i + I(K * L) <= n; i += K * L) {
    for (int k = 0; k < K; ++k) {
      V x;
      memcpy(&x, p + i + k * L, sizeof x);
      ext[k] = IsMax ? (x > ext[k] ? x : ext[k]) : (x < ext[k] ? x : ext[k]);
      nan |= x != x;
    }
  }
  bool any_nan = acc != acc;
  for (int l = 0; l < L; ++l) any_nan |= nan[l] != 0;
  T r = acc;
  for (int k = 0; k < K; ++k)
    for (int l = 0; l < L; ++l) r = cpu_pick<IsMax>(r, ext[k][l]);
  for (; i < n; ++i) {
    any_nan |= p[i] != p[i];
    r = cpu_pick<IsMax>(r, p[i]);
  }
  return any_nan ? T(__builtin_nan("")) : r;
}

// Column extremes: acc[t] folded with row[t] for t < nt, a NaN seen at t recorded in nan[t].
template <bool IsMax, class T>
inline void cpu_extreme_row_into(T* acc, unsigned char* nan, const T* row, int nt) {
  for (int t = 0; t < nt; ++t) {
    const T x = row[t];
    acc[t] = IsMax ? (x > acc[t] ? x : acc[t]) : (x < acc[t] ? x : acc[t]);
    nan[t] |= (unsigned char)(x != x);
  }
}

// cols_reduce_2d for these reductions, outputs adjacent in memory (element (o, j) at base +
// o * sizeof(T) + j * sj): this block's outputs in tiles whose rows stream, as
// cpu_column_tiles in reduce.cuh.
template <bool IsMax, class T, class I, class Fin>
inline void cpu_extreme_cols(T identity, I out_size, I begin, I end, const char* base, I sj,
                             const Fin& fin) {
  constexpr int kTile = 16384 / (int)sizeof(T);  // as cpu_column_tiles
  const I per = (out_size + (I)gridDim.x - 1) / (I)gridDim.x;
  I o0 = (I)blockIdx.x * per;
  const I o1 = o0 + per < out_size ? o0 + per : out_size;
  for (; o0 < o1; o0 += kTile) {
    const int nt = (int)(o1 - o0 < (I)kTile ? o1 - o0 : (I)kTile);
    T acc[kTile];
    unsigned char nan[kTile];
    for (int t = 0; t < nt; ++t) acc[t] = identity, nan[t] = identity != identity;
    for (I j = begin; j < end; ++j)
      cpu_extreme_row_into<IsMax>(acc, nan, (const T*)(base + o0 * (I)sizeof(T) + j * sj), nt);
    for (int t = 0; t < nt; ++t) fin(o0 + t, nan[t] ? T(__builtin_nan("")) : acc[t]);
  }
}

}  // namespace ndgpu
#endif
