// r_ and c_ (NumPy's AxisConcatenator): x[...] of directives, slices, scalars and arrays
// joined along one axis, with NumPy's rules for every form.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

// start:stop:step of an r_ item; a complex step nj means linspace(start, stop, n).
struct ConcatRange {
  std::optional<Scalar> start, stop, step;
};
// One item: a directive ('r', 'c', 'axis', 'axis,ndmin' or 'axis,ndmin,trans1d'; first item
// only), a range, a scalar (promoted as NumPy's result_type: Python scalars are weak) or an
// array.
using ConcatItem = std::variant<std::string, ConcatRange, Scalar, NDArray>;

// The items joined along `axis`, each first made at least `ndmin`-dimensional with its own
// axes placed from `trans1d` on. 'r' and 'c' give a 2-D row or column (ndgpu has no matrix
// class: an ndarray of NumPy's matrix shape). ValueError for no items, as NumPy.
struct AxisConcatenator {
  int64_t axis = 0;
  int ndmin = 1;
  int trans1d = -1;
  NDArray operator()(std::span<const ConcatItem> items) const;
};

// numpy.r_ (rows: axis 0) and numpy.c_ (columns: axis -1, at least 2-D, 1-D items as columns).
inline constexpr AxisConcatenator r_{0, 1, -1};
inline constexpr AxisConcatenator c_{-1, 2, 0};

}  // namespace ndgpu
