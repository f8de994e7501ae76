// sort, argsort, ndarray.sort and sort_complex: the sort axis moved last and made contiguous,
// values turned into unsigned keys (keys.hpp), then one Backend::sort per key pass over the
// rows as segments; sort decodes the keys, argsort returns the carried indices.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/sorting/keys.hpp"

namespace ndgpu {
namespace {

using ops::sorting::KeyPass;

void check_kind(const SortOptions& o) {
  if (o.kind && o.stable)
    throw ValueError(
        "`kind` and `stable` parameters can't be provided at the same time. Use only one of "
        "them.");
  if (o.kind && *o.kind != "quicksort" && *o.kind != "mergesort" && *o.kind != "heapsort" &&
      *o.kind != "stable")
    throw ValueError("sort kind must be one of 'quick', 'heap', or 'stable' (got '" + *o.kind +
                     "')");
}

// `a` with the sort axis last, as contiguous rows; the permutation that moved it.
struct Rows {
  NDArray rows;  // C-contiguous (count, len)
  Shape moved_shape;
  std::vector<int64_t> perm;
  int64_t count = 0, len = 0;
};

Rows as_rows(const NDArray& a_in, std::optional<int64_t> axis) {
  check_device(a_in.device());
  NDArray a = axis ? a_in : a_in.reshape(Shape{-1});
  const int ax = normalize_axis(axis.value_or(0), a.ndim());
  Rows r;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != ax) r.perm.push_back(d);
  r.perm.push_back(ax);
  NDArray moved = ascontiguousarray(a.transpose(r.perm));
  r.moved_shape = moved.shape();
  r.len = a.shape()[size_t(ax)];
  r.count = r.len ? a.size() / r.len : 0;
  r.rows = moved.reshape(Shape{r.count, r.len});
  return r;
}

// Rows of the moved layout back in `a`'s axis order, C-contiguous as NumPy returns them.
NDArray from_rows(const NDArray& rows2, const Rows& r) {
  NDArray moved = rows2.reshape(r.moved_shape);
  std::vector<int64_t> inverse(r.perm.size());
  for (size_t i = 0; i < r.perm.size(); ++i) inverse[size_t(r.perm[i])] = int64_t(i);
  return ascontiguousarray(moved.transpose(inverse));
}

// One Backend::sort of the rows' keys, carrying `values_in` when given.
void sort_keys(Device device, const Rows& r, int bytes, const void* keys_in, void* keys_out,
               const int64_t* values_in, int64_t* values_out) {
  SortCall call;
  call.key_bytes = bytes;
  call.n = r.count * r.len;
  call.segments = r.count;
  call.keys_in = keys_in;
  call.keys_out = keys_out;
  call.values_in = values_in;
  call.values_out = values_out;
  call.stream = current_stream(device);
  backend_for(device).sort(device.index, call);
}

// The int64 indices sorting each row (stable), after every key pass of the dtype.
NDArray argsort_rows(const Rows& r, DType t) {
  Device device = current_device();
  const int64_t n = r.count * r.len;
  const int bytes = ops::sorting::key_bytes(t);
  NDArray keys = NDArray::empty_on(device, Shape{n * bytes}, DType::UInt8);
  NDArray sorted_keys = NDArray::empty_on(device, Shape{n * bytes}, DType::UInt8);
  NDArray order = NDArray::empty_on(device, Shape{r.count, r.len}, DType::Int64);
  NDArray next = NDArray::empty_on(device, Shape{r.count, r.len}, DType::Int64);
  bool first = true;
  for (const KeyPass& pass : ops::sorting::key_passes(t)) {
    // The first pass also writes each row's 0..len-1 into `order`: the carried indices.
    auto* perm = static_cast<int64_t*>(order.data());
    ops::sorting::encode_keys(device, t, pass, r.rows.data(), first ? nullptr : perm, keys.data(),
                              perm, n, r.len, true);
    sort_keys(device, r, bytes, keys.data(), sorted_keys.data(), perm,
              static_cast<int64_t*>(next.data()));
    std::swap(order, next);
    first = false;
  }
  return order;
}

// float32/float64 in one row: the backend orders IEEE keys itself, which skips the key
// encoding and decoding passes. CUB (-0.0 equal to 0.0) puts NaNs with the sign bit set
// first, where NumPy puts every NaN last: when the first sorted value is a NaN, false (the
// caller sorts again on the general path). The CPU's radix sort converts the keys in its
// first and last passes, with the general path's encoding (every NaN last).
bool sort_floats_natively(Device device, const Rows& r, DType t, NDArray& out) {
  if (r.count != 1 || r.len < (1 << 16) || (t != DType::Float32 && t != DType::Float64))
    return false;
  SortCall call;
  call.key_bytes = int(itemsize(t));
  call.n = r.len;
  call.keys_in = r.rows.data();
  call.keys_out = out.data();
  call.float_keys = true;
  call.stream = current_stream(device);
  backend_for(device).sort(device.index, call);
  double first = 0;
  out.index(std::vector<IndexItem>{int64_t(0), int64_t(0)}).astype(DType::Float64).to_host(&first);
  return !std::isnan(first);
}

NDArray sort_rows(const Rows& r, DType t) {
  Device device = current_device();
  const int64_t n = r.count * r.len;
  NDArray out = NDArray::empty_on(device, Shape{r.count, r.len}, t);
  if (sort_floats_natively(device, r, t, out)) return out;
  if (is_complex(t)) {
    NDArray order = argsort_rows(r, t);
    ops::sorting::gather_rows(device, r.rows.data(), static_cast<const int64_t*>(order.data()),
                              out.data(), n, r.len, int64_t(itemsize(t)));
    return out;
  }
  const int bytes = ops::sorting::key_bytes(t);
  NDArray sorted_keys = NDArray::empty_on(device, Shape{n * bytes}, DType::UInt8);
  // The keys are as wide as the values, so `out` holds them until the decode: one buffer
  // fewer to allocate. -0.0 may sort before 0.0 here: they are equal, and the sign must
  // survive the decode.
  ops::sorting::encode_keys(device, t, ops::sorting::key_passes(t)[0], r.rows.data(), nullptr,
                            out.data(), nullptr, n, r.len, false);
  sort_keys(device, r, bytes, out.data(), sorted_keys.data(), nullptr, nullptr);
  ops::sorting::decode_keys(device, t, sorted_keys.data(), out.data(), n);
  return out;
}

}  // namespace

NDArray sort(const NDArray& a, const SortOptions& options) {
  check_kind(options);
  Rows r = as_rows(a, options.axis);
  if (r.count * r.len == 0) return from_rows(r.rows, r);
  return from_rows(sort_rows(r, a.dtype()), r);
}

NDArray argsort(const NDArray& a, const SortOptions& options) {
  check_kind(options);
  Rows r = as_rows(a, options.axis);
  if (r.count * r.len == 0)
    return from_rows(NDArray::empty_on(current_device(), r.rows.shape(), DType::Int64), r);
  return from_rows(argsort_rows(r, a.dtype()), r);
}

void sort_inplace(NDArray& a, const SortOptions& options) {
  if (!options.axis) throw TypeError("an integer is required for the axis");
  NDArray sorted = sort(a, options);
  copy_into(a, sorted);
}

NDArray sort_complex(const NDArray& a) {
  // NumPy's rule: the small integers become complex64, everything else complex128.
  DType t = a.dtype();
  if (!is_complex(t))
    t = (t == DType::Int8 || t == DType::UInt8 || t == DType::Int16 || t == DType::UInt16)
            ? DType::Complex64
            : DType::Complex128;
  return sort(a.astype(t), {.axis = -1});
}

}  // namespace ndgpu
