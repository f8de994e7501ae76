// NumPy's array manipulation: views that change shape or order, and routines that join,
// split and repeat arrays. Views share memory with their argument, as NumPy's do.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ndgpu/ndarray.hpp"

namespace ndgpu {

using AxisList = std::vector<int64_t>;

// Module-level forms of NDArray's methods.
inline NDArray reshape(const NDArray& a, const Shape& shape, Order order = Order::C) {
  return a.reshape(shape, order);
}
inline NDArray ravel(const NDArray& a, Order order = Order::C) {
  return a.reshape(Shape{-1}, order);
}
inline NDArray transpose(const NDArray& a) {
  return a.transpose();
}
inline NDArray transpose(const NDArray& a, std::span<const int64_t> axes) {
  return a.transpose(axes);
}
inline NDArray copy(const NDArray& a, Order order = Order::C) {
  return a.copy(order);
}
inline NDArray broadcast_to(const NDArray& a, const Shape& shape) {
  return a.broadcast_to(shape);
}
// A C-contiguous array: `a` itself when it already is one of `dtype`.
NDArray ascontiguousarray(const NDArray& a, std::optional<DType> dtype = std::nullopt);

// Views.
NDArray squeeze(const NDArray& a, const std::optional<AxisList>& axis = std::nullopt);
NDArray expand_dims(const NDArray& a, const AxisList& axis);
NDArray swapaxes(const NDArray& a, int64_t axis1, int64_t axis2);
NDArray moveaxis(const NDArray& a, const AxisList& source, const AxisList& destination);
NDArray flip(const NDArray& a, const std::optional<AxisList>& axis = std::nullopt);
NDArray fliplr(const NDArray& a);
NDArray flipud(const NDArray& a);
NDArray atleast_1d(const NDArray& a);
NDArray atleast_2d(const NDArray& a);
std::vector<NDArray> broadcast_arrays(std::span<const NDArray> arrays);

// Joining: the result has NumPy's result_type of the inputs, or `dtype`; `out` receives it;
// an input that `casting` does not allow raises TypeError. axis nullopt joins the flattened
// arrays.
NDArray concatenate(std::span<const NDArray> arrays, std::optional<int64_t> axis = 0,
                    std::optional<DType> dtype = std::nullopt,
                    const std::optional<NDArray>& out = std::nullopt,
                    Casting casting = Casting::SameKind);
NDArray stack(std::span<const NDArray> arrays, int64_t axis = 0,
              std::optional<DType> dtype = std::nullopt,
              const std::optional<NDArray>& out = std::nullopt,
              Casting casting = Casting::SameKind);
NDArray hstack(std::span<const NDArray> arrays);
NDArray vstack(std::span<const NDArray> arrays);
NDArray column_stack(std::span<const NDArray> arrays);

// Splitting into views: `sections` equal parts (split raises when they are not equal;
// array_split makes the first ones one longer), or at `indices`.
std::vector<NDArray> split(const NDArray& a, int64_t sections, int64_t axis = 0);
std::vector<NDArray> split(const NDArray& a, const AxisList& indices, int64_t axis = 0);
std::vector<NDArray> array_split(const NDArray& a, int64_t sections, int64_t axis = 0);

// Repetition: each element `repeats` times (one count, or one per element along `axis`),
// and the whole array tiled `reps` times per axis.
NDArray repeat(const NDArray& a, int64_t repeats, std::optional<int64_t> axis = std::nullopt);
NDArray repeat(const NDArray& a, const AxisList& repeats,
               std::optional<int64_t> axis = std::nullopt);
NDArray tile(const NDArray& a, const AxisList& reps);

}  // namespace ndgpu
