// The CPU backend's sort of rows of 4-byte keys alone on machines with AVX-512: a
// vectorised quicksort (partitions by compress, sorting networks in registers below 256
// keys); one long row splits over the thread pool, many rows spread over it. Chosen at run
// time: the library is
// built for the baseline x86-64, and this file alone is compiled for AVX-512.
#pragma once
#include <cstdint>

namespace ndgpu::cpu {

// Whether this CPU runs avx512_sort32 (AVX-512 F/VL/DQ/BW, BMI2, POPCNT; checked once).
bool has_avx512_sort();

// `rows` rows of `len` keys from `in`, each sorted into `out` (in != out): IEEE float32 bits
// in NumPy's order (-0.0 before 0.0, every NaN last as a quiet NaN) when float_keys, else
// unsigned 32-bit keys. One row goes over the pool; many rows are spread over it.
void avx512_sort32(const uint32_t* in, uint32_t* out, int64_t rows, int64_t len, bool float_keys);

}  // namespace ndgpu::cpu
