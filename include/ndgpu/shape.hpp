// Shapes, byte strides and broadcasting.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ndgpu/small_vector.hpp"

namespace ndgpu {

// Up to 6 dimensions live inline (no heap allocation when arrays are copied).
using Shape = SmallVector<int64_t, 6>;
using Strides = SmallVector<int64_t, 6>;  // in bytes, as NumPy's

int64_t shape_size(std::span<const int64_t> shape);
Strides c_strides(std::span<const int64_t> shape, int64_t itemsize);
Strides f_strides(std::span<const int64_t> shape, int64_t itemsize);
bool is_c_contiguous(std::span<const int64_t> shape, std::span<const int64_t> strides,
                     int64_t itemsize);
bool is_f_contiguous(std::span<const int64_t> shape, std::span<const int64_t> strides,
                     int64_t itemsize);
// The lowest and one-past-highest byte offsets a view of `shape` and `strides` (bytes) reaches
// from its first element; {0, 0} when it is empty.
std::pair<int64_t, int64_t> byte_extent(std::span<const int64_t> shape,
                                        std::span<const int64_t> strides, int64_t itemsize);
// The broadcast shape of several shapes; raises ValueError as NumPy does on a mismatch.
Shape broadcast_shapes(std::span<const Shape> shapes);
// "(2, 5)" as Python prints a tuple.
std::string shape_str(std::span<const int64_t> shape);
// Normalises a possibly negative axis; raises AxisError with NumPy's message.
int normalize_axis(int64_t axis, int ndim);

}  // namespace ndgpu
