// NumPy's array manipulation: views that change shape or order, and routines that join,
// split and repeat arrays. Views share memory with their argument, as NumPy's do.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

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
// numpy.lib.stride_tricks: a view with the given shape and strides (bytes) over x's memory
// (ValueError if it reaches outside it), and the windows of window_shape along `axis` (every
// axis when nullopt) as trailing axes.
NDArray as_strided(const NDArray& x, const std::optional<Shape>& shape = std::nullopt,
                   const std::optional<Strides>& strides = std::nullopt);
NDArray sliding_window_view(const NDArray& x, const Shape& window_shape,
                            const std::optional<AxisList>& axis = std::nullopt);
NDArray expand_dims(const NDArray& a, const AxisList& axis);
NDArray swapaxes(const NDArray& a, int64_t axis1, int64_t axis2);
NDArray moveaxis(const NDArray& a, const AxisList& source, const AxisList& destination);
NDArray flip(const NDArray& a, const std::optional<AxisList>& axis = std::nullopt);
NDArray fliplr(const NDArray& a);
NDArray flipud(const NDArray& a);
NDArray atleast_1d(const NDArray& a);
NDArray atleast_2d(const NDArray& a);
// 1-D (n,) becomes (1, n, 1) and 2-D (m, n) becomes (m, n, 1), as NumPy's.
NDArray atleast_3d(const NDArray& a);
std::vector<NDArray> broadcast_arrays(std::span<const NDArray> arrays);
inline NDArray permute_dims(const NDArray& a, std::span<const int64_t> axes) {
  return a.transpose(axes);
}
// Moves `axis` to stand before `start` (NumPy's older moveaxis).
NDArray rollaxis(const NDArray& a, int64_t axis, int64_t start = 0);
// Swaps the last two axes (`.mT`); ValueError below 2-D.
NDArray matrix_transpose(const NDArray& a);
// Rotates by 90 degrees `k` times in the plane of `axes`, from the first towards the second.
NDArray rot90(const NDArray& a, int64_t k = 1, const AxisList& axes = {0, 1});

// NumPy's order arguments where 'A' and 'K' differ from C and F: 'A' is F when `a` is F- and
// not C-contiguous; 'K' reads in memory order (ravel and flatten only).
enum class AnyOrder : char { C = 'C', F = 'F', A = 'A', K = 'K' };
NDArray reshape(const NDArray& a, const Shape& shape, AnyOrder order);
NDArray ravel(const NDArray& a, AnyOrder order);
// Always a copy.
NDArray flatten(const NDArray& a, AnyOrder order = AnyOrder::C);
// `a` reshaped in place to `shape` (NumPy's `a.shape = shape`): false, with `a` unchanged,
// when that needs a copy.
bool set_shape(NDArray& a, const Shape& shape);

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
// Along the third axis, after atleast_3d.
NDArray dstack(std::span<const NDArray> arrays);
// The arrays along `axis`, as views (the inverse of stack).
std::vector<NDArray> unstack(const NDArray& a, int64_t axis = 0);
// NumPy's block: nested lists of arrays joined along the last axes, the innermost list along
// the last axis.
struct BlockList {
  std::variant<NDArray, std::vector<BlockList>> item;
};
NDArray block(const BlockList& blocks);

// Splitting into views: `sections` equal parts (split raises when they are not equal;
// array_split makes the first ones one longer), or at `indices`.
std::vector<NDArray> split(const NDArray& a, int64_t sections, int64_t axis = 0);
std::vector<NDArray> split(const NDArray& a, const AxisList& indices, int64_t axis = 0);
std::vector<NDArray> array_split(const NDArray& a, int64_t sections, int64_t axis = 0);
// split along axis 1 (axis 0 for 1-D), 0 and 2; ValueError below 1, 2 and 3 dimensions.
using SplitSpec = std::variant<int64_t, AxisList>;
std::vector<NDArray> hsplit(const NDArray& a, const SplitSpec& spec);
std::vector<NDArray> vsplit(const NDArray& a, const SplitSpec& spec);
std::vector<NDArray> dsplit(const NDArray& a, const SplitSpec& spec);

// Repetition: each element `repeats` times (one count, or one per element along `axis`),
// and the whole array tiled `reps` times per axis.
NDArray repeat(const NDArray& a, int64_t repeats, std::optional<int64_t> axis = std::nullopt);
NDArray repeat(const NDArray& a, const AxisList& repeats,
               std::optional<int64_t> axis = std::nullopt);
NDArray tile(const NDArray& a, const AxisList& reps);

// Elements shifted by `shift` along `axis` (the flattened array when empty), wrapping round;
// several axes take one shift each, or one shift for all.
NDArray roll(const NDArray& a, const AxisList& shift, const AxisList& axis = {});
// Values appended, inserted before `index` positions, or deleted at them, along `axis` (the
// flattened array when nullopt). Results are new arrays, as NumPy's.
NDArray append(const NDArray& a, const NDArray& values, std::optional<int64_t> axis = std::nullopt);
NDArray insert(const NDArray& a, const AxisList& index, const NDArray& values,
               std::optional<int64_t> axis = std::nullopt, bool scalar_index = false);
NDArray delete_(const NDArray& a, const AxisList& index,
                std::optional<int64_t> axis = std::nullopt);
// Boolean mask form of delete: `keep` false removes the element.
NDArray delete_mask(const NDArray& a, const NDArray& mask,
                    std::optional<int64_t> axis = std::nullopt);
// A new array of `shape`, filled by repeating `a`'s flattened elements.
NDArray resize(const NDArray& a, const Shape& shape);
// ndarray.resize: `a` (owning its data) gets new storage of `shape`, its elements kept in C
// order and the rest zero; ValueError for a view.
void resize_in_place(NDArray& a, const Shape& shape);
// A 1-D (or n-D) array with leading and/or trailing zeros trimmed: "f", "b" or "fb"; `axes`
// empty trims every axis.
NDArray trim_zeros(const NDArray& a, const std::string& trim = "fb", const AxisList& axes = {});

// numpy.packbits / unpackbits: the elements of an integer or bool array (non-zero as 1) packed
// eight to a uint8 along `axis` (the flattened array when nullopt), zero-padded at the end;
// and a uint8 array's bits unpacked, `count` of them along the axis (negative: that many fewer,
// more than there are: zero-padded). `bitorder` "big" puts the first element in the high bit.
NDArray packbits(const NDArray& a, std::optional<int64_t> axis = std::nullopt,
                 const std::string& bitorder = "big");
NDArray unpackbits(const NDArray& a, std::optional<int64_t> axis = std::nullopt,
                   std::optional<int64_t> count = std::nullopt,
                   const std::string& bitorder = "big");

// NumPy's pad. `widths` has one (before, after) pair per axis; `values` one pair per axis for
// constant (the constants) and linear_ramp (the end values); `stat_length` one pair per axis
// for maximum, minimum and mean (nullopt: the whole axis).
enum class PadMode {
  Constant,
  Edge,
  LinearRamp,
  Maximum,
  Minimum,
  Mean,
  Median,
  Reflect,
  Symmetric,
  Wrap,
  Empty
};
struct PadOptions {
  PadMode mode = PadMode::Constant;
  std::vector<std::pair<Scalar, Scalar>> values;  // empty: zeros
  std::optional<std::vector<std::pair<int64_t, int64_t>>> stat_length;
  bool odd_reflect = false;  // reflect_type='odd'
};
NDArray pad(const NDArray& a, const std::vector<std::pair<int64_t, int64_t>>& widths,
            const PadOptions& options = {});

// dst[...] = src where `where` is true, broadcasting src and where to dst; a cast `casting`
// forbids raises TypeError before anything is written.
void copyto(NDArray& dst, const NDArray& src, Casting casting = Casting::SameKind,
            const std::optional<NDArray>& where = std::nullopt);
// `a` itself when it already meets the requirements (C- or F-contiguous, owning its data),
// else a copy that does; C and F together raise ValueError.
struct Requirements {
  bool c_contiguous = false, f_contiguous = false, owndata = false;
};
NDArray require(const NDArray& a, std::optional<DType> dtype = std::nullopt, Requirements req = {});
// `a`, or ValueError when it holds an inf or NaN.
NDArray asarray_chkfinite(const NDArray& a, std::optional<DType> dtype = std::nullopt);
// An F-contiguous array: `a` itself when it already is one of `dtype` (1-D at least).
NDArray asfortranarray(const NDArray& a, std::optional<DType> dtype = std::nullopt);

}  // namespace ndgpu
