// Shape arithmetic: sizes, contiguous strides, flags and broadcasting.
#include "ndgpu/shape.hpp"

#include <algorithm>

#include "ndgpu/checked_size.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {

int64_t checked_mul(int64_t a, int64_t b, const char* what) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw ValueError(what);
  return r;
}

int64_t checked_add(int64_t a, int64_t b, const char* what) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw ValueError(what);
  return r;
}

int64_t shape_size(std::span<const int64_t> shape) {
  int64_t n = 1;
  bool empty = false;
  for (int64_t d : shape) {
    if (d == 0)
      empty = true;
    else if (__builtin_mul_overflow(n, d, &n))
      throw ValueError(kArrayTooBig);
  }
  return empty ? 0 : n;
}

void check_ndim(size_t ndim) {
  if (ndim > size_t(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently " +
                     std::to_string(kMaxDims) + ", found " + std::to_string(ndim));
}

int64_t checked_nbytes(std::span<const int64_t> shape, int64_t itemsize) {
  check_ndim(shape.size());
  int64_t n = itemsize;
  bool empty = false;
  for (int64_t d : shape) {
    if (d < 0) throw ValueError("negative dimensions are not allowed");
    if (d == 0)
      empty = true;
    else
      n = checked_mul(n, d);
  }
  return empty ? 0 : n;
}

Strides c_strides(std::span<const int64_t> shape, int64_t itemsize) {
  Strides s(shape.size());
  int64_t step = itemsize;
  for (size_t i = shape.size(); i-- > 0;) {
    s[i] = step;
    step *= std::max<int64_t>(shape[i], 1);
  }
  return s;
}

Strides f_strides(std::span<const int64_t> shape, int64_t itemsize) {
  Strides s(shape.size());
  int64_t step = itemsize;
  for (size_t i = 0; i < shape.size(); ++i) {
    s[i] = step;
    step *= std::max<int64_t>(shape[i], 1);
  }
  return s;
}

// As NumPy: axes of length 1 do not constrain their stride; empty arrays are contiguous.
bool is_c_contiguous(std::span<const int64_t> shape, std::span<const int64_t> strides,
                     int64_t itemsize) {
  if (shape_size(shape) == 0) return true;
  int64_t expected = itemsize;
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] != 1) {
      if (strides[i] != expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

bool is_f_contiguous(std::span<const int64_t> shape, std::span<const int64_t> strides,
                     int64_t itemsize) {
  if (shape_size(shape) == 0) return true;
  int64_t expected = itemsize;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] != 1) {
      if (strides[i] != expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

std::string shape_str(std::span<const int64_t> shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

Shape broadcast_shapes(std::span<const Shape> shapes) {
  size_t ndim = 0;
  for (const auto& s : shapes) ndim = std::max(ndim, s.size());
  Shape out(ndim, 1);
  for (const auto& s : shapes) {
    size_t lead = ndim - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& o = out[lead + i];
      if (s[i] == o || s[i] == 1) continue;
      if (o == 1) {
        o = s[i];
        continue;
      }
      std::string msg = "operands could not be broadcast together with shapes";
      for (const auto& t : shapes) msg += " " + shape_str(t);
      throw ValueError(msg);
    }
  }
  return out;
}

std::pair<int64_t, int64_t> byte_extent(std::span<const int64_t> shape,
                                        std::span<const int64_t> strides, int64_t itemsize) {
  int64_t lo = 0, hi = itemsize;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) return {0, 0};
    (strides[i] < 0 ? lo : hi) += strides[i] * (shape[i] - 1);
  }
  return {lo, hi};
}

int normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return int(axis < 0 ? axis + ndim : axis);
}

}  // namespace ndgpu
