// The AVX-512 sort's sorting networks in registers (16 int32 keys a vector, signed order):
// one vector, 16 vectors by columns, and K vectors as one run. Included by
// cpu_sort_avx512.cpp alone, inside its anonymous namespace and after its target pragma:
// compiled for AVX-512 there and nowhere else.
#pragma once

// The networks' steps must inline into one another, or each call spills its vectors.
#define NDGPU_INLINE inline __attribute__((always_inline))

using V = __m512i;
using M = __mmask16;
constexpr int kLanes = 16;

// Lanes [0, count) of a vector, count clamped to [0, 16].
NDGPU_INLINE M first_lanes(int64_t count) {
  return M(_bzhi_u32(0xFFFF, unsigned(std::clamp<int64_t>(count, 0, kLanes))));
}

// Compare-exchange of each lane with the lane `partner` holds: lanes in take_max keep the
// larger key.
NDGPU_INLINE V exchange(V v, V partner, M take_max) {
  return _mm512_mask_max_epi32(_mm512_min_epi32(v, partner), take_max, v, partner);
}
template <int kImm>
NDGPU_INLINE V swap_in_128(V v) {
  return _mm512_shuffle_epi32(v, _MM_PERM_ENUM(kImm));
}
template <int kImm>
NDGPU_INLINE V swap_128s(V v) {
  return _mm512_shuffle_i32x4(v, v, kImm);
}
NDGPU_INLINE V reverse(V v) {
  return _mm512_permutexvar_epi32(
      _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), v);
}
NDGPU_INLINE V reverse_8s(V v) {
  return _mm512_permutexvar_epi32(
      _mm512_set_epi32(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7), v);
}

// A vector whose halves, quarters, ... are bitonic sorted: half-cleaners at lane distances
// 8, 4, 2, 1.
NDGPU_INLINE V merge16(V v) {
  v = exchange(v, swap_128s<0x4E>(v), 0xFF00);
  v = exchange(v, swap_128s<0xB1>(v), 0xF0F0);
  v = exchange(v, swap_in_128<0x4E>(v), 0xCCCC);
  return exchange(v, swap_in_128<0xB1>(v), 0xAAAA);
}

// One vector sorted: bitonic blocks of 2, 4, 8, 16 lanes, each block's halves merged by
// comparing lane i with its mirror, so that every block stays ascending.
NDGPU_INLINE V sort16(V v) {
  v = exchange(v, swap_in_128<0xB1>(v), 0xAAAA);
  v = exchange(v, swap_in_128<0x1B>(v), 0xCCCC);
  v = exchange(v, swap_in_128<0xB1>(v), 0xAAAA);
  v = exchange(v, reverse_8s(v), 0xF0F0);
  v = exchange(v, swap_in_128<0x4E>(v), 0xCCCC);
  v = exchange(v, swap_in_128<0xB1>(v), 0xAAAA);
  v = exchange(v, reverse(v), 0xFF00);
  v = exchange(v, swap_128s<0xB1>(v), 0xF0F0);
  v = exchange(v, swap_in_128<0x4E>(v), 0xCCCC);
  return exchange(v, swap_in_128<0xB1>(v), 0xAAAA);
}

// 16 vectors sorted lane by lane (each lane's 16 keys, one per vector) by Batcher's
// odd-even merge network (63 compare-exchanges of whole vectors), then transposed, so that
// each vector holds one sorted column: a third of the work of sorting each vector alone.
NDGPU_INLINE void sort_columns(V* v) {
#define X(i, j)                                \
  do {                                         \
    const V lo = _mm512_min_epi32(v[i], v[j]); \
    v[j] = _mm512_max_epi32(v[i], v[j]);       \
    v[i] = lo;                                 \
  } while (0)
  X(0, 1);
  X(2, 3);
  X(0, 2);
  X(1, 3);
  X(1, 2);
  X(4, 5);
  X(6, 7);
  X(4, 6);
  X(5, 7);
  X(5, 6);
  X(0, 4);
  X(2, 6);
  X(2, 4);
  X(1, 5);
  X(3, 7);
  X(3, 5);
  X(1, 2);
  X(3, 4);
  X(5, 6);
  X(8, 9);
  X(10, 11);
  X(8, 10);
  X(9, 11);
  X(9, 10);
  X(12, 13);
  X(14, 15);
  X(12, 14);
  X(13, 15);
  X(13, 14);
  X(8, 12);
  X(10, 14);
  X(10, 12);
  X(9, 13);
  X(11, 15);
  X(11, 13);
  X(9, 10);
  X(11, 12);
  X(13, 14);
  X(0, 8);
  X(4, 12);
  X(4, 8);
  X(2, 10);
  X(6, 14);
  X(6, 10);
  X(2, 4);
  X(6, 8);
  X(10, 12);
  X(1, 9);
  X(5, 13);
  X(5, 9);
  X(3, 11);
  X(7, 15);
  X(7, 11);
  X(3, 5);
  X(7, 9);
  X(11, 13);
  X(1, 2);
  X(3, 4);
  X(5, 6);
  X(7, 8);
  X(9, 10);
  X(11, 12);
  X(13, 14);
#undef X
  V a[16], b[16];
  for (int i = 0; i < 16; i += 2) {  // rows 2i, 2i+1 interleaved by 32 bits
    a[i] = _mm512_unpacklo_epi32(v[i], v[i + 1]);
    a[i + 1] = _mm512_unpackhi_epi32(v[i], v[i + 1]);
  }
  // b[4g + c]: in each 128-bit lane L, rows 4g..4g+3 of column 4L + c.
  for (int g = 0; g < 16; g += 4) {
    b[g] = _mm512_unpacklo_epi64(a[g], a[g + 2]);
    b[g + 1] = _mm512_unpackhi_epi64(a[g], a[g + 2]);
    b[g + 2] = _mm512_unpacklo_epi64(a[g + 1], a[g + 3]);
    b[g + 3] = _mm512_unpackhi_epi64(a[g + 1], a[g + 3]);
  }
  for (int c = 0; c < 4; ++c) {  // the four row groups' lanes gathered per column
    const V e0 = _mm512_shuffle_i32x4(b[c], b[4 + c], 0x88);
    const V e1 = _mm512_shuffle_i32x4(b[c], b[4 + c], 0xDD);
    const V e2 = _mm512_shuffle_i32x4(b[8 + c], b[12 + c], 0x88);
    const V e3 = _mm512_shuffle_i32x4(b[8 + c], b[12 + c], 0xDD);
    v[4 * c] = _mm512_shuffle_i32x4(e0, e2, 0x88);
    v[4 * c + 1] = _mm512_shuffle_i32x4(e1, e3, 0x88);
    v[4 * c + 2] = _mm512_shuffle_i32x4(e0, e2, 0xDD);
    v[4 * c + 3] = _mm512_shuffle_i32x4(e1, e3, 0xDD);
  }
}

NDGPU_INLINE V vmin(V a, V b) {
  return _mm512_min_epi32(a, b);
}
NDGPU_INLINE V vmax(V a, V b) {
  return _mm512_max_epi32(a, b);
}
NDGPU_INLINE V merge_vector(V v) {
  return merge16(v);
}

#include "backend/cpu/cpu_sort_networks_merge.hpp"

// K vectors (a power of two) sorted as one run of 16K keys: each vector, then merged.
template <int K>
NDGPU_INLINE void sort_registers(V* v) {
  if constexpr (K == 16) {
    sort_columns(v);
  } else {
#pragma GCC unroll 16
    for (int i = 0; i < K; ++i) v[i] = sort16(v[i]);
  }
  merge_sorted_vectors<K>(v);
}

template <class C, int K>
NDGPU_INLINE void sort_small_in_registers(int32_t* p, int64_t n) {
  V v[K];
  const V pad = _mm512_set1_epi32(INT32_MAX);  // sorts last, never stored
  // Vectors wholly past the end are not touched, not even masked off: that may be an
  // unmapped page, where masked-off lanes cost a microcode assist.
#pragma GCC unroll 16
  for (int i = 0; i < K; ++i)
    v[i] = 16 * i < n ? _mm512_mask_loadu_epi32(pad, first_lanes(n - 16 * i), p + 16 * i) : pad;
  sort_registers<K>(v);
#pragma GCC unroll 16
  for (int i = 0; i < K; ++i)
    if (16 * i < n) _mm512_mask_storeu_epi32(p + 16 * i, first_lanes(n - 16 * i), C::out(v[i]));
}
