// The polynomial routines and poly1d (include/ndgpu/polynomial.hpp). poly1d is the C++ class
// bound as it is, so that Python adds no semantics: here only Python's protocol details live
// (a poly1d argument wraps the result in a poly1d, as NumPy's "truepoly"; scalar or not;
// NotImplemented; the RankWarning). Printing goes through numpy.poly1d, as CuPy's does.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>

#include <cmath>
#include <string>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/polynomial.hpp"

namespace ndgpu::py {
namespace {

bool is_poly(nb::handle h) {
  return nb::isinstance<poly1d>(h);
}

const poly1d& as_poly1d(nb::handle h) {
  return nb::cast<const poly1d&>(h);
}

// An argument's coefficients: a poly1d's own; an ndgpu array or a scalar as itself; a list,
// a tuple or a NumPy array converted as numpy.asarray would (NumPy's routines take them).
NDArray coefficients(nb::handle h) {
  if (is_poly(h)) return as_poly1d(h).coeffs();
  if (auto op = try_operand(h)) {
    if (auto* a = std::get_if<NDArray>(&*op)) return *a;
    const Scalar& s = std::get<Scalar>(*op);
    return full(Shape{}, s, s.dtype());
  }
  return as_array(h);
}

OptArray optional_coefficients(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return coefficients(h);
}

// Python's int(h), as NumPy's routines read their orders (2.0 is 2).
int64_t int_arg(nb::handle h) {
  return to_int64(nb::int_(h));
}

// NumPy's isscalar: Python numbers and NumPy scalars (not 0-d arrays).
std::optional<Scalar> as_scalar(nb::handle h) {
  if (nb::isinstance<NDArray>(h)) return std::nullopt;
  auto op = try_operand(h);
  if (!op) return std::nullopt;
  if (auto* s = std::get_if<Scalar>(&*op)) return *s;
  return std::nullopt;
}

// Anything else becomes a poly1d first, as NumPy's operators do.
poly1d to_poly1d(nb::handle h) {
  return is_poly(h) ? as_poly1d(h) : poly1d(coefficients(h));
}

nb::object maybe_poly(NDArray&& r, bool truepoly) {
  if (truepoly) return nb::cast(poly1d(r));
  return wrap_array(std::move(r));
}

nb::object numpy_poly1d(const poly1d& p, nb::handle stream) {
  nb::object host = nb::cast(p.coeffs()).attr("get")(nb::arg("stream") = stream);
  return numpy().attr("poly1d")(host, nb::arg("variable") = p.variable());
}

void warn_rank() {
  nb::object cls = numpy().attr("exceptions").attr("RankWarning");
  if (PyErr_WarnEx(cls.ptr(), "Polyfit may be poorly conditioned", 1)) throw nb::python_error();
}

void bind_functions(nb::module_& m) {
  m.def(
      "poly",
      [](nb::handle seq_of_zeros) -> nb::object {
        NDArray r = poly(coefficients(seq_of_zeros));
        if (r.ndim() == 0) return nb::float_(1.0);  // no roots: NumPy's Python float 1.0
        return wrap_array(std::move(r));
      },
      nb::arg("seq_of_zeros"));
  m.def(
      "roots", [](nb::handle p) { return roots(coefficients(p)); }, nb::arg("p"));
  using Binary = NDArray (*)(const NDArray&, const NDArray&);
  for (auto [name, fn] : {std::pair<const char*, Binary>{"polyadd", &polyadd},
                          std::pair<const char*, Binary>{"polysub", &polysub},
                          std::pair<const char*, Binary>{"polymul", &polymul}})
    m.def(
        name,
        [fn](nb::handle a1, nb::handle a2) {
          return maybe_poly(fn(coefficients(a1), coefficients(a2)), is_poly(a1) || is_poly(a2));
        },
        nb::arg("a1"), nb::arg("a2"));
  m.def(
      "polydiv",
      [](nb::handle u, nb::handle v) {
        auto [q, r] = polydiv(coefficients(u), coefficients(v));
        const bool truepoly = is_poly(u) || is_poly(v);
        return nb::make_tuple(maybe_poly(std::move(q), truepoly),
                              maybe_poly(std::move(r), truepoly));
      },
      nb::arg("u"), nb::arg("v"));
  m.def(
      "polyder",
      [](nb::handle p, nb::handle m) {
        return maybe_poly(polyder(coefficients(p), int_arg(m)), is_poly(p));
      },
      nb::arg("p"), nb::arg("m") = 1);
  m.def(
      "polyint",
      [](nb::handle p, nb::handle m, nb::handle k) {
        return maybe_poly(polyint(coefficients(p), int_arg(m), optional_coefficients(k)),
                          is_poly(p));
      },
      nb::arg("p"), nb::arg("m") = 1, nb::arg("k") = nb::none());
  m.def(
      "polyval",
      [](nb::handle p, nb::handle x) -> nb::object {
        if (is_poly(x)) return nb::cast(polyval(coefficients(p), as_poly1d(x)));
        return wrap_array(polyval(coefficients(p), coefficients(x)));
      },
      nb::arg("p"), nb::arg("x"));
  m.def(
      "polyfit",
      [](nb::handle x, nb::handle y, nb::handle deg, std::optional<double> rcond, bool full,
         nb::handle w, nb::handle cov) -> nb::object {
        // cov: "unscaled", else any true value scales (NumPy's `elif cov:`); full skips it.
        PolyfitCov mode = PolyfitCov::None;
        if (!full && nb::isinstance<nb::str>(cov) && nb::cast<std::string>(cov) == "unscaled")
          mode = PolyfitCov::Unscaled;
        else if (!full && nb::bool_(cov))
          mode = PolyfitCov::Scaled;
        PolyfitResult r = polyfit(coefficients(x), coefficients(y), int_arg(deg), rcond,
                                  optional_coefficients(w), mode);
        if (full)
          return nb::make_tuple(r.coefficients, r.residuals, r.rank, r.singular_values, r.rcond);
        if (r.rank_deficient()) warn_rank();
        if (mode != PolyfitCov::None) return nb::make_tuple(r.coefficients, r.cov);
        return wrap_array(std::move(r.coefficients));
      },
      nb::arg("x"), nb::arg("y"), nb::arg("deg"), nb::arg("rcond") = nb::none(),
      nb::arg("full") = false, nb::arg("w") = nb::none(), nb::arg("cov") = false);
}

void bind_poly1d(nb::module_& m) {
  nb::class_<poly1d> cls(m, "poly1d",
                         "A one-dimensional polynomial, as numpy.poly1d: coefficients from the "
                         "highest power down, kept on the device as an ndgpu array.");
  cls.def(
      "__init__",
      [](poly1d* self, nb::handle c_or_r, bool r, std::optional<std::string> variable) {
        if (is_poly(c_or_r)) {
          new (self) poly1d(as_poly1d(c_or_r), variable);
          return;
        }
        if (!variable && !nb::isinstance<NDArray>(c_or_r) &&
            nb::isinstance(c_or_r, numpy().attr("poly1d")))
          variable = nb::cast<std::string>(c_or_r.attr("variable"));
        new (self) poly1d(coefficients(c_or_r), r, variable.value_or("x"));
      },
      nb::arg("c_or_r"), nb::arg("r") = false, nb::arg("variable") = nb::none());

  // coeffs can be set to itself only, which keeps `p.coeffs *= 2` legal (NumPy's rule).
  auto get_coeffs = [](const poly1d& p) { return p.coeffs(); };
  auto set_coeffs = [](poly1d& p, nb::handle value) {
    const NDArray& c = p.coeffs();
    if (!nb::isinstance<NDArray>(value)) throw nb::attribute_error("Cannot set attribute");
    const NDArray& v = nb::cast<const NDArray&>(value);
    if (v.data() != c.data() || v.shape() != c.shape() || v.strides() != c.strides() ||
        v.dtype() != c.dtype())
      throw nb::attribute_error("Cannot set attribute");
  };
  for (const char* name : {"coeffs", "c", "coef", "coefficients"})
    cls.def_prop_rw(name, get_coeffs, set_coeffs);
  cls.def_prop_ro("variable", [](const poly1d& p) { return p.variable(); });
  for (const char* name : {"order", "o"})
    cls.def_prop_ro(name, [](const poly1d& p) { return p.order(); });
  for (const char* name : {"roots", "r"})
    cls.def_prop_ro(name, [](const poly1d& p) { return p.roots(); });

  cls.def(
      "__call__",
      [](const poly1d& p, nb::handle val) -> nb::object {
        if (is_poly(val)) return nb::cast(p(as_poly1d(val)));
        return wrap_array(p(coefficients(val)));
      },
      nb::arg("val"));
  cls.def("__neg__", [](const poly1d& p) { return -p; });
  cls.def("__pos__", [](nb::handle self) { return nb::borrow(self); });
  cls.def("__add__", [](const poly1d& a, nb::handle b) { return a + to_poly1d(b); });
  cls.def("__radd__", [](const poly1d& a, nb::handle b) { return a + to_poly1d(b); });
  cls.def("__sub__", [](const poly1d& a, nb::handle b) { return a - to_poly1d(b); });
  cls.def("__rsub__", [](const poly1d& a, nb::handle b) { return to_poly1d(b) - a; });
  // A scalar multiplies the coefficients; anything else is a polynomial product.
  cls.def("__mul__", [](const poly1d& a, nb::handle b) {
    if (auto s = as_scalar(b)) return a.scaled(*s);
    return a * to_poly1d(b);
  });
  cls.def("__rmul__", [](const poly1d& a, nb::handle b) {
    if (auto s = as_scalar(b)) return a.scaled(*s);
    return to_poly1d(b) * a;
  });
  // By a scalar: a poly1d; by a polynomial: (quotient, remainder), as NumPy's.
  cls.def("__truediv__", [](const poly1d& a, nb::handle b) -> nb::object {
    if (auto s = as_scalar(b)) return nb::cast(a.divided(*s));
    return nb::cast(polydiv(a, to_poly1d(b)));
  });
  cls.def("__rtruediv__", [](const poly1d& a, nb::handle b) -> nb::object {
    if (auto s = as_scalar(b)) return nb::cast(a.divided_into(*s));
    return nb::cast(polydiv(to_poly1d(b), a));
  });
  cls.def("__pow__", [](const poly1d& p, nb::handle val) {
    auto s = as_scalar(val);
    if (!s || is_complex(s->dtype())) throw ValueError("Power to non-negative integers only.");
    const double v = s->as_double();
    if (v < 0 || v != std::floor(v)) throw ValueError("Power to non-negative integers only.");
    if (!PyIndex_Check(val.ptr()))  // NumPy's range(val): 2.0 is refused
      throw TypeError("'float' object cannot be interpreted as an integer");
    return p.pow(to_int64(val));
  });
  cls.def("__eq__", [](const poly1d& a, nb::handle b) -> nb::object {
    if (!is_poly(b)) return nb::borrow(Py_NotImplemented);
    return nb::bool_(a == as_poly1d(b));
  });
  cls.def("__ne__", [](const poly1d& a, nb::handle b) -> nb::object {
    if (!is_poly(b)) return nb::borrow(Py_NotImplemented);
    return nb::bool_(a != as_poly1d(b));
  });
  cls.def("__len__", [](const poly1d& p) { return p.order(); });
  cls.def("__getitem__", [](const poly1d& p, Int64 power) { return p[power]; });
  cls.def("__setitem__",
          [](poly1d& p, Int64 power, nb::handle value) { p.set(power, to_operand(value)); });
  cls.def("__iter__", [](const poly1d& p) { return nb::iter(nb::cast(p.coeffs())); });
  cls.def(
      "deriv", [](const poly1d& p, nb::handle m) { return p.deriv(int_arg(m)); }, nb::arg("m") = 1);
  cls.def(
      "integ",
      [](const poly1d& p, nb::handle m, nb::handle k) {
        return p.integ(int_arg(m), optional_coefficients(k));
      },
      nb::arg("m") = 1, nb::arg("k") = 0);
  // As CuPy's: no implicit copy to the host; get() makes a numpy.poly1d.
  cls.def("__array__", [](const poly1d&, nb::args, nb::kwargs) -> nb::object {
    throw TypeError(
        "Implicit conversion to a NumPy array is not allowed. Please use `.get()` to "
        "construct a NumPy array explicitly.");
  });
  cls.def("get", &numpy_poly1d, nb::arg("stream") = nb::none());
  cls.def("__repr__", [](const poly1d& p) { return nb::repr(numpy_poly1d(p, nb::none())); });
  cls.def("__str__", [](const poly1d& p) { return nb::str(numpy_poly1d(p, nb::none())); });
  cls.attr("__hash__") = nb::none();
  // NumPy's scalars and ufuncs defer to poly1d's reflected operators (2.0 * p is a poly1d).
  cls.attr("__array_ufunc__") = nb::none();
}

}  // namespace

void bind_polynomial(nb::module_& m) {
  bind_poly1d(m);
  bind_functions(m);
}

}  // namespace ndgpu::py
