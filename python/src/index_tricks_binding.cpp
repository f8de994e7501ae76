// r_ and c_: the C++ AxisConcatenator behind x[...]; here only the key's items are read
// (strings, slices, scalars, anything else as an array).
#include <nanobind/nanobind.h>

#include "convert.hpp"
#include "ndgpu/index_tricks.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

// NumPy's `type(item) in ScalarType`: Python's numbers and NumPy's scalar types.
bool is_scalar(nb::handle h) {
  PyObject* p = h.ptr();
  if (PyBool_Check(p) || PyLong_Check(p) || PyFloat_Check(p) || PyComplex_Check(p)) return true;
  static PyObject* generic =
      nb::object(numpy().attr("generic")).release().ptr();  // kept until exit
  return PyObject_IsInstance(p, generic) == 1;
}

std::optional<Scalar> bound(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_scalar(h);
}

ConcatItem to_item(nb::handle h) {
  if (PyUnicode_Check(h.ptr())) return nb::cast<std::string>(h);
  if (PySlice_Check(h.ptr())) {
    auto* s = reinterpret_cast<PySliceObject*>(h.ptr());
    return ConcatRange{bound(s->start), bound(s->stop), bound(s->step)};
  }
  if (is_scalar(h)) return to_scalar(h);
  return as_array(h);
}

}  // namespace

void bind_index_tricks(nb::module_& m) {
  nb::class_<AxisConcatenator>(m, "AxisConcatenator")
      .def(
          "__init__",
          [](AxisConcatenator* self, int64_t axis, int ndmin, int trans1d) {
            new (self) AxisConcatenator{axis, ndmin, trans1d};
          },
          nb::arg("axis") = 0, nb::arg("ndmin") = 1, nb::arg("trans1d") = -1)
      .def("__getitem__",
           [](const AxisConcatenator& c, nb::handle key) {
             std::vector<ConcatItem> items;
             if (PyTuple_Check(key.ptr()))
               for (nb::handle h : nb::borrow<nb::tuple>(key)) items.push_back(to_item(h));
             else
               items.push_back(to_item(key));
             return c(items);
           })
      .def("__len__", [](const AxisConcatenator&) { return 0; })
      .def_ro("axis", &AxisConcatenator::axis)
      .def_ro("ndmin", &AxisConcatenator::ndmin)
      .def_ro("trans1d", &AxisConcatenator::trans1d);
  m.attr("r_") = nb::cast(r_);
  m.attr("c_") = nb::cast(c_);
}

}  // namespace ndgpu::py
