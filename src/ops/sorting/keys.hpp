// Every dtype's values as unsigned keys whose order is NumPy's sort order (floats with NaN
// last, signed integers offset), so one radix sort of 1-, 2-, 4- or 8-byte keys serves all.
#pragma once
#include <cstdint>

#include "ndgpu/device.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/ndarray.hpp"

namespace ndgpu::ops::sorting {

// How one key pass reads the values of rows of `len` items.
enum class KeyKind : int { Unsigned = 0, Signed = 1, Float = 2, ComplexNanClass = 3 };

struct KeyPass {
  KeyKind kind = KeyKind::Unsigned;
  int part = 0;  // the complex part read (0 real, 1 imag); 0 for other dtypes
};

// The key passes that sort `t`, least significant first: one for real dtypes, three for
// complex (imag, real, then which parts are NaN).
std::vector<KeyPass> key_passes(DType t);
// Bytes per key of dtype `t` (its part's width for complex).
int key_bytes(DType t);

// keys[i] = key of row i / len's item perm[i] (or i % len without perm); with `values` and no
// perm, values[i] = i % len. fold_zero makes -0.0 equal to 0.0 (argsort's stability).
void encode_keys(Device device, DType t, const KeyPass& pass, const void* src, const int64_t* perm,
                 void* keys, int64_t* values, int64_t n, int64_t len, bool fold_zero);
// The values back from keys of a one-pass dtype: dst[i] = value of keys[i].
void decode_keys(Device device, DType t, const void* keys, void* dst, int64_t n);
// out[i] = NumPy's searchsorted position of needle key i among n sorted keys (left or right).
void search_keys(Device device, DType t, const void* sorted, int64_t n, const void* needles,
                 int64_t* out, int64_t m, bool right);
// dst item i = src item (row i / len, column idx[i]), items of `itemsize` bytes (8 or 16).
void gather_rows(Device device, const void* src, const int64_t* idx, void* dst, int64_t n,
                 int64_t len, int64_t itemsize);

}  // namespace ndgpu::ops::sorting
