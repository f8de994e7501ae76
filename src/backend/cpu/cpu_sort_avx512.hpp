// The CPU backend's sort of one row of 4-byte keys alone on machines with AVX-512: a
// vectorised quicksort (partitions by compress, sorting networks in registers below 256
// keys), its first levels split over the thread pool. Chosen at run time: the library is
// built for the baseline x86-64, and this file alone is compiled for AVX-512.
#pragma once
#include <cstdint>

namespace ndgpu::cpu {

// Whether this CPU runs avx512_sort32 (AVX-512 F, VL, DQ, BW; checked once).
bool has_avx512_sort();

// n keys from `in` sorted into `out` (in != out): IEEE float32 bits in NumPy's order (-0.0
// before 0.0, every NaN last as a quiet NaN) when float_keys, else unsigned 32-bit keys.
void avx512_sort32(const uint32_t* in, uint32_t* out, int64_t n, bool float_keys);

}  // namespace ndgpu::cpu
