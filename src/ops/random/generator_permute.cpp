// numpy.random.Generator's choice, permutation, shuffle and permuted along an axis: the
// indices come from RandomState's permutation or choice (one stream on every backend),
// the data moves on the device with take; permuted sorts a uniform key per element.
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.hpp"
#include "ndgpu/sorting.hpp"

namespace ndgpu::random {
namespace {

int axis_of(const NDArray& x, int64_t axis) {
  if (x.ndim() == 0) throw ValueError("x must be an integer or at least 1-dimensional");
  return normalize_axis(axis, x.ndim());
}

}  // namespace

NDArray Generator::choice(const NDArray& a, const Shape& size, bool replace, const OptArray& p,
                          int64_t axis, bool /*shuffle: a shuffled sample is valid either way*/) {
  const int ax = axis_of(a, axis);
  NDArray picks = RandomState::choice(a.shape()[size_t(ax)], size, replace, p);
  return take(a, picks, ax);
}

NDArray Generator::permutation(const NDArray& x, int64_t axis) {
  const int ax = axis_of(x, axis);
  return take(x, RandomState::permutation(x.shape()[size_t(ax)]), ax);
}

void Generator::shuffle(NDArray& x, int64_t axis) {
  NDArray moved = permutation(x, axis);
  copy_into(x, moved);
}

NDArray Generator::permuted(const NDArray& x, std::optional<int64_t> axis, const OptArray& out) {
  if (out && out->shape() != x.shape()) throw ValueError("out must have the same shape as x");
  NDArray flat = axis ? x : x.reshape(Shape{-1});
  const int64_t ax = axis ? axis_of(x, *axis) : 0;
  // Independent permutations of every slice along the axis: sort a uniform key per element.
  NDArray keys = random(flat.shape());
  NDArray r = take_along_axis(flat, argsort(keys, {.axis = ax}), ax).reshape(x.shape());
  if (!out) return r;
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

}  // namespace ndgpu::random
