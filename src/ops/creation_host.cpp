// Creation from host data and from functions: vander, fromfunction, frombuffer, fromstring,
// fromiter.
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "ndgpu/creation.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {

NDArray vander(const NDArray& x, std::optional<int64_t> n, bool increasing) {
  if (x.ndim() != 1) throw ValueError("x must be a one-dimensional array or sequence.");
  int64_t cols = n.value_or(x.shape()[0]);
  if (cols < 0) throw ValueError("negative dimensions are not allowed");
  DType t = promote_types(x.dtype(), DType::Int64);
  NDArray v = NDArray::empty(Shape{x.shape()[0], cols}, t);
  // Powers by running products along each row, as NumPy's multiply.accumulate.
  NDArray tmp = increasing ? v : flip(v, AxisList{1});
  auto cols_from = [&](int64_t start, int64_t stop) {
    return tmp.index(std::vector<IndexItem>{Slice{}, Slice{start, stop, std::nullopt}});
  };
  if (cols > 0) {
    NDArray first = cols_from(0, 1);
    fill(first, Scalar::py_int(1));
  }
  if (cols > 1) {
    Shape rest{x.shape()[0], cols - 1};
    NDArray powers = cumprod(x.reshape(Shape{-1, 1}).astype(t).broadcast_to(rest), 1);
    NDArray dst = cols_from(1, cols);
    copy_into(dst, powers);
  }
  return v;
}

NDArray fromfunction(const std::function<NDArray(std::span<const NDArray>)>& fn, const Shape& shape,
                     DType dtype) {
  std::vector<NDArray> coords;
  for (int k = 0; k < int(shape.size()); ++k) {
    Shape s(shape.size(), 1);
    s[size_t(k)] = shape[size_t(k)];
    NDArray axis =
        arange(Scalar::py_int(0), Scalar::py_int(shape[size_t(k)]), Scalar::py_int(1), dtype);
    coords.push_back(axis.reshape(s).broadcast_to(shape).copy());
  }
  return fn(coords);
}

NDArray frombuffer(const void* data, int64_t nbytes, DType dtype, int64_t count, int64_t offset) {
  int64_t item = int64_t(itemsize(dtype));
  if (offset < 0 || offset > nbytes)
    throw ValueError("offset must be non-negative and no greater than buffer length (" +
                     std::to_string(nbytes) + ")");
  int64_t left = nbytes - offset;
  if (count < 0) {
    if (left % item != 0) throw ValueError("buffer size must be a multiple of element size");
    count = left / item;
  } else if (left < count * item) {
    throw ValueError("buffer is smaller than requested size");
  }
  return from_host(static_cast<const char*>(data) + offset, Shape{count}, dtype);
}

NDArray fromstring(const std::string& text, DType dtype, int64_t count, const std::string& sep) {
  if (sep.empty())
    throw ValueError("The binary mode of fromstring is removed, use frombuffer instead");
  // Whitespace around the separator is ignored; a blank separator matches any whitespace.
  std::string core;
  for (char c : sep)
    if (!std::isspace(static_cast<unsigned char>(c))) core += c;
  bool integral = is_integer(dtype) || dtype == DType::Bool;
  std::vector<double> reals;
  std::vector<int64_t> ints;
  const char* p = text.c_str();
  auto skip_space = [&] {
    while (*p && std::isspace(static_cast<unsigned char>(*p))) ++p;
  };
  while (count < 0 || int64_t(integral ? ints.size() : reals.size()) < count) {
    skip_space();
    if (!*p) break;
    char* end = nullptr;
    if (integral)
      ints.push_back(std::strtoll(p, &end, 10));
    else
      reals.push_back(std::strtod(p, &end));
    if (end == p)
      throw ValueError("string or file could not be read to its end due to unmatched data");
    p = end;
    skip_space();
    if (!*p) break;
    if (!core.empty()) {
      if (std::strncmp(p, core.c_str(), core.size()) != 0)
        throw ValueError("string or file could not be read to its end due to unmatched data");
      p += core.size();
    }
  }
  int64_t n = int64_t(integral ? ints.size() : reals.size());
  if (count >= 0 && n < count) throw ValueError("string is smaller than requested size");
  NDArray r = integral ? from_host(ints.data(), Shape{n}, DType::Int64)
                       : from_host(reals.data(), Shape{n}, DType::Float64);
  return r.dtype() == dtype ? r : r.astype(dtype);
}

NDArray fromiter(std::span<const Scalar> values, DType dtype, int64_t count) {
  if (count >= 0 && int64_t(values.size()) < count)
    throw ValueError("iterator too short: Expected " + std::to_string(count) +
                     " but iterator had only " + std::to_string(values.size()) + " items.");
  size_t n = count >= 0 ? size_t(count) : values.size();
  size_t item = itemsize(dtype);
  std::vector<char> host(n * item);
  for (size_t k = 0; k < n; ++k) values[k].store_as(dtype, host.data() + k * item);
  return from_host(host.data(), Shape{int64_t(n)}, dtype);
}

}  // namespace ndgpu
