// The sorting networks' merge of sorted vectors into one run, the same on every
// instruction set. Included by cpu_sort_avx512_networks.hpp and cpu_sort_avx2_networks.hpp
// after they define V, kLanes, vmin, vmax, reverse and merge_vector (half-cleaners within a
// vector whose halves, quarters, ... are bitonic).
#pragma once

// K vectors (a power of two), each sorted, merged into one run of K * kLanes keys: runs of m
// vectors merged in pairs (mirror compare, then half-cleaners between vectors and within).
template <int K>
NDGPU_INLINE void merge_sorted_vectors(V* v) {
#pragma GCC unroll 4
  for (int m = 1; m < K; m *= 2) {
#pragma GCC unroll 16
    for (int b = 0; b < K; b += 2 * m)
#pragma GCC unroll 16
      for (int i = 0; i < m; ++i) {
        const V x = v[b + i], r = reverse(v[b + 2 * m - 1 - i]);
        v[b + i] = vmin(x, r);
        v[b + 2 * m - 1 - i] = reverse(vmax(x, r));
      }
#pragma GCC unroll 4
    for (int d = m / 2; d >= 1; d /= 2)
#pragma GCC unroll 16
      for (int j = 0; j < K; ++j)
        if (!(j & d) && j + d < K) {  // always true for K a power of two; GCC 13 cannot see it
          const V x = v[j], y = v[j + d];
          v[j] = vmin(x, y);
          v[j + d] = vmax(x, y);
        }
#pragma GCC unroll 16
    for (int j = 0; j < K; ++j) v[j] = merge_vector(v[j]);
  }
}
