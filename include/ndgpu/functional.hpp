// NumPy's routines that call back into a user's function: apply_along_axis, apply_over_axes and
// piecewise. The callbacks are C++ functions (the Python binding wraps a Python callable).
#pragma once
#include <functional>
#include <span>
#include <variant>

#include "ndgpu/manipulation.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

using ArrayFunction = std::function<NDArray(const NDArray&)>;

// func1d over every 1-D slice of `arr` along `axis`; the results (all of the first one's shape
// and dtype) take the place of that axis. ValueError when another axis is empty.
NDArray apply_along_axis(const ArrayFunction& func1d, int64_t axis, const NDArray& arr);

// func(a, axis) for each axis in turn, its result given the axis back (as keepdims) when it
// dropped it; ValueError when it returns another number of dimensions.
NDArray apply_over_axes(const std::function<NDArray(const NDArray&, int64_t)>& func,
                        const NDArray& a, const AxisList& axes);

// x's shape and dtype, filled where each condition holds with its value or its function of
// x's elements there; one function more than conditions covers where none holds.
using PiecewisePart = std::variant<Scalar, ArrayFunction>;
NDArray piecewise(const NDArray& x, std::span<const NDArray> condlist,
                  std::span<const PiecewisePart> funclist);

}  // namespace ndgpu
