// Matrix products: cp.matmul, cp.dot, the @ operators and ndarray.dot.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

nb::object call_matmul(nb::handle a, nb::handle b, nb::handle out, nb::handle dtype) {
  NDArray ha, hb;
  return result(matmul(array_arg(a, ha), array_arg(b, hb), to_out(out), to_dtype_opt(dtype)), out);
}

// An operator's other operand: NotImplemented (as Python wants) for types we do not know.
bool known_operand(nb::handle h) {
  return nb::isinstance<NDArray>(h) || try_operand(h).has_value();
}

}  // namespace

void bind_linalg(nb::module_& m) {
  m.def("matmul", &call_matmul, nb::arg("a"), nb::arg("b"), nb::arg("out") = nb::none(),
        nb::arg("dtype") = nb::none());
  m.def(
      "dot",
      [](nb::handle a, nb::handle b, nb::handle out) {
        NDArray ha, hb;
        return result(dot(array_arg(a, ha), array_arg(b, hb), to_out(out)), out);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("out") = nb::none());

  auto cls = nb::type<NDArray>();
  cls.attr("__matmul__") = nb::cpp_function(
      [](nb::handle self, nb::handle other) -> nb::object {
        if (!known_operand(other)) return nb::borrow(Py_NotImplemented);
        return call_matmul(self, other, nb::none(), nb::none());
      },
      nb::is_method());
  cls.attr("__rmatmul__") = nb::cpp_function(
      [](nb::handle self, nb::handle other) -> nb::object {
        if (!known_operand(other)) return nb::borrow(Py_NotImplemented);
        return call_matmul(other, self, nb::none(), nb::none());
      },
      nb::is_method());
  // a @= b writes into a, which must keep its shape (NumPy 2's rule).
  cls.attr("__imatmul__") = nb::cpp_function(
      [](nb::handle self, nb::handle other) -> nb::object {
        if (!known_operand(other)) return nb::borrow(Py_NotImplemented);
        return call_matmul(self, other, self, nb::none());
      },
      nb::is_method());
  cls.attr("dot") = nb::cpp_function(
      [](nb::handle self, nb::handle b, nb::handle out) {
        NDArray hb;
        return result(dot(nb::cast<const NDArray&>(self), array_arg(b, hb), to_out(out)), out);
      },
      nb::is_method(), nb::arg("b"), nb::arg("out") = nb::none());
  m.def("_set_cpu_blas_path", [](const std::string& p) { set_cpu_blas_path(p); });
}

}  // namespace ndgpu::py
