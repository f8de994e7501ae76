// The AVX2 sort's vectors and sorting networks (8 int32 keys a vector, signed order): lane
// masks, the partition permutation, one vector sorted, and K vectors as one run. Included by
// cpu_sort_avx2.cpp alone, inside its anonymous namespace and after its target pragma:
// compiled for AVX2 there and nowhere else.
#pragma once

// The networks' steps must inline into one another, or each call spills its vectors.
#define NDGPU_INLINE inline __attribute__((always_inline))

using V = __m256i;
using M = unsigned;  // bit i: lane i
constexpr int kLanes = 8;

NDGPU_INLINE V splat(int32_t x) {
  return _mm256_set1_epi32(x);
}
// The lanes where a comparison's result is all ones, as bits.
NDGPU_INLINE M bits_of(V cmp) {
  return M(_mm256_movemask_ps(_mm256_castsi256_ps(cmp)));
}
// Lanes [0, count) as a vector mask (maskload/maskstore), count clamped to [0, 8].
NDGPU_INLINE V first_lanes(int64_t count) {
  const int c = int(std::clamp<int64_t>(count, 0, kLanes));
  return _mm256_cmpgt_epi32(splat(c), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
// Lanes whose key is at least the pivot's, as bits.
NDGPU_INLINE M at_least(V v, V pivot) {
  return bits_of(_mm256_cmpgt_epi32(pivot, v)) ^ 0xFFu;
}

// For each 8-bit lane set m, the permutation that puts the lanes outside m first and those
// in m after them, each in lane order: one byte per destination lane.
constexpr std::array<uint64_t, 256> partition_table() {
  std::array<uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    int out = 0;
    for (int pass = 0; pass < 2; ++pass)
      for (int lane = 0; lane < 8; ++lane)
        if (((m >> lane) & 1u) == unsigned(pass)) t[m] |= uint64_t(lane) << (8 * out++);
  }
  return t;
}
alignas(64) constexpr std::array<uint64_t, 256> kPartitionTable = partition_table();

// v's lanes outside m first, then those in m.
NDGPU_INLINE V partition_lanes(V v, M m) {
  const V order = _mm256_cvtepu8_epi32(
      _mm_loadl_epi64(reinterpret_cast<const __m128i*>(kPartitionTable.data() + (m & 0xFFu))));
  return _mm256_permutevar8x32_epi32(v, order);
}

// Compare-exchange of each lane with the lane `partner` holds: lanes in kTakeMax keep the
// larger key.
template <int kTakeMax>
NDGPU_INLINE V exchange(V v, V partner) {
  return _mm256_blend_epi32(_mm256_min_epi32(v, partner), _mm256_max_epi32(v, partner), kTakeMax);
}
template <int kImm>
NDGPU_INLINE V swap_in_128(V v) {
  return _mm256_shuffle_epi32(v, kImm);
}
NDGPU_INLINE V swap_128s(V v) {
  return _mm256_permute2x128_si256(v, v, 0x01);
}
NDGPU_INLINE V reverse(V v) {
  return _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0));
}

// A vector whose halves and quarters are bitonic sorted: half-cleaners at distances 4, 2, 1.
NDGPU_INLINE V merge8(V v) {
  v = exchange<0xF0>(v, swap_128s(v));
  v = exchange<0xCC>(v, swap_in_128<0x4E>(v));
  return exchange<0xAA>(v, swap_in_128<0xB1>(v));
}

// One vector sorted: bitonic blocks of 2, 4, 8 lanes, each block's halves merged by
// comparing lane i with its mirror, so that every block stays ascending.
NDGPU_INLINE V sort8(V v) {
  v = exchange<0xAA>(v, swap_in_128<0xB1>(v));
  v = exchange<0xCC>(v, swap_in_128<0x1B>(v));
  v = exchange<0xAA>(v, swap_in_128<0xB1>(v));
  v = exchange<0xF0>(v, reverse(v));
  v = exchange<0xCC>(v, swap_in_128<0x4E>(v));
  return exchange<0xAA>(v, swap_in_128<0xB1>(v));
}

NDGPU_INLINE V vmin(V a, V b) {
  return _mm256_min_epi32(a, b);
}
NDGPU_INLINE V vmax(V a, V b) {
  return _mm256_max_epi32(a, b);
}
NDGPU_INLINE V merge_vector(V v) {
  return merge8(v);
}

#include "backend/cpu/cpu_sort_networks_merge.hpp"

// K vectors (a power of two) sorted as one run of 8K keys: each vector, then merged.
template <int K>
NDGPU_INLINE void sort_registers(V* v) {
#pragma GCC unroll 16
  for (int i = 0; i < K; ++i) v[i] = sort8(v[i]);
  merge_sorted_vectors<K>(v);
}

// Up to 8K keys at p sorted through registers (lanes past n padded with the largest key) and
// decoded by C on the way out. Vectors wholly past the end are not touched, not even masked
// off: that may be an unmapped page, where masked-off lanes cost a microcode assist.
template <class C, int K>
NDGPU_INLINE void sort_small_in_registers(int32_t* p, int64_t n) {
  V v[K];
  const V pad = splat(INT32_MAX);
#pragma GCC unroll 16
  for (int i = 0; i < K; ++i) {
    const int64_t left = n - kLanes * i;
    if (left >= kLanes)
      v[i] = _mm256_loadu_si256(reinterpret_cast<const V*>(p + kLanes * i));
    else if (left > 0)
      v[i] = _mm256_blendv_epi8(pad, _mm256_maskload_epi32(p + kLanes * i, first_lanes(left)),
                                first_lanes(left));
    else
      v[i] = pad;
  }
  sort_registers<K>(v);
#pragma GCC unroll 16
  for (int i = 0; i < K; ++i) {
    const int64_t left = n - kLanes * i;
    if (left >= kLanes)
      _mm256_storeu_si256(reinterpret_cast<V*>(p + kLanes * i), C::out(v[i]));
    else if (left > 0)
      _mm256_maskstore_epi32(p + kLanes * i, first_lanes(left), C::out(v[i]));
  }
}
