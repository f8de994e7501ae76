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

// A product of two operands (arrays, or values converted to arrays).
template <NDArray (*F)(const NDArray&, const NDArray&)>
void def_products(nb::module_& m, const char* name) {
  m.def(name, [](nb::handle a, nb::handle b) {
    NDArray ha, hb;
    return F(array_arg(a, ha), array_arg(b, hb));
  });
}

}  // namespace

void bind_linalg_solvers(nb::module_& m);

void bind_linalg(nb::module_& m) {
  bind_linalg_solvers(m);
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
  // NumPy 2's vector gufuncs: out= and dtype= as ufuncs take them (casting and the rest not).
  m.def(
      "vecdot",
      [](nb::handle a, nb::handle b, nb::handle out, nb::handle dtype, Int64 axis) {
        NDArray ha, hb;
        return result(
            vecdot(array_arg(a, ha), array_arg(b, hb), axis, to_out(out), to_dtype_opt(dtype)),
            out);
      },
      nb::arg("x1"), nb::arg("x2"), nb::arg("out") = nb::none(), nb::kw_only(),
      nb::arg("dtype") = nb::none(), nb::arg("axis") = -1);
  for (auto [name, f] : {std::pair{"matvec", &matvec}, std::pair{"vecmat", &vecmat}})
    m.def(
        name,
        [f](nb::handle a, nb::handle b, nb::handle out, nb::handle dtype) {
          NDArray ha, hb;
          return result(f(array_arg(a, ha), array_arg(b, hb), to_out(out), to_dtype_opt(dtype)),
                        out);
        },
        nb::arg("x1"), nb::arg("x2"), nb::arg("out") = nb::none(), nb::kw_only(),
        nb::arg("dtype") = nb::none());
  def_products<vdot>(m, "vdot");
  def_products<inner>(m, "inner");
  def_products<outer>(m, "outer");
  def_products<kron>(m, "kron");
  m.def(
      "tensordot",
      [](nb::handle a, nb::handle b, nb::handle axes) {
        NDArray ha, hb;
        const NDArray &x = array_arg(a, ha), &y = array_arg(b, hb);
        if (PyLong_Check(axes.ptr())) return tensordot(x, y, to_int64(axes));
        // (a_axes, b_axes), each an int or a sequence of ints, as NumPy accepts.
        auto list = [](nb::handle h) {
          std::vector<int64_t> v;
          if (PyLong_Check(h.ptr()))
            v.push_back(to_int64(h));
          else
            for (nb::handle e : h) v.push_back(to_int64(e));
          return v;
        };
        if (nb::len(axes) != 2) throw ValueError("tensordot: axes must be an int or a pair");
        return tensordot(x, y, list(axes[0]), list(axes[1]));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("axes") = 2);
  auto trace_fn = [](nb::handle a, Int64 offset, Int64 axis1, Int64 axis2, nb::handle dtype,
                     nb::handle out) {
    NDArray ha;
    return result(trace(array_arg(a, ha), offset, axis1, axis2, to_dtype_opt(dtype), to_out(out)),
                  out);
  };
  m.def("trace", trace_fn, nb::arg("a"), nb::arg("offset") = 0, nb::arg("axis1") = 0,
        nb::arg("axis2") = 1, nb::arg("dtype") = nb::none(), nb::arg("out") = nb::none());
  cls.attr("trace") = nb::cpp_function(trace_fn, nb::is_method(), nb::arg("offset") = 0,
                                       nb::arg("axis1") = 0, nb::arg("axis2") = 1,
                                       nb::arg("dtype") = nb::none(), nb::arg("out") = nb::none());
  auto unary = [](NDArray (*f)(const NDArray&)) {
    return [f](nb::handle a) {
      NDArray ha;
      return f(array_arg(a, ha));
    };
  };
  m.def("_linalg_inv", unary(&linalg::inv));
  m.def("_linalg_det", unary(&linalg::det));
  m.def(
      "_linalg_cholesky",
      [](nb::handle a, bool upper) {
        NDArray ha;
        return linalg::cholesky(array_arg(a, ha), upper);
      },
      nb::arg("a"), nb::arg("upper") = false);
  m.def("_linalg_solve", [](nb::handle a, nb::handle b) {
    NDArray ha, hb;
    return linalg::solve(array_arg(a, ha), array_arg(b, hb));
  });
  m.def("_linalg_slogdet", [](nb::handle a) {
    NDArray ha;
    auto [sign, logdet] = linalg::slogdet(array_arg(a, ha));
    return nb::make_tuple(wrap_array(std::move(sign)), wrap_array(std::move(logdet)));
  });
  // ndgpu._find_cpu_blas locates scipy-openblas32's library (milliseconds of path search):
  // asked on the first product on the CPU backend, not at import. No Python object is kept.
  set_cpu_blas_locator([]() -> std::string {
    nb::gil_scoped_acquire gil;
    nb::object path = nb::module_::import_("ndgpu").attr("_find_cpu_blas")();
    return path.is_none() ? std::string() : nb::cast<std::string>(path);
  });
}

}  // namespace ndgpu::py
