// numpy.packbits and unpackbits from the array ops: the axis moved last, a broadcast shift or
// multiply by the bit weights, and a uint8 sum over each group of eight.
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc_functions.hpp"

namespace ndgpu {
namespace {

// The eight bit positions (as uint8 shifts or weights), first element's bit first.
NDArray bit_positions(const std::string& bitorder, bool weights) {
  if (bitorder != "big" && bitorder != "little")
    throw ValueError("'order' must be either 'little' or 'big'");
  std::vector<uint8_t> v(8);
  for (int k = 0; k < 8; ++k) {
    const int bit = bitorder == "big" ? 7 - k : k;
    v[size_t(k)] = uint8_t(weights ? 1 << bit : bit);
  }
  return from_host(v.data(), Shape{8}, DType::UInt8);
}

// `a` with the working axis last: the flattened array, or `axis` moved.
NDArray axis_last(const NDArray& a, std::optional<int64_t> axis) {
  return axis ? moveaxis(a, {*axis}, {-1}) : ravel(a);
}

NDArray axis_back(const NDArray& r, std::optional<int64_t> axis) {
  return axis ? moveaxis(r, {-1}, {*axis}) : r;
}

// `a` cut or zero-padded to `n` along its last axis.
NDArray fit_last(const NDArray& a, int64_t n) {
  const int64_t have = a.shape().back();
  if (n <= have) {
    const IndexItem keep[2] = {EllipsisIndex{}, Slice{0, n, {}}};
    return a.index(keep);
  }
  Shape pad = a.shape();
  pad.back() = n - have;
  const NDArray parts[2] = {a, zeros(pad, a.dtype())};
  return concatenate(parts, -1);
}

}  // namespace

NDArray packbits(const NDArray& a, std::optional<int64_t> axis, const std::string& bitorder) {
  if (!is_integer(a.dtype()) && a.dtype() != DType::Bool)
    throw TypeError("Expected an input array of integer or boolean data type");
  const NDArray weights = bit_positions(bitorder, true);
  NDArray bits = axis_last(a, axis);
  bits = (bits.dtype() == DType::Bool ? bits : not_equal(bits, Scalar::py_int(0)))
             .astype(DType::UInt8);
  const int64_t n = bits.shape().back(), groups = (n + 7) / 8;
  Shape grouped = bits.shape();
  grouped.back() = groups;
  grouped.push_back(8);
  const NDArray packed = sum(multiply(fit_last(bits, groups * 8).reshape(grouped), weights),
                             Axes{std::vector<int64_t>{-1}}, DType::UInt8);
  return axis_back(packed, axis);
}

NDArray unpackbits(const NDArray& a, std::optional<int64_t> axis, std::optional<int64_t> count,
                   const std::string& bitorder) {
  if (a.dtype() != DType::UInt8)
    throw TypeError("Expected an input array of unsigned byte data type");
  const NDArray shifts = bit_positions(bitorder, false);
  const NDArray bytes = axis_last(a, axis);
  const NDArray one = full(Shape{}, Scalar::py_int(1), DType::UInt8);
  NDArray bits = bitwise_and(right_shift(expand_dims(bytes, {-1}), shifts), one);
  Shape flat = bytes.shape();
  flat.back() *= 8;
  bits = bits.reshape(flat);
  if (count) {
    const int64_t total = flat.back();
    if (*count < -total) throw ValueError("-count larger than number of elements");
    bits = fit_last(bits, *count < 0 ? total + *count : *count);
  }
  return axis_back(bits, axis);
}

}  // namespace ndgpu
