// getitem and setitem with advanced indices, NumPy's rules: booleans become their nonzero(),
// integers join the advanced indices, and the broadcast index shape replaces the indexed axes
// in place when they are adjacent, else it moves to the front.
#include <algorithm>

#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ops/indexing/kernels.hpp"

namespace ndgpu {

namespace ops {

bool is_basic(std::span<const Index> index) {
  return std::none_of(index.begin(), index.end(),
                      [](const Index& it) { return std::holds_alternative<NDArray>(it); });
}

std::vector<IndexItem> basic_items(std::span<const Index> index) {
  std::vector<IndexItem> items;
  for (const auto& it : index)
    std::visit(
        [&](const auto& v) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(v)>, NDArray>) items.push_back(v);
        },
        it);
  return items;
}

}  // namespace ops

using ops::basic_items;
using ops::is_basic;

namespace {

// An index reduced to one basic view plus integer arrays on some of its axes.
struct Plan {
  NDArray view;                         // basic items applied, indexed axes kept
  std::vector<int> axes;                // the indexed axes of `view`
  std::vector<NDArray> indices;         // one integer array per indexed axis
  std::vector<ops::IndexedAxis> sizes;  // their lengths, strides and axes in `a`
  bool adjacent = true;                 // the indexed axes were next to each other
};

int consumed_dims(const Index& it) {
  if (auto* arr = std::get_if<NDArray>(&it)) return arr->dtype() == DType::Bool ? arr->ndim() : 1;
  return std::holds_alternative<int64_t>(it) || std::holds_alternative<Slice>(it) ? 1 : 0;
}

NDArray int_scalar(int64_t v) {
  return full(Shape{}, Scalar::typed_int(DType::Int64, v));
}

Plan make_plan(const NDArray& a, std::span<const Index> index) {
  int consumed = 0, ellipses = 0;
  for (const auto& it : index) {
    consumed += consumed_dims(it);
    ellipses += std::holds_alternative<EllipsisIndex>(it);
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  Plan p;
  std::vector<IndexItem> basic;
  int src_axis = 0, view_axis = 0, last_item = -2;
  // `in_range`: a mask's nonzero() or a checked integer, so the kernel need not test it.
  auto add_index = [&](const NDArray& idx, int item, bool in_range) {
    if (!is_integer(idx.dtype()))
      throw IndexError("arrays used as indices must be of integer (or boolean) type");
    if (last_item >= 0 && last_item != item - 1 && last_item != item) p.adjacent = false;
    last_item = item;
    basic.push_back(Slice{});
    p.axes.push_back(view_axis);
    p.indices.push_back(idx);
    p.sizes.push_back({a.shape()[src_axis], a.strides()[src_axis], src_axis, in_range});
    ++src_axis, ++view_axis;
  };
  for (int item = 0; item < int(index.size()); ++item) {
    const Index& it = index[item];
    if (auto* arr = std::get_if<NDArray>(&it); arr && arr->dtype() == DType::Bool) {
      if (arr->ndim() == 0) {  // a 0-d mask: a new axis of length 1 (true) or 0 (false)
        bool t = false;
        arr->to_host(&t);
        basic.push_back(NewAxis{});
        if (last_item >= 0 && last_item != item - 1) p.adjacent = false;
        last_item = item;
        p.axes.push_back(view_axis++);
        p.indices.push_back(zeros(Shape{t ? 1 : 0}, DType::Int64));
        p.sizes.push_back({1, 0, src_axis, true});
        continue;
      }
      for (int d = 0; d < arr->ndim(); ++d)
        if (arr->shape()[d] != a.shape()[src_axis + d])
          throw IndexError("boolean index did not match indexed array along axis " +
                           std::to_string(src_axis + d) + "; size of axis is " +
                           std::to_string(a.shape()[src_axis + d]) +
                           " but size of corresponding boolean axis is " +
                           std::to_string(arr->shape()[d]));
      for (const NDArray& nz : nonzero(*arr)) add_index(nz, item, true);
    } else if (arr) {
      add_index(*arr, item, false);
    } else if (auto* k = std::get_if<int64_t>(&it)) {
      int64_t n = a.shape()[src_axis];  // checked here, as NumPy does, before any launch
      if (*k < -n || *k >= n)
        throw IndexError("index " + std::to_string(*k) + " is out of bounds for axis " +
                         std::to_string(src_axis) + " with size " + std::to_string(n));
      add_index(int_scalar(*k < 0 ? *k + n : *k), item, true);
    } else if (std::holds_alternative<Slice>(it)) {
      basic.push_back(std::get<Slice>(it));
      ++src_axis, ++view_axis;
    } else if (std::holds_alternative<NewAxis>(it)) {
      basic.push_back(NewAxis{});
      ++view_axis;
    } else {
      basic.push_back(EllipsisIndex{});
      src_axis += a.ndim() - consumed, view_axis += a.ndim() - consumed;
    }
  }
  p.view = a.index(basic);
  return p;
}

// What make_plan's pieces become: the source over the axes not indexed, the offsets, the
// result's shape and the permutation that puts the index shape first.
struct Layout {
  NDArray rest;
  std::vector<NDArray> indices;  // broadcast together
  Shape result;
  std::vector<int64_t> to_front;
};

Layout layout(const Plan& p) {
  std::vector<Shape> shapes;
  for (const auto& i : p.indices) shapes.push_back(i.shape());
  Shape b;
  try {
    b = broadcast_shapes(shapes);
  } catch (const ValueError&) {
    std::string msg = "shape mismatch: indexing arrays could not be broadcast together with shapes";
    for (const auto& s : shapes) msg += " " + shape_str(s);
    throw IndexError(msg);
  }
  Layout l;
  for (const auto& i : p.indices) l.indices.push_back(i.broadcast_to(b));
  Shape rest_shape;
  Strides rest_strides;
  for (int d = 0; d < p.view.ndim(); ++d)
    if (std::find(p.axes.begin(), p.axes.end(), d) == p.axes.end()) {
      rest_shape.push_back(p.view.shape()[d]);
      rest_strides.push_back(p.view.strides()[d]);
    }
  l.rest = NDArray(p.view.storage(), p.view.offset(), rest_shape, rest_strides, p.view.dtype());
  int64_t at = p.adjacent ? p.axes.front() : 0;  // where the index shape goes
  int nb = int(b.size()), nr = int(rest_shape.size());
  for (int64_t d = 0; d < at; ++d) l.result.push_back(rest_shape[d]);
  for (int64_t s : b) l.result.push_back(s);
  for (int d = int(at); d < nr; ++d) l.result.push_back(rest_shape[d]);
  for (int d = 0; d < nb; ++d) l.to_front.push_back(at + d);
  for (int d = 0; d < nr; ++d) l.to_front.push_back(d < at ? d : d + nb);
  return l;
}

// A lone mask of the array's full shape: one compaction, no nonzero().
const NDArray* full_mask(const NDArray& a, std::span<const Index> index) {
  if (index.size() != 1) return nullptr;
  auto* m = std::get_if<NDArray>(&index[0]);
  return m && m->dtype() == DType::Bool && m->ndim() > 0 && m->shape() == a.shape() ? m : nullptr;
}

// x[idx] with one integer array, the common gather: the result is idx's shape then the axes
// after the first, so none of make_plan's and layout's general steps are needed.
const NDArray* lone_integer_index(const NDArray& a, std::span<const Index> index) {
  if (index.size() != 1 || a.ndim() == 0) return nullptr;
  auto* idx = std::get_if<NDArray>(&index[0]);
  return idx && is_integer(idx->dtype()) ? idx : nullptr;
}

NDArray gather_first_axis(const NDArray& a, const NDArray& idx) {
  Shape rest_shape(a.shape().begin() + 1, a.shape().end());
  Strides rest_strides(a.strides().begin() + 1, a.strides().end());
  NDArray rest(a.storage(), a.offset(), rest_shape, rest_strides, a.dtype());
  Shape out_shape = idx.shape();
  out_shape.insert(out_shape.end(), rest_shape.begin(), rest_shape.end());
  NDArray out = empty(out_shape, a.dtype());
  const ops::IndexedAxis axis{a.shape()[0], a.strides()[0], 0};
  ops::gather(rest, std::span(&idx, 1), std::span(&axis, 1), ClipMode::Raise, out);
  return out;
}

}  // namespace

NDArray getitem(const NDArray& a, std::span<const Index> index) {
  if (is_basic(index)) return a.index(basic_items(index));
  if (const NDArray* idx = lone_integer_index(a, index)) return gather_first_axis(a, *idx);
  if (const NDArray* m = full_mask(a, index)) return ops::compact(*m, a);
  Plan p = make_plan(a, index);
  Layout l = layout(p);
  NDArray out = empty(l.result, a.dtype());
  NDArray front = out.transpose(l.to_front);
  ops::gather(l.rest, l.indices, p.sizes, ClipMode::Raise, front);
  return out;
}

namespace ops {

ScatterPlan scatter_plan(const NDArray& a, std::span<const Index> index, const Operand& value,
                         bool cast_to_a) {
  Plan p = make_plan(a, index);
  Layout l = layout(p);
  NDArray offsets = ops::index_offsets(l.indices, p.sizes, ClipMode::Raise);
  NDArray v = std::holds_alternative<Scalar>(value)
                  ? full(Shape{}, std::get<Scalar>(value), a.dtype())
                  : std::get<NDArray>(value);
  while (v.ndim() > int(l.result.size()) && v.shape()[0] == 1)  // NumPy drops leading 1s
    v = v.index(std::vector<IndexItem>{int64_t(0)});
  Shape target = broadcast_shapes(std::vector<Shape>{v.shape(), l.result});
  if (target != l.result)
    throw ValueError("shape mismatch: value array of shape " + shape_str(v.shape()) +
                     " could not be broadcast to indexing result of shape " + shape_str(l.result));
  // Values that share memory with `a` are copied by the cast.
  NDArray cast = !cast_to_a || (v.dtype() == a.dtype() && v.storage() != a.storage())
                     ? v
                     : v.astype(a.dtype());
  return {l.rest, offsets, cast.broadcast_to(l.result).transpose(l.to_front)};
}

}  // namespace ops

void setitem(NDArray& a, std::span<const Index> index, const Operand& value) {
  if (is_basic(index)) {
    setitem(a, basic_items(index), value);
    return;
  }
  ops::ScatterPlan s = ops::scatter_plan(a, index, value);
  ops::scatter(s.rest, s.offsets, s.values);
}

void scatter_combine(NDArray& a, std::span<const Index> index, const Operand& value, ScatterOp op) {
  if (op != ScatterOp::Add && is_complex(a.dtype()))
    throw TypeError(std::string("scatter_") + (op == ScatterOp::Max ? "max" : "min") +
                    " does not support dtype " + dtype_name(a.dtype()));
  if (is_basic(index)) {  // no index repeats: the ufunc in place
    NDArray view = a.index(basic_items(index));
    const char* ufunc = op == ScatterOp::Add ? "add" : op == ScatterOp::Max ? "maximum" : "minimum";
    NDArray v = std::holds_alternative<Scalar>(value)
                    ? full(Shape{}, std::get<Scalar>(value), a.dtype())
                    : std::get<NDArray>(value).astype(a.dtype(), false);
    std::vector<Operand> args{view, v};
    std::vector<NDArray> out{view};
    call_ufunc(ufunc, args, out, a.dtype());
    return;
  }
  ops::ScatterPlan s = ops::scatter_plan(a, index, value);
  ops::scatter_combine(s.rest, s.offsets, s.values, op);
}

}  // namespace ndgpu
