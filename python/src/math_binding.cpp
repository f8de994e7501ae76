// The math and logic routines (include/ndgpu/math_routines.hpp), ndim/shape/size, and the
// ndarray members they bring: real/imag (assignable), round, conj.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <utility>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::py {
namespace {

NDArray arr(nb::handle h) {
  NDArray holder;
  return array_arg(h, holder);
}

OptArray opt_arr(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return arr(h);
}

std::optional<Scalar> opt_scalar(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_scalar(h);
}

std::optional<double> opt_double(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<double>(nb::float_(h));
}

std::optional<int64_t> opt_int(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_int64(h);
}

// Anything with a dtype (an array of either library, a NumPy scalar) is judged by it alone.
std::optional<DType> dtype_of(nb::handle h) {
  if (nb::isinstance<NDArray>(h)) return nb::cast<const NDArray&>(h).dtype();
  if (nb::hasattr(h, "dtype") && !PyType_Check(h.ptr())) return to_dtype(h.attr("dtype"));
  return std::nullopt;
}

void bind_members() {
  nb::handle cls = nb::type<NDArray>();
  nb::object property = nb::module_::import_("builtins").attr("property");
  auto part = [&](const char* name, NDArray (*get)(const NDArray&),
                  void (*set)(NDArray&, const Operand&)) {
    nb::setattr(
        cls, name,
        property(nb::cpp_function([get](const NDArray& a) { return get(a); }),
                 nb::cpp_function([set](NDArray& a, nb::handle v) { set(a, to_operand(v)); })));
  };
  part("real", &real, &set_real);
  part("imag", &imag, &set_imag);
  auto round_method = [](const NDArray& a, Int64 decimals, nb::handle out) {
    return result(around(a, decimals, to_out(out)), out);
  };
  nb::setattr(cls, "round",
              nb::cpp_function(round_method, nb::is_method(), nb::name("round"),
                               nb::arg("decimals") = 0, nb::arg("out") = nb::none()));
  for (const char* name : {"conj", "conjugate"})
    nb::setattr(cls, name,
                nb::cpp_function(
                    [](const NDArray& a) {
                      std::vector<Operand> args{a};
                      return call_ufunc("conjugate", args)[0];
                    },
                    nb::is_method(), nb::name(name)));
}

void bind_rounding(nb::module_& m) {
  for (const char* name : {"around", "round"})
    m.def(
        name,
        [](nb::handle a, Int64 decimals, nb::handle out) {
          return result(around(arr(a), decimals, to_out(out)), out);
        },
        nb::arg("a"), nb::arg("decimals") = 0, nb::arg("out") = nb::none());
  m.def(
      "fix", [](nb::handle x, nb::handle out) { return result(fix(arr(x), to_out(out)), out); },
      nb::arg("x"), nb::arg("out") = nb::none());
  m.def(
      "real", [](nb::handle a) { return real(arr(a)); }, nb::arg("val"));
  m.def(
      "imag", [](nb::handle a) { return imag(arr(a)); }, nb::arg("val"));
  m.def(
      "angle", [](nb::handle z, bool deg) { return angle(arr(z), deg); }, nb::arg("z"),
      nb::arg("deg") = false);
  m.def(
      "real_if_close", [](nb::handle a, double tol) { return real_if_close(arr(a), tol); },
      nb::arg("a"), nb::arg("tol") = 100);
  m.def(
      "nan_to_num",
      [](nb::handle x, bool copy, double nan, nb::handle posinf, nb::handle neginf) {
        return nan_to_num(arr(x), copy, nan, opt_double(posinf), opt_double(neginf));
      },
      nb::arg("x"), nb::arg("copy") = true, nb::arg("nan") = 0.0, nb::arg("posinf") = nb::none(),
      nb::arg("neginf") = nb::none());
  m.def(
      "sinc", [](nb::handle x) { return sinc(arr(x)); }, nb::arg("x"));
  m.def(
      "i0", [](nb::handle x) { return i0(arr(x)); }, nb::arg("x"));
  m.def("bartlett", &bartlett, nb::arg("M"));
  m.def("blackman", &blackman, nb::arg("M"));
  m.def("hamming", &hamming, nb::arg("M"));
  m.def("hanning", &hanning, nb::arg("M"));
  m.def("kaiser", &kaiser, nb::arg("M"), nb::arg("beta"));
}

void bind_logic(nb::module_& m) {
  m.def(
      "isclose",
      [](nb::handle a, nb::handle b, double rtol, double atol, bool equal_nan) {
        return isclose(to_operand(a), to_operand(b), rtol, atol, equal_nan);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("rtol") = 1e-05, nb::arg("atol") = 1e-08,
      nb::arg("equal_nan") = false);
  m.def(
      "allclose",
      [](nb::handle a, nb::handle b, double rtol, double atol, bool equal_nan) {
        return allclose(to_operand(a), to_operand(b), rtol, atol, equal_nan);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("rtol") = 1e-05, nb::arg("atol") = 1e-08,
      nb::arg("equal_nan") = false);
  m.def(
      "array_equal",
      [](nb::handle a1, nb::handle a2, bool equal_nan) {
        return array_equal(arr(a1), arr(a2), equal_nan);
      },
      nb::arg("a1"), nb::arg("a2"), nb::arg("equal_nan") = false);
  m.def(
      "array_equiv", [](nb::handle a1, nb::handle a2) { return array_equiv(arr(a1), arr(a2)); },
      nb::arg("a1"), nb::arg("a2"));
  m.def(
      "isposinf",
      [](nb::handle x, nb::handle out) { return result(isposinf(arr(x), to_out(out)), out); },
      nb::arg("x"), nb::arg("out") = nb::none());
  m.def(
      "isneginf",
      [](nb::handle x, nb::handle out) { return result(isneginf(arr(x), to_out(out)), out); },
      nb::arg("x"), nb::arg("out") = nb::none());
  m.def(
      "isreal", [](nb::handle x) { return isreal(arr(x)); }, nb::arg("x"));
  m.def(
      "iscomplex", [](nb::handle x) { return iscomplex(arr(x)); }, nb::arg("x"));
  m.def(
      "iscomplexobj",
      [](nb::handle x) {
        auto t = dtype_of(x);
        return t ? is_complex(*t) : nb::cast<bool>(numpy().attr("iscomplexobj")(x));
      },
      nb::arg("x"));
  m.def(
      "isrealobj",
      [](nb::handle x) {
        auto t = dtype_of(x);
        return t ? !is_complex(*t) : nb::cast<bool>(numpy().attr("isrealobj")(x));
      },
      nb::arg("x"));
  // ndim, shape and size read an ndgpu array's own; other objects are NumPy's to answer.
  m.def(
      "ndim",
      [](nb::handle a) -> nb::object {
        if (nb::isinstance<NDArray>(a)) return nb::int_(nb::cast<const NDArray&>(a).ndim());
        return numpy().attr("ndim")(a);
      },
      nb::arg("a"));
  m.def(
      "shape",
      [](nb::handle a) -> nb::object {
        if (nb::isinstance<NDArray>(a)) return to_tuple(nb::cast<const NDArray&>(a).shape());
        return numpy().attr("shape")(a);
      },
      nb::arg("a"));
  m.def(
      "size",
      [](nb::handle a, nb::handle axis) -> nb::object {
        if (!nb::isinstance<NDArray>(a)) return numpy().attr("size")(a, axis);
        const NDArray& x = nb::cast<const NDArray&>(a);
        if (axis.is_none()) return nb::int_(x.size());
        return nb::int_(
            x.shape()[size_t(normalize_axis(nb::cast<int64_t>(nb::int_(axis)), x.ndim()))]);
      },
      nb::arg("a"), nb::arg("axis") = nb::none());
}

void bind_calculus(nb::module_& m) {
  using Cumulative = NDArray (*)(const NDArray&, std::optional<int64_t>, std::optional<DType>,
                                 const OptArray&, bool);
  for (auto [name, fn] : {std::pair<const char*, Cumulative>{"cumulative_sum", &cumulative_sum},
                          std::pair<const char*, Cumulative>{"cumulative_prod", &cumulative_prod}})
    m.def(
        name,
        [fn](nb::handle x, nb::handle axis, nb::handle dtype, nb::handle out,
             bool include_initial) {
          return result(
              fn(arr(x), opt_int(axis), to_dtype_opt(dtype), to_out(out), include_initial), out);
        },
        nb::arg("x"), nb::kw_only(), nb::arg("axis") = nb::none(), nb::arg("dtype") = nb::none(),
        nb::arg("out") = nb::none(), nb::arg("include_initial") = false);
  m.def(
      "ediff1d",
      [](nb::handle ary, nb::handle to_end, nb::handle to_begin) {
        return ediff1d(arr(ary), opt_arr(to_end), opt_arr(to_begin));
      },
      nb::arg("ary"), nb::arg("to_end") = nb::none(), nb::arg("to_begin") = nb::none());
  m.def(
      "trapezoid",
      [](nb::handle y, nb::handle x, double dx, Int64 axis) {
        return trapezoid(arr(y), opt_arr(x), dx, axis);
      },
      nb::arg("y"), nb::arg("x") = nb::none(), nb::arg("dx") = 1.0, nb::arg("axis") = -1);
  m.def(
      "cross",
      [](nb::handle a, nb::handle b, Int64 axisa, Int64 axisb, Int64 axisc, nb::handle axis) {
        return cross(arr(a), arr(b), axisa, axisb, axisc, opt_int(axis));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("axisa") = -1, nb::arg("axisb") = -1,
      nb::arg("axisc") = -1, nb::arg("axis") = nb::none());
  m.def(
      "interp",
      [](nb::handle x, nb::handle xp, nb::handle fp, nb::handle left, nb::handle right,
         nb::handle period) {
        return interp(arr(x), arr(xp), arr(fp), opt_scalar(left), opt_scalar(right),
                      opt_double(period));
      },
      nb::arg("x"), nb::arg("xp"), nb::arg("fp"), nb::arg("left") = nb::none(),
      nb::arg("right") = nb::none(), nb::arg("period") = nb::none());
  m.def(
      "gradient",
      [](nb::handle f, nb::args varargs, nb::handle axis, int edge_order) -> nb::object {
        std::vector<GradientSpacing> spacing;
        for (nb::handle v : varargs) {
          GradientSpacing g;
          if (nb::isinstance<NDArray>(v) || PySequence_Check(v.ptr()))
            g.coordinates = arr(v);
          else
            g.distance = nb::cast<double>(nb::float_(v));
          spacing.push_back(std::move(g));
        }
        std::optional<std::vector<int64_t>> axes;
        if (!axis.is_none()) {
          if (PyLong_Check(axis.ptr()))
            axes = std::vector<int64_t>{nb::cast<int64_t>(axis)};
          else
            axes = nb::cast<std::vector<int64_t>>(axis);
        }
        auto r = gradient(arr(f), spacing, axes, edge_order);
        if (r.size() == 1) return wrap_array(std::move(r[0]));
        return arrays_tuple(r);
      },
      nb::arg("f"), nb::arg("varargs"), nb::kw_only(), nb::arg("axis") = nb::none(),
      nb::arg("edge_order") = 1);
  m.def(
      "unwrap",
      [](nb::handle p, nb::handle discont, Int64 axis, nb::handle period) {
        return unwrap(arr(p), opt_double(discont), axis, to_scalar(period));
      },
      nb::arg("p"), nb::arg("discont") = nb::none(), nb::arg("axis") = -1,
      nb::arg("period") = 6.283185307179586);
  m.def(
      "convolve",
      [](nb::handle a, nb::handle v, const std::string& mode) {
        return convolve(arr(a), arr(v), mode);
      },
      nb::arg("a"), nb::arg("v"), nb::arg("mode") = "full");
}

}  // namespace

void bind_math(nb::module_& m) {
  bind_members();
  bind_rounding(m);
  bind_logic(m);
  bind_calculus(m);
}

}  // namespace ndgpu::py
