// Creation routines of include/ndgpu/creation.hpp: linspace(retstep=), logspace, geomspace,
// meshgrid, mgrid/ogrid, vander and the from* readers.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/creation.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"

namespace ndgpu::py {
namespace {

// mgrid and ogrid: objects indexed by slices (a complex step is a number of points).
struct GridMaker {
  bool sparse;
};

GridRange to_range(nb::handle s) {
  if (!PySlice_Check(s.ptr())) throw TypeError("mgrid and ogrid are indexed by slices");
  GridRange r;
  nb::object start = s.attr("start"), stop = s.attr("stop"), step = s.attr("step");
  if (!start.is_none()) r.start = to_scalar(start);
  r.stop = to_scalar(stop);
  if (!step.is_none()) {
    r.step = to_scalar(step);
    r.count = PyComplex_Check(step.ptr()) || is_complex(r.step.dtype());
  }
  return r;
}

nb::object grid_item(const GridMaker& g, nb::handle key) {
  if (!PyTuple_Check(key.ptr())) return nb::cast(grid_range(to_range(key)));
  std::vector<GridRange> ranges;
  for (nb::handle s : key) ranges.push_back(to_range(s));
  if (g.sparse) return arrays_tuple(ogrid(ranges));
  return nb::cast(mgrid(ranges));
}

bool is_list_or_tuple(nb::handle h) {
  return PyList_Check(h.ptr()) || PyTuple_Check(h.ptr());
}

// NumPy's limit on dimensions, which also stops a list that holds itself.
constexpr int kMaxNesting = 64;

void check_nesting(int depth) {
  if (depth > kMaxNesting)
    throw ValueError(
        "setting an array element with a sequence. The requested array would "
        "exceed the maximum number of dimension of 64.");
}

// Walks every item, by type compares: a list of a million floats takes ~6 ms (NumPy ~30 ms to
// convert it). Past 64 levels it stops (NumPy then raises on the conversion).
bool holds_device_array(PyObject* h, int depth = 0) {
  static PyTypeObject* ndarray_type = (PyTypeObject*)nb::type<NDArray>().ptr();
  if (Py_TYPE(h) == ndarray_type) return true;
  if (depth > kMaxNesting) return false;
  PyObject** items;
  Py_ssize_t n;
  if (PyList_Check(h))
    items = PySequence_Fast_ITEMS(h), n = PyList_GET_SIZE(h);
  else if (PyTuple_Check(h))
    items = PySequence_Fast_ITEMS(h), n = PyTuple_GET_SIZE(h);
  else
    return false;
  for (Py_ssize_t i = 0; i < n; ++i)
    if (!PyFloat_CheckExact(items[i]) && !PyLong_CheckExact(items[i]) &&
        holds_device_array(items[i], depth + 1))
      return true;
  return false;
}

// The dtype np.array gives the nested items: Python scalars count as int64, float64,
// complex128 or bool, not as weak scalars.
DType nested_dtype(nb::handle h, int depth = 0) {
  if (nb::isinstance<NDArray>(h)) return nb::cast<const NDArray&>(h).dtype();
  if (!is_list_or_tuple(h)) return as_array(h).dtype();
  check_nesting(depth);
  std::optional<DType> t;
  for (nb::handle e : h) {
    const DType et = nested_dtype(e, depth + 1);
    t = t ? promote_types(*t, et) : et;
  }
  return t.value_or(DType::Float64);
}

NDArray stack_nested(nb::handle h, DType dtype, int depth) {
  if (!is_list_or_tuple(h)) {
    NDArray leaf = nb::isinstance<NDArray>(h) ? nb::cast<NDArray>(h) : as_array(h);
    return leaf.astype(dtype, false);
  }
  check_nesting(depth);
  std::vector<NDArray> items;
  for (nb::handle e : h) items.push_back(stack_nested(e, dtype, depth + 1));
  if (items.empty()) return NDArray::empty(Shape{0}, dtype);
  for (const NDArray& a : items)
    if (a.shape() != items[0].shape())
      throw ValueError(
          "setting an array element with a sequence. The requested array has an "
          "inhomogeneous shape after " +
          std::to_string(depth + 1) + " dimensions.");
  return stack(items);
}

}  // namespace

void bind_creation(nb::module_& m) {
  // cp.array([x, y, 2.0]) with ndgpu arrays among the items: stacked on the device (NumPy
  // would need them on the host); None when the sequence holds no ndgpu array.
  m.def(
      "_from_nested_sequence",
      [](nb::handle seq, nb::handle dtype) -> nb::object {
        if (!holds_device_array(seq.ptr())) return nb::none();
        DType t = dtype.is_none() ? nested_dtype(seq) : to_dtype(dtype);
        return nb::cast(stack_nested(seq, t, 0));
      },
      nb::arg("seq"), nb::arg("dtype").none());
  m.def(
      "linspace",
      [](nb::handle start, nb::handle stop, DimInt num, bool endpoint, bool retstep,
         nb::handle dtype, Int64 axis, nb::handle device) -> nb::object {
        OnDevice on(device);
        if (axis != 0 && axis != -1)
          throw NotImplementedError("linspace of scalars only has axis 0");
        Scalar step;
        NDArray r =
            linspace(to_scalar(start), to_scalar(stop), num, endpoint, to_dtype_opt(dtype), &step);
        if (!retstep) return nb::cast(r);
        std::complex<double> v = step.as_complex();
        nb::object s = is_complex(step.dtype())
                           ? nb::steal(PyComplex_FromDoubles(v.real(), v.imag()))
                           : nb::object(nb::float_(v.real()));
        return nb::make_tuple(r, s);
      },
      nb::arg("start"), nb::arg("stop"), nb::arg("num") = 50, nb::arg("endpoint") = true,
      nb::arg("retstep") = false, nb::arg("dtype").none() = nb::none(), nb::arg("axis") = 0,
      nb::kw_only(), nb::arg("device").none() = nb::none());
  m.def(
      "logspace",
      [](nb::handle start, nb::handle stop, DimInt num, bool endpoint, nb::handle base,
         nb::handle dtype) {
        return logspace(to_scalar(start), to_scalar(stop), num, endpoint, to_scalar(base),
                        to_dtype_opt(dtype));
      },
      nb::arg("start"), nb::arg("stop"), nb::arg("num") = 50, nb::arg("endpoint") = true,
      nb::arg("base") = 10.0, nb::arg("dtype").none() = nb::none());
  m.def(
      "geomspace",
      [](nb::handle start, nb::handle stop, DimInt num, bool endpoint, nb::handle dtype) {
        return geomspace(to_scalar(start), to_scalar(stop), num, endpoint, to_dtype_opt(dtype));
      },
      nb::arg("start"), nb::arg("stop"), nb::arg("num") = 50, nb::arg("endpoint") = true,
      nb::arg("dtype").none() = nb::none());
  m.def(
      "meshgrid",
      [](nb::args xi, bool copy, bool sparse, const std::string& indexing) {
        if (indexing != "xy" && indexing != "ij")
          throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
        std::vector<NDArray> in;
        for (nb::handle h : xi) in.push_back(as_array(h));
        return arrays_tuple(meshgrid(in, indexing == "xy", sparse, copy));
      },
      nb::arg("xi"), nb::kw_only(), nb::arg("copy") = true, nb::arg("sparse") = false,
      nb::arg("indexing") = "xy");
  nb::class_<GridMaker>(m, "nd_grid")
      .def(nb::init<bool>(), nb::arg("sparse") = false)
      .def("__getitem__", &grid_item);
  m.attr("mgrid") = GridMaker{false};
  m.attr("ogrid") = GridMaker{true};
  m.def(
      "vander",
      [](nb::handle x, std::optional<DimInt> n, bool increasing) {
        return vander(as_array(x), n, increasing);
      },
      nb::arg("x"), nb::arg("N").none() = nb::none(), nb::arg("increasing") = false);
  m.def(
      "fromfunction",
      [](nb::callable fn, nb::handle shape, nb::handle dtype, nb::kwargs kw) {
        nb::object result;
        fromfunction(
            [&](std::span<const NDArray> coords) {
              nb::list args;
              for (const auto& c : coords) args.append(nb::cast(c));
              result = fn(*nb::tuple(args), **kw);
              return NDArray{};
            },
            to_shape(shape), to_dtype_opt(dtype).value_or(DType::Float64));
        return result;
      },
      nb::arg("function"), nb::arg("shape"), nb::kw_only(), nb::arg("dtype") = nb::none(),
      nb::arg("kwargs"));
  m.def(
      "frombuffer",
      [](nb::handle buffer, nb::handle dtype, Int64 count, Int64 offset) {
        Py_buffer view;
        if (PyObject_GetBuffer(buffer.ptr(), &view, PyBUF_SIMPLE) != 0) throw nb::python_error();
        try {
          NDArray r = frombuffer(view.buf, view.len, to_dtype_opt(dtype).value_or(DType::Float64),
                                 count, offset);
          PyBuffer_Release(&view);
          return r;
        } catch (...) {
          PyBuffer_Release(&view);
          throw;
        }
      },
      nb::arg("buffer"), nb::arg("dtype") = nb::none(), nb::arg("count") = -1,
      nb::arg("offset") = 0);
  m.def(
      "fromstring",
      [](nb::handle text, nb::handle dtype, Int64 count, const std::string& sep) {
        std::string s = PyBytes_Check(text.ptr()) ? std::string(nb::cast<nb::bytes>(text).c_str())
                                                  : nb::cast<std::string>(text);
        return fromstring(s, to_dtype_opt(dtype).value_or(DType::Float64), count, sep);
      },
      nb::arg("string"), nb::arg("dtype") = nb::none(), nb::arg("count") = -1, nb::kw_only(),
      nb::arg("sep") = "");
  m.def(
      "fromiter",
      [](nb::handle iterable, nb::handle dtype, Int64 count) {
        std::vector<Scalar> values;
        for (nb::handle h : iterable) {
          if (count >= 0 && int64_t(values.size()) >= count) break;
          values.push_back(to_scalar(h));
        }
        return fromiter(values, to_dtype(dtype), count);
      },
      nb::arg("iter"), nb::arg("dtype"), nb::arg("count") = -1);
}

}  // namespace ndgpu::py
