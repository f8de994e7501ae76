// repeat and tile as copies of broadcast views: a stride-0 axis next to each repeated one,
// then one copy into the C-ordered result. Per-element counts gather with take().
#include "ndgpu/checked_size.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {

NDArray repeat(const NDArray& a, int64_t repeats, std::optional<int64_t> axis) {
  if (repeats < 0) throw ValueError("negative dimensions are not allowed");
  NDArray src = axis ? a : a.reshape(Shape{-1});
  int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  Shape shape, result;
  Strides strides;
  for (int d = 0; d < src.ndim(); ++d) {
    shape.push_back(src.shape()[d]);
    strides.push_back(src.strides()[d]);
    result.push_back(checked_mul(src.shape()[d], d == ax ? repeats : 1));
    if (d == ax) {
      shape.push_back(repeats);
      strides.push_back(0);
    }
  }
  NDArray view(src.storage(), src.offset(), shape, strides, src.dtype());
  return view.copy().reshape(result);
}

NDArray repeat(const NDArray& a, const AxisList& repeats, std::optional<int64_t> axis) {
  if (repeats.size() == 1) return repeat(a, repeats[0], axis);
  NDArray src = axis ? a : a.reshape(Shape{-1});
  int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  if (int64_t(repeats.size()) != src.shape()[ax])
    throw ValueError("operands could not be broadcast together with shape (" +
                     std::to_string(src.shape()[ax]) + ",) (" + std::to_string(repeats.size()) +
                     ",)");
  int64_t total = 0;
  for (int64_t r : repeats) {
    if (r < 0) throw ValueError("repeats may not contain negative values.");
    total = checked_add(total, r);
  }
  checked_nbytes(Shape{total}, int64_t(sizeof(int64_t)));
  std::vector<int64_t> idx;
  idx.reserve(size_t(total));
  for (size_t k = 0; k < repeats.size(); ++k) idx.insert(idx.end(), size_t(repeats[k]), int64_t(k));
  Shape n{int64_t(idx.size())};
  return take(src, from_host(idx.data(), n, DType::Int64), ax);
}

NDArray tile(const NDArray& a, const AxisList& reps) {
  size_t nd = std::max(size_t(a.ndim()), reps.size());
  AxisList r(nd - reps.size(), 1);
  r.insert(r.end(), reps.begin(), reps.end());
  Shape lead(nd - size_t(a.ndim()), 1);
  for (int64_t s : a.shape()) lead.push_back(s);
  NDArray src = a.reshape(lead);
  Shape shape, result;
  Strides strides;
  for (size_t d = 0; d < nd; ++d) {
    if (r[d] < 0) throw ValueError("negative dimensions are not allowed");
    shape.push_back(r[d]);
    strides.push_back(0);
    shape.push_back(src.shape()[d]);
    strides.push_back(src.strides()[d]);
    result.push_back(checked_mul(r[d], src.shape()[d]));
  }
  NDArray view(src.storage(), src.offset(), shape, strides, src.dtype());
  return view.copy().reshape(result);
}

}  // namespace ndgpu
