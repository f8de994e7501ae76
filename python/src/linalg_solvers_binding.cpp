// numpy.linalg's decompositions and the routines built on them, as _core._linalg_* functions
// that python/ndgpu/linalg.py wraps in NumPy's result tuples.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/linalg_errors.hpp"
#include "ndgpu/reductions.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

nb::object wrap_or_none(NDArray a) {
  return a.defined() ? wrap_array(std::move(a)) : nb::none();
}

nb::tuple pair(std::pair<NDArray, NDArray> p) {
  return nb::make_tuple(wrap_or_none(std::move(p.first)), wrap_or_none(std::move(p.second)));
}

}  // namespace

void bind_linalg_solvers(nb::module_& m) {
  m.def("_linalg_qr", [](nb::handle a, const std::string& mode) {
    NDArray ha;
    return pair(linalg::qr(array_arg(a, ha), mode));
  });
  m.def("_linalg_svd", [](nb::handle a, bool full, bool uv, bool hermitian) {
    NDArray ha;
    linalg::SVDResult r = linalg::svd(array_arg(a, ha), full, uv, hermitian);
    return nb::make_tuple(wrap_or_none(std::move(r.U)), wrap_or_none(std::move(r.S)),
                          wrap_or_none(std::move(r.Vh)));
  });
  m.def("_linalg_eigh", [](nb::handle a, const std::string& uplo, bool vectors) {
    NDArray ha;
    if (!vectors) return nb::make_tuple(wrap_array(linalg::eigvalsh(array_arg(a, ha), uplo)));
    return pair(linalg::eigh(array_arg(a, ha), uplo));
  });
  m.def("_linalg_eig", [](nb::handle a, bool vectors) {
    NDArray ha;
    if (!vectors) return nb::make_tuple(wrap_array(linalg::eigvals(array_arg(a, ha))));
    return pair(linalg::eig(array_arg(a, ha)));
  });
  using OptFloat = std::optional<double>;
  m.def("_linalg_matrix_rank", [](nb::handle a, OptFloat tol, bool hermitian, OptFloat rtol) {
    NDArray ha;
    return linalg::matrix_rank(array_arg(a, ha), tol, hermitian, rtol);
  });
  m.def("_linalg_pinv", [](nb::handle a, OptFloat rcond, bool hermitian, OptFloat rtol) {
    NDArray ha;
    return linalg::pinv(array_arg(a, ha), rcond, hermitian, rtol);
  });
  m.def("_linalg_lstsq", [](nb::handle a, nb::handle b, OptFloat rcond) {
    NDArray ha, hb;
    linalg::LstsqResult r = linalg::lstsq(array_arg(a, ha), array_arg(b, hb), rcond);
    return nb::make_tuple(wrap_array(std::move(r.x)), wrap_array(std::move(r.residuals)), r.rank,
                          wrap_array(std::move(r.s)));
  });
  m.def(
      "_linalg_cond",
      [](nb::handle x, nb::handle p) {
        NDArray hx;
        return linalg::cond(array_arg(x, hx), norm_order(p));
      },
      nb::arg("x"), nb::arg("p").none());
  m.def("_linalg_matrix_power", [](nb::handle a, nb::handle n) {
    if (!PyIndex_Check(n.ptr())) throw nb::type_error("exponent must be an integer");
    NDArray ha;
    return linalg::matrix_power(array_arg(a, ha), nb::cast<int64_t>(n));
  });
  m.def("_linalg_tensorinv", [](nb::handle a, Int64 ind) {
    NDArray ha;
    return linalg::tensorinv(array_arg(a, ha), ind);
  });
  m.def(
      "_linalg_tensorsolve",
      [](nb::handle a, nb::handle b, nb::handle axes) {
        NDArray ha, hb;
        std::optional<std::vector<int64_t>> ax;
        if (!axes.is_none()) ax = to_axes(axes);
        return linalg::tensorsolve(array_arg(a, ha), array_arg(b, hb), ax);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("axes").none());
  m.def(
      "_linalg_multi_dot",
      [](nb::handle arrays, nb::handle out) {
        std::vector<NDArray> held;
        for (nb::handle h : arrays) held.push_back(as_array(h));
        return result(linalg::multi_dot(held, to_out(out)), out);
      },
      nb::arg("arrays"), nb::arg("out").none());
  m.def("_linalg_cross", [](nb::handle a, nb::handle b, Int64 axis) {
    NDArray ha, hb;
    return linalg::cross(array_arg(a, ha), array_arg(b, hb), axis);
  });
  m.def("_linalg_vecdot", [](nb::handle a, nb::handle b, Int64 axis) {
    NDArray ha, hb;
    return linalg::vecdot(array_arg(a, ha), array_arg(b, hb), axis);
  });
  m.def("_linalg_outer", [](nb::handle a, nb::handle b) {
    NDArray ha, hb;
    return linalg::outer(array_arg(a, ha), array_arg(b, hb));
  });
  m.def(
      "_linalg_vector_norm",
      [](nb::handle x, nb::handle axis, bool keepdims, double ord) {
        NDArray hx;
        Axes ax;
        if (!axis.is_none()) ax = to_axes(axis);
        return linalg::vector_norm(array_arg(x, hx), ax, keepdims, ord);
      },
      nb::arg("x"), nb::arg("axis").none(), nb::arg("keepdims"), nb::arg("ord"));
  m.def("_linalg_matrix_norm", [](nb::handle x, bool keepdims, nb::handle ord) {
    NDArray hx;
    return linalg::matrix_norm(array_arg(x, hx), keepdims, norm_order(ord));
  });
  m.def("_linalg_matrix_transpose", [](nb::handle x) {
    NDArray hx;
    return linalg::matrix_transpose(array_arg(x, hx));
  });
  m.def("_linalg_diagonal", [](nb::handle x, Int64 offset) {
    NDArray hx;
    return linalg::diagonal(array_arg(x, hx), offset);
  });
  m.def(
      "_linalg_trace",
      [](nb::handle x, Int64 offset, nb::handle dtype) {
        NDArray hx;
        return linalg::trace(array_arg(x, hx), offset, to_dtype_opt(dtype));
      },
      nb::arg("x"), nb::arg("offset"), nb::arg("dtype").none());
  // optimize, casting and order are accepted and ignored: the contraction order is always
  // chosen, and operands are cast as the result's dtype needs.
  m.def(
      "einsum",
      [](const std::string& subscripts, nb::args operands, nb::handle out, nb::handle dtype,
         nb::handle, nb::handle, nb::handle) {
        std::vector<NDArray> held;
        for (nb::handle h : operands) held.push_back(as_array(h));
        return result(einsum(subscripts, held, to_dtype_opt(dtype), to_out(out)), out);
      },
      nb::arg("subscripts"), nb::arg("operands"), nb::kw_only(), nb::arg("out").none() = nb::none(),
      nb::arg("dtype").none() = nb::none(), nb::arg("optimize").none() = false,
      nb::arg("casting").none() = "safe", nb::arg("order").none() = "K");
  // cupyx.seterr/geterr(linalg=...): this thread's mode, as 'raise' or 'ignore'.
  m.def("_linalg_error_mode",
        [] { return linalg::error_mode() == linalg::ErrorMode::Raise ? "raise" : "ignore"; });
  m.def("_set_linalg_error_mode", [](const std::string& mode) {
    if (mode != "raise" && mode != "ignore")
      throw ndgpu::ValueError("linalg must be 'ignore' or 'raise', not '" + mode + "'");
    linalg::set_error_mode(mode == "raise" ? linalg::ErrorMode::Raise : linalg::ErrorMode::Ignore);
  });
}

}  // namespace ndgpu::py
