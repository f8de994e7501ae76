// numpy.lib.stride_tricks: as_strided and sliding_window_view, views over the same storage.
// Unlike NumPy, as_strided refuses a view that reaches outside the array's memory (ValueError)
// rather than read or write whatever lies there.
#include <algorithm>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"

namespace ndgpu {

NDArray as_strided(const NDArray& x, const std::optional<Shape>& shape,
                   const std::optional<Strides>& strides) {
  Shape sh = shape.value_or(x.shape());
  Strides st = strides ? *strides : shape ? c_strides(sh, x.itemsize()) : x.strides();
  if (st.size() != sh.size()) throw ValueError("mismatch in length of strides and shape");
  for (int64_t d : sh)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  const auto [lo, hi] = byte_extent(sh, st, x.itemsize());
  if (hi > lo && (x.offset() + lo < 0 || x.offset() + hi > int64_t(x.storage()->nbytes())))
    throw ValueError("as_strided: the view reaches outside the array's memory");
  return NDArray(x.storage(), x.offset(), std::move(sh), std::move(st), x.dtype(),
                 std::make_shared<NDArray>(x));
}

NDArray sliding_window_view(const NDArray& x, const Shape& window_shape,
                            const std::optional<AxisList>& axis) {
  AxisList axes;
  if (axis) {
    if (axis->size() != window_shape.size())
      throw ValueError("Must provide matching length window_shape and axis; got " +
                       std::to_string(window_shape.size()) + " window_shape elements and " +
                       std::to_string(axis->size()) + " axes elements.");
    for (int64_t a : *axis) axes.push_back(normalize_axis(a, x.ndim()));
  } else {
    if (int(window_shape.size()) != x.ndim())
      throw ValueError(
          "Since axis is `None`, must provide window_shape for all dimensions of "
          "`x`; got " +
          std::to_string(window_shape.size()) + " window_shape elements and `x.ndim` is " +
          std::to_string(x.ndim()) + ".");
    for (int d = 0; d < x.ndim(); ++d) axes.push_back(d);
  }
  Shape shape = x.shape();
  Strides strides = x.strides();
  for (size_t k = 0; k < axes.size(); ++k) {
    const int64_t w = window_shape[k], ax = axes[k];
    if (w < 0) throw ValueError("`window_shape` cannot contain negative values");
    if (shape[size_t(ax)] < w)
      throw ValueError("window shape cannot be larger than input array shape");
    shape[size_t(ax)] -= w - 1;
    shape.push_back(w);
    strides.push_back(x.strides()[size_t(ax)]);
  }
  return as_strided(x, shape, strides);
}

}  // namespace ndgpu
