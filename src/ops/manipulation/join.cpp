// Joining and splitting: concatenate copies each input into its slice of one result (one
// copy kernel per input); split returns views.
#include "cast_error.hpp"
#include "ndgpu/checked_size.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

std::string str(int64_t v) {
  return std::to_string(v);
}

// The result's shape; raises NumPy's errors for mismatched inputs.
Shape joined_shape(std::span<const NDArray> arrays, int axis) {
  Shape s = arrays[0].shape();
  s[size_t(axis)] = 0;
  for (size_t k = 0; k < arrays.size(); ++k) {
    const NDArray& a = arrays[k];
    if (a.ndim() != int(s.size()))
      throw ValueError(
          "all the input arrays must have same number of dimensions, but the array at index 0 "
          "has " +
          str(int64_t(s.size())) + " dimension(s) and the array at index " + str(int64_t(k)) +
          " has " + str(a.ndim()) + " dimension(s)");
    for (int d = 0; d < a.ndim(); ++d)
      if (d != axis && a.shape()[d] != arrays[0].shape()[d])
        throw ValueError(
            "all the input array dimensions except for the concatenation axis must match "
            "exactly, but along dimension " +
            str(d) + ", the array at index 0 has size " + str(arrays[0].shape()[d]) +
            " and the array at index " + str(int64_t(k)) + " has size " + str(a.shape()[d]));
    s[size_t(axis)] = checked_add(s[size_t(axis)], a.shape()[axis]);
  }
  return s;
}

std::vector<NDArray> split_at(const NDArray& a, const std::vector<int64_t>& bounds, int axis) {
  std::vector<NDArray> out;
  std::vector<IndexItem> items(size_t(axis) + 1, Slice{});
  for (size_t k = 0; k + 1 < bounds.size(); ++k) {
    items[size_t(axis)] = Slice{bounds[k], bounds[k + 1], std::nullopt};
    out.push_back(a.index(items));
  }
  return out;
}

}  // namespace

NDArray concatenate(std::span<const NDArray> arrays, std::optional<int64_t> axis,
                    std::optional<DType> dtype, const std::optional<NDArray>& out,
                    Casting casting) {
  if (arrays.empty()) throw ValueError("need at least one array to concatenate");
  std::vector<NDArray> in(arrays.begin(), arrays.end());
  if (!axis)
    for (auto& a : in) a = a.reshape(Shape{-1});
  if (in[0].ndim() == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  int ax = normalize_axis(axis.value_or(0), in[0].ndim());
  Shape shape = joined_shape(in, ax);
  DType t = dtype.value_or(in[0].dtype());
  if (!dtype && out) t = out->dtype();
  if (!dtype && !out) {
    std::vector<PromotionOperand> ops;
    for (const auto& a : in) ops.push_back(PromotionOperand::strong(a.dtype()));
    t = result_type(ops);
  }
  if (dtype && out)
    throw TypeError(
        "concatenate() only takes `out` or `dtype` as an argument, "
        "but both were provided.");
  for (const auto& a : in) check_cast(a.dtype(), t, casting);
  NDArray r = out ? *out : empty(shape, t);
  if (r.shape() != shape) throw ValueError("Output array is the wrong shape");
  std::vector<IndexItem> items(size_t(ax) + 1, Slice{});
  int64_t at = 0;
  for (const auto& a : in) {
    int64_t n = a.shape()[ax];
    items[size_t(ax)] = Slice{at, at + n, std::nullopt};
    NDArray part = r.index(items);
    if (n > 0) copy_into(part, a);
    at += n;
  }
  return r;
}

NDArray stack(std::span<const NDArray> arrays, int64_t axis, std::optional<DType> dtype,
              const std::optional<NDArray>& out, Casting casting) {
  if (arrays.empty()) throw ValueError("need at least one array to stack");
  std::vector<NDArray> in;
  for (const auto& a : arrays) {
    if (a.shape() != arrays[0].shape())
      throw ValueError("all input arrays must have the same shape");
    in.push_back(expand_dims(a, AxisList{axis}));
  }
  return concatenate(in, axis, dtype, out, casting);
}

NDArray hstack(std::span<const NDArray> arrays) {
  std::vector<NDArray> in;
  for (const auto& a : arrays) in.push_back(atleast_1d(a));
  return concatenate(in, !in.empty() && in[0].ndim() == 1 ? 0 : 1);
}

NDArray vstack(std::span<const NDArray> arrays) {
  std::vector<NDArray> in;
  for (const auto& a : arrays) in.push_back(atleast_2d(a));
  return concatenate(in, 0);
}

NDArray column_stack(std::span<const NDArray> arrays) {
  std::vector<NDArray> in;
  for (const auto& a : arrays) in.push_back(a.ndim() < 2 ? atleast_1d(a).reshape(Shape{-1, 1}) : a);
  return concatenate(in, 1);
}

NDArray dstack(std::span<const NDArray> arrays) {
  std::vector<NDArray> in;
  for (const auto& a : arrays) in.push_back(atleast_3d(a));
  return concatenate(in, 2);
}

std::vector<NDArray> unstack(const NDArray& a, int64_t axis) {
  if (a.ndim() == 0) throw ValueError("Input array must be at least 1-d.");
  NDArray m = moveaxis(a, AxisList{axis}, AxisList{0});
  std::vector<NDArray> out;
  for (int64_t k = 0; k < m.shape()[0]; ++k) out.push_back(m.index(std::vector<IndexItem>{k}));
  return out;
}

std::vector<NDArray> split(const NDArray& a, int64_t sections, int64_t axis) {
  int ax = normalize_axis(axis, a.ndim());
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  if (a.shape()[ax] % sections != 0)
    throw ValueError("array split does not result in an equal division");
  return array_split(a, sections, axis);
}

std::vector<NDArray> split(const NDArray& a, const AxisList& indices, int64_t axis) {
  int ax = normalize_axis(axis, a.ndim());
  std::vector<int64_t> bounds{0};
  for (int64_t i : indices) bounds.push_back(i);
  bounds.push_back(a.shape()[ax]);
  return split_at(a, bounds, ax);
}

std::vector<NDArray> array_split(const NDArray& a, int64_t sections, int64_t axis) {
  int ax = normalize_axis(axis, a.ndim());
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  int64_t n = a.shape()[ax], each = n / sections, extra = n % sections;
  std::vector<int64_t> bounds{0};
  for (int64_t k = 0; k < sections; ++k) bounds.push_back(bounds.back() + each + (k < extra));
  return split_at(a, bounds, ax);
}

namespace {

std::vector<NDArray> split_spec(const NDArray& a, const SplitSpec& spec, int64_t axis) {
  if (auto* n = std::get_if<int64_t>(&spec)) return split(a, *n, axis);
  return split(a, std::get<AxisList>(spec), axis);
}

}  // namespace

std::vector<NDArray> hsplit(const NDArray& a, const SplitSpec& spec) {
  if (a.ndim() == 0) throw ValueError("hsplit only works on arrays of 1 or more dimensions");
  return split_spec(a, spec, a.ndim() > 1 ? 1 : 0);
}

std::vector<NDArray> vsplit(const NDArray& a, const SplitSpec& spec) {
  if (a.ndim() < 2) throw ValueError("vsplit only works on arrays of 2 or more dimensions");
  return split_spec(a, spec, 0);
}

std::vector<NDArray> dsplit(const NDArray& a, const SplitSpec& spec) {
  if (a.ndim() < 3) throw ValueError("dsplit only works on arrays of 3 or more dimensions");
  return split_spec(a, spec, 2);
}

}  // namespace ndgpu
