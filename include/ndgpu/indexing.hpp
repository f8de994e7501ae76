// NumPy's advanced indexing and the indexing routines (nonzero, take, compress, ...).
// Basic indices (integers, slices, None, Ellipsis) alone stay views: NDArray::index.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

// One item of a full index: a basic item or an integer or boolean array.
using Index = std::variant<int64_t, Slice, NewAxis, EllipsisIndex, NDArray>;

// a[index] and a[index] = value with NumPy's rules: integer arrays broadcast together, boolean
// arrays stand for their nonzero(), and advanced indices separated by a basic one move to the
// front. Out-of-bounds indices raise IndexError (checked on the device, before any access).
NDArray getitem(const NDArray& a, std::span<const Index> index);
void setitem(NDArray& a, std::span<const Index> index, const Operand& value);

// How take() treats indices outside [-n, n).
enum class ClipMode { Raise, Wrap, Clip };

// The indices of the nonzero elements, one int64 array per axis (C order).
std::vector<NDArray> nonzero(const NDArray& a);
NDArray flatnonzero(const NDArray& a);
NDArray argwhere(const NDArray& a);
// Elements of `a` at `indices` along `axis` (the flattened array when nullopt).
NDArray take(const NDArray& a, const NDArray& indices, std::optional<int64_t> axis = std::nullopt,
             ClipMode mode = ClipMode::Raise);
// Slices of `a` along `axis` where `condition` (1-D) is true.
NDArray compress(const NDArray& condition, const NDArray& a,
                 std::optional<int64_t> axis = std::nullopt);
// The elements of `a` where `condition` is nonzero, flattened.
NDArray extract(const NDArray& condition, const NDArray& a);

}  // namespace ndgpu
