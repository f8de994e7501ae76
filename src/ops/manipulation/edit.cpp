// Routines that build a new array from pieces of one: roll, append, insert, delete, resize
// and trim_zeros. Positions are worked out on the host (they are few); the data moves in
// copy and take kernels.
#include <algorithm>
#include <numeric>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {
namespace {

NDArray slice_along(const NDArray& a, int axis, int64_t start, int64_t stop) {
  std::vector<IndexItem> items(size_t(axis) + 1, Slice{});
  items[size_t(axis)] = Slice{start, stop, std::nullopt};
  return a.index(items);
}

NDArray host_indices(const std::vector<int64_t>& v) {
  return from_host(v.data(), Shape{int64_t(v.size())}, DType::Int64);
}

[[noreturn]] void out_of_bounds(int64_t index, int axis, int64_t n) {
  throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " +
                   std::to_string(axis) + " with size " + std::to_string(n));
}

}  // namespace

NDArray roll(const NDArray& a, const AxisList& shift, const AxisList& axis) {
  if (axis.empty()) {
    int64_t total = std::accumulate(shift.begin(), shift.end(), int64_t(0));
    return roll(a.reshape(Shape{-1}), AxisList{total}, AxisList{0}).reshape(a.shape());
  }
  size_t n = std::max(shift.size(), axis.size());
  if ((shift.size() != n && shift.size() != 1) || (axis.size() != n && axis.size() != 1))
    throw ValueError("'shift' and 'axis' should be scalars or 1D sequences");
  std::vector<int64_t> by_axis(size_t(a.ndim()), 0);
  for (size_t k = 0; k < n; ++k)
    by_axis[size_t(normalize_axis(axis[axis.size() == 1 ? 0 : k], a.ndim()))] +=
        shift[shift.size() == 1 ? 0 : k];
  NDArray out = NDArray::empty(a.shape(), a.dtype());
  if (a.size() == 0) return out;
  // Each rolled axis splits into two pieces; every combination of pieces is one copy.
  std::vector<int> rolled;
  for (int d = 0; d < a.ndim(); ++d) {
    int64_t len = a.shape()[d];
    by_axis[size_t(d)] = ((by_axis[size_t(d)] % len) + len) % len;
    if (by_axis[size_t(d)] != 0) rolled.push_back(d);
  }
  for (size_t combo = 0; combo < (size_t(1) << rolled.size()); ++combo) {
    std::vector<IndexItem> src(size_t(a.ndim()), Slice{}), dst(size_t(a.ndim()), Slice{});
    for (size_t r = 0; r < rolled.size(); ++r) {
      int d = rolled[r];
      int64_t len = a.shape()[d], s = by_axis[size_t(d)];
      bool tail = (combo >> r) & 1;  // the source's last s elements go to the front
      src[size_t(d)] = tail ? Slice{len - s, len, std::nullopt} : Slice{0, len - s, std::nullopt};
      dst[size_t(d)] = tail ? Slice{0, s, std::nullopt} : Slice{s, len, std::nullopt};
    }
    NDArray part = out.index(dst);
    copy_into(part, a.index(src));
  }
  return out;
}

NDArray append(const NDArray& a, const NDArray& values, std::optional<int64_t> axis) {
  if (!axis) {
    std::vector<NDArray> parts{a.reshape(Shape{-1}), values.reshape(Shape{-1})};
    return concatenate(parts, 0);
  }
  std::vector<NDArray> parts{a, values};
  return concatenate(parts, *axis);
}

NDArray insert(const NDArray& a, const AxisList& index, const NDArray& values,
               std::optional<int64_t> axis, bool scalar_index) {
  NDArray arr = axis ? a : a.reshape(Shape{-1});
  int ax = normalize_axis(axis.value_or(0), arr.ndim());
  int64_t n = arr.shape()[ax];
  std::vector<int64_t> idx(index);
  for (auto& i : idx) {
    if (i < -n || i > n) out_of_bounds(i, ax, n);
    if (i < 0) i += n;
  }
  // The region the values fill: the array's shape with `numnew` along the axis.
  NDArray vals = values;
  int64_t numnew = int64_t(idx.size());
  if (idx.size() == 1) {
    Shape s(size_t(std::max(0, arr.ndim() - vals.ndim())), 1);
    for (int64_t v : vals.shape()) s.push_back(v);
    vals = vals.reshape(s);
    // A scalar index inserts along the values' first axis: a[:, 0:1] = ... rather than a[:, 0].
    if (scalar_index) vals = moveaxis(vals, AxisList{0}, AxisList{ax});
    numnew = vals.shape()[ax];
  }
  Shape region = arr.shape();
  region[size_t(ax)] = numnew;
  std::vector<NDArray> parts{arr, vals.broadcast_to(region)};
  NDArray joined = concatenate(parts, ax, arr.dtype(), std::nullopt, Casting::Unsafe);
  // Where each element of the result comes from in `joined`: values at their (stably sorted)
  // positions shifted by the values before them, the old elements in between.
  std::vector<int64_t> from(size_t(n + numnew), -1);
  if (idx.size() == 1) {
    for (int64_t k = 0; k < numnew; ++k) from[size_t(idx[0] + k)] = n + k;
  } else {
    std::vector<int64_t> order(idx.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t x, int64_t y) { return idx[size_t(x)] < idx[size_t(y)]; });
    for (size_t k = 0; k < order.size(); ++k)
      from[size_t(idx[size_t(order[k])] + int64_t(k))] = n + order[k];
  }
  int64_t next_old = 0;
  for (auto& f : from)
    if (f < 0) f = next_old++;
  return take(joined, host_indices(from), ax);
}

NDArray delete_(const NDArray& a, const AxisList& index, std::optional<int64_t> axis) {
  NDArray arr = axis ? a : a.reshape(Shape{-1});
  int ax = normalize_axis(axis.value_or(0), arr.ndim());
  int64_t n = arr.shape()[ax];
  std::vector<bool> drop(size_t(n), false);
  for (int64_t i : index) {
    if (i < -n || i >= n) out_of_bounds(i, ax, n);
    drop[size_t(i < 0 ? i + n : i)] = true;
  }
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < n; ++i)
    if (!drop[size_t(i)]) keep.push_back(i);
  if (int64_t(keep.size()) == n) return arr.copy();
  return take(arr, host_indices(keep), ax);
}

NDArray delete_mask(const NDArray& a, const NDArray& mask, std::optional<int64_t> axis) {
  NDArray arr = axis ? a : a.reshape(Shape{-1});
  int ax = normalize_axis(axis.value_or(0), arr.ndim());
  if (mask.ndim() != 1 || mask.shape()[0] != arr.shape()[ax])
    throw ValueError(
        "boolean array argument obj to delete must be one dimensional and match the axis "
        "length of " +
        std::to_string(arr.shape()[ax]));
  NDArray m = mask.astype(DType::Bool, false);
  std::vector<uint8_t> host(size_t(m.size()));
  m.to_host(host.data());
  AxisList drop;
  for (size_t i = 0; i < host.size(); ++i)
    if (host[i]) drop.push_back(int64_t(i));
  return delete_(arr, drop, ax);
}

NDArray resize(const NDArray& a, const Shape& shape) {
  for (int64_t d : shape)
    if (d < 0) throw ValueError("all elements of `new_shape` must be non-negative");
  int64_t size = shape_size(shape);
  if (a.size() == 0 || size == 0) return zeros(shape, a.dtype());
  int64_t reps = (size + a.size() - 1) / a.size();
  NDArray flat = tile(a.reshape(Shape{-1}), AxisList{reps});
  return slice_along(flat, 0, 0, size).reshape(shape);
}

void resize_in_place(NDArray& a, const Shape& shape) {
  if (a.base()) throw ValueError("cannot resize this array: it does not own its data");
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions not allowed");
  NDArray r = zeros(shape, a.dtype());
  int64_t kept = std::min(a.size(), r.size());
  if (kept > 0) {
    NDArray dst = slice_along(r.reshape(Shape{-1}), 0, 0, kept);
    copy_into(dst, slice_along(a.reshape(Shape{-1}), 0, 0, kept));
  }
  a = r;
}

NDArray trim_zeros(const NDArray& a, const std::string& trim, const AxisList& axes) {
  std::string t = trim;
  std::transform(t.begin(), t.end(), t.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (t != "fb" && t != "bf" && t != "f" && t != "b")
    throw ValueError("unexpected character(s) in `trim`: '" + trim + "'");
  std::vector<bool> trimmed(size_t(a.ndim()), axes.empty());
  for (int64_t ax : axes) trimmed[size_t(normalize_axis(ax, a.ndim()))] = true;
  if (a.ndim() == 0) return a;
  NDArray nz = call_ufunc("not_equal", std::vector<Operand>{a, Scalar::py_int(0)})[0];
  std::vector<IndexItem> items;
  bool all_zero = false;
  std::vector<std::pair<int64_t, int64_t>> bounds;
  for (int d = 0; d < a.ndim(); ++d) {
    std::vector<int64_t> others;
    for (int o = 0; o < a.ndim(); ++o)
      if (o != d) others.push_back(o);
    NDArray any_d = others.empty() ? nz : any(nz, others);
    std::vector<uint8_t> host(size_t(any_d.size()));
    any_d.to_host(host.data());
    auto first = std::find(host.begin(), host.end(), 1);
    if (first == host.end()) all_zero = true;
    int64_t lo = first - host.begin();
    int64_t hi = host.rend() - std::find(host.rbegin(), host.rend(), 1);
    bounds.push_back({lo, hi});
  }
  for (int d = 0; d < a.ndim(); ++d) {
    if (!trimmed[size_t(d)]) {
      items.push_back(Slice{});
    } else if (all_zero) {
      items.push_back(Slice{0, 0, std::nullopt});
    } else {
      std::optional<int64_t> lo, hi;
      if (t.find('f') != std::string::npos) lo = bounds[size_t(d)].first;
      if (t.find('b') != std::string::npos) hi = bounds[size_t(d)].second;
      items.push_back(Slice{lo, hi, std::nullopt});
    }
  }
  return a.index(items);
}

}  // namespace ndgpu
