// Array manipulation (include/ndgpu/manipulation.hpp): reshape, concatenate, flip, ...
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"

namespace ndgpu::py {
namespace {

std::vector<NDArray> as_arrays(nb::handle seq) {
  std::vector<NDArray> v;
  for (nb::handle h : seq) v.push_back(as_array(h));
  return v;
}

std::optional<AxisList> to_axes_opt(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_axes(h);
}

// A single array, or a tuple of them, as NumPy's atleast_* return.
nb::object one_or_tuple(nb::args args, NDArray (*f)(const NDArray&)) {
  std::vector<NDArray> v;
  for (nb::handle h : args) v.push_back(f(as_array(h)));
  if (v.size() == 1) return nb::cast(v[0]);
  return arrays_tuple(v);
}

std::vector<NDArray> split_any(nb::handle a, nb::handle ind, int64_t axis, bool equal) {
  NDArray arr = as_array(a);
  if (PyLong_Check(ind.ptr()) || PyIndex_Check(ind.ptr()))
    return equal ? split(arr, to_int64(ind), axis) : array_split(arr, to_int64(ind), axis);
  return split(arr, to_axes(ind), axis);
}

NDArray repeat_any(const NDArray& a, nb::handle repeats, std::optional<int64_t> axis) {
  const bool device_array = nb::isinstance<NDArray>(repeats);
  // A device array has __index__ too: only its 0-d form is one count.
  if (PyLong_Check(repeats.ptr()) ||
      (PyIndex_Check(repeats.ptr()) && (!device_array || nb::cast<NDArray>(repeats).ndim() == 0)))
    return repeat(a, to_int64(repeats), axis);
  nb::object host = device_array ? to_numpy(nb::cast<NDArray>(repeats))
                                 : numpy().attr("asarray")(repeats, nb::arg("dtype") = "int64");
  return repeat(a, to_axes(host.attr("ravel")()), axis);
}

}  // namespace

void bind_manipulation(nb::module_& m) {
  m.def(
      "transpose",
      [](nb::handle a, nb::handle axes) {
        NDArray x = as_array(a);
        return axes.is_none() ? transpose(x) : transpose(x, to_axes(axes));
      },
      nb::arg("a"), nb::arg("axes").none() = nb::none());
  m.def(
      "copy", [](nb::handle a, nb::handle order) { return copy(as_array(a), to_order(order)); },
      nb::arg("a"), nb::arg("order").none() = "K");
  m.def(
      "ascontiguousarray",
      [](nb::handle a, nb::handle dtype) {
        return ascontiguousarray(as_array(a), to_dtype_opt(dtype));
      },
      nb::arg("a"), nb::arg("dtype").none() = nb::none());
  m.def("broadcast_to",
        [](nb::handle a, nb::handle shape) { return broadcast_to(as_array(a), to_shape(shape)); });
  m.def("broadcast_arrays",
        [](nb::args args) { return arrays_tuple(broadcast_arrays(as_arrays(args))); });
  m.def(
      "squeeze",
      [](nb::handle a, nb::handle axis) { return squeeze(as_array(a), to_axes_opt(axis)); },
      nb::arg("a"), nb::arg("axis").none() = nb::none());
  m.def(
      "_as_strided",  // ndgpu.lib.stride_tricks
      [](const NDArray& x, nb::handle shape, nb::handle strides) {
        std::optional<Shape> sh;
        std::optional<Strides> st;
        if (!shape.is_none()) sh = to_shape(shape);
        if (!strides.is_none()) {
          std::vector<int64_t> v = to_axes(strides);  // any ints, negative ones too
          st = Strides(v.begin(), v.end());
        }
        return as_strided(x, sh, st);
      },
      nb::arg("x"), nb::arg("shape").none() = nb::none(), nb::arg("strides").none() = nb::none());
  m.def(
      "_sliding_window_view",
      [](const NDArray& x, nb::handle window_shape, nb::handle axis) {
        return sliding_window_view(x, to_shape(window_shape), to_axes_opt(axis));
      },
      nb::arg("x"), nb::arg("window_shape"), nb::arg("axis").none() = nb::none());
  m.def("expand_dims",
        [](nb::handle a, nb::handle axis) { return expand_dims(as_array(a), to_axes(axis)); });
  m.def("swapaxes", [](nb::handle a, Int64 a1, Int64 a2) { return swapaxes(as_array(a), a1, a2); });
  m.def("moveaxis", [](nb::handle a, nb::handle source, nb::handle destination) {
    return moveaxis(as_array(a), to_axes(source), to_axes(destination));
  });
  m.def(
      "flip", [](nb::handle a, nb::handle axis) { return flip(as_array(a), to_axes_opt(axis)); },
      nb::arg("m"), nb::arg("axis").none() = nb::none());
  m.def("fliplr", [](nb::handle a) { return fliplr(as_array(a)); });
  m.def("flipud", [](nb::handle a) { return flipud(as_array(a)); });
  m.def("atleast_1d", [](nb::args args) { return one_or_tuple(args, atleast_1d); });
  m.def("atleast_2d", [](nb::args args) { return one_or_tuple(args, atleast_2d); });
  m.def(
      "concatenate",
      [](nb::handle arrays, nb::handle axis, std::optional<NDArray> out, nb::handle dtype,
         nb::handle casting) {
        std::optional<int64_t> ax;
        if (!axis.is_none()) ax = to_int64(axis);
        return concatenate(as_arrays(arrays), ax, to_dtype_opt(dtype), out,
                           to_casting(casting, Casting::SameKind));
      },
      nb::arg("arrays"), nb::arg("axis").none() = 0, nb::arg("out").none() = nb::none(),
      nb::kw_only(), nb::arg("dtype").none() = nb::none(), nb::arg("casting").none() = "same_kind");
  m.def(
      "stack",
      [](nb::handle arrays, Int64 axis, std::optional<NDArray> out, nb::handle dtype,
         nb::handle casting) {
        return stack(as_arrays(arrays), axis, to_dtype_opt(dtype), out,
                     to_casting(casting, Casting::SameKind));
      },
      nb::arg("arrays"), nb::arg("axis") = 0, nb::arg("out").none() = nb::none(), nb::kw_only(),
      nb::arg("dtype").none() = nb::none(), nb::arg("casting").none() = "same_kind");
  m.def("hstack", [](nb::handle tup) { return hstack(as_arrays(tup)); });
  m.def("vstack", [](nb::handle tup) { return vstack(as_arrays(tup)); });
  m.def("column_stack", [](nb::handle tup) { return column_stack(as_arrays(tup)); });
  m.def(
      "split",
      [](nb::handle a, nb::handle ind, Int64 axis) { return split_any(a, ind, axis, true); },
      nb::arg("ary"), nb::arg("indices_or_sections"), nb::arg("axis") = 0);
  m.def(
      "array_split",
      [](nb::handle a, nb::handle ind, Int64 axis) { return split_any(a, ind, axis, false); },
      nb::arg("ary"), nb::arg("indices_or_sections"), nb::arg("axis") = 0);
  m.def(
      "repeat",
      [](nb::handle a, nb::handle repeats, std::optional<Int64> axis) {
        return repeat_any(as_array(a), repeats, axis);
      },
      nb::arg("a"), nb::arg("repeats"), nb::arg("axis").none() = nb::none());
  m.def("tile", [](nb::handle a, nb::handle reps) { return tile(as_array(a), to_axes(reps)); });
  nb::object nd = m.attr("ndarray");
  nd.attr("squeeze") = nb::cpp_function(
      [](const NDArray& a, nb::handle axis) { return squeeze(a, to_axes_opt(axis)); },
      nb::is_method(), nb::arg("axis").none() = nb::none());
  nd.attr("swapaxes") = nb::cpp_function(
      [](const NDArray& a, Int64 a1, Int64 a2) { return swapaxes(a, a1, a2); }, nb::is_method());
  nd.attr("repeat") =
      nb::cpp_function([](const NDArray& a, nb::handle repeats,
                          std::optional<Int64> axis) { return repeat_any(a, repeats, axis); },
                       nb::is_method(), nb::arg("repeats"), nb::arg("axis").none() = nb::none());
}

}  // namespace ndgpu::py
