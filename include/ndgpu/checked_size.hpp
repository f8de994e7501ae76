// Overflow-checked size arithmetic: every element count, byte count, stride and offset
// computed from user input goes through these, so nothing ever wraps.
#pragma once
#include <cstdint>
#include <span>

namespace ndgpu {

// NumPy's limit on dimensions (NPY_MAXDIMS).
inline constexpr int kMaxDims = 64;
// NumPy's message when an array's byte size passes int64.
inline constexpr const char* kArrayTooBig =
    "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";
// a*b or a+b, else ValueError(`what`).
int64_t checked_mul(int64_t a, int64_t b, const char* what = kArrayTooBig);
int64_t checked_add(int64_t a, int64_t b, const char* what = kArrayTooBig);
// The byte size of a new array of this shape: ValueError for a negative length, more than
// 64 dimensions or a size past int64, with NumPy's messages (zero lengths are skipped before
// the check, as NumPy does).
int64_t checked_nbytes(std::span<const int64_t> shape, int64_t itemsize);
// ValueError as NumPy when `ndim` passes kMaxDims.
void check_ndim(size_t ndim);
// (shape_size in shape.hpp is checked too: ValueError when the product of the non-zero
// lengths passes int64.)

}  // namespace ndgpu
