// The CPU backend's sort of rows of 4-byte keys alone on x86-64 machines with AVX2 and
// without AVX-512: the vectorised quicksort of cpu_sort_avx512.cpp (cpu_sort_quick.hpp) on
// 8-lane vectors, partitions by a permutation table, sorting networks in registers below
// 128 keys. Chosen at run time: this file alone is compiled for AVX2.
#pragma once
#include <cstdint>

namespace ndgpu::cpu {

// Whether this CPU runs avx2_sort32 (AVX2 and POPCNT; checked once).
bool has_avx2_sort();

// As avx512_sort32 (cpu_sort_avx512.hpp): `rows` rows of `len` keys from `in`, each sorted
// into `out` (in != out), IEEE float32 bits in NumPy's order when float_keys, else unsigned.
void avx2_sort32(const uint32_t* in, uint32_t* out, int64_t rows, int64_t len, bool float_keys);

}  // namespace ndgpu::cpu
