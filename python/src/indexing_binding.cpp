// Indexing routines (include/ndgpu/indexing.hpp): nonzero, take, compress, ...
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::py {

void bind_indexing_routines(nb::module_& m);
void bind_flat(nb::module_& m);

ClipMode to_clip_mode(const std::string& mode) {
  if (mode == "raise") return ClipMode::Raise;
  if (mode == "wrap") return ClipMode::Wrap;
  if (mode == "clip") return ClipMode::Clip;
  throw ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + mode + "')");
}

void bind_indexing(nb::module_& m) {
  m.def("nonzero", [](nb::handle a) { return arrays_tuple(nonzero(as_array(a))); });
  m.def("flatnonzero", [](nb::handle a) { return flatnonzero(as_array(a)); });
  m.def("argwhere", [](nb::handle a) { return argwhere(as_array(a)); });
  m.def(
      "take",
      [](nb::handle a, nb::handle indices, std::optional<Int64> axis, nb::handle out,
         const std::string& mode) {
        std::optional<SyncIndexErrors> sync;  // host indices: the IndexError from the call
        if (!nb::isinstance<NDArray>(indices)) sync.emplace();
        NDArray r = take(as_array(a), as_array(indices), axis, to_clip_mode(mode));
        if (out.is_none()) return r;
        NDArray o = nb::cast<NDArray>(out);
        copy_into(o, r);
        return o;
      },
      nb::arg("a"), nb::arg("indices"), nb::arg("axis").none() = nb::none(),
      nb::arg("out").none() = nb::none(), nb::arg("mode") = "raise");
  m.def(
      "compress",
      [](nb::handle condition, nb::handle a, std::optional<Int64> axis) {
        return compress(as_array(condition), as_array(a), axis);
      },
      nb::arg("condition"), nb::arg("a"), nb::arg("axis").none() = nb::none());
  m.def("extract", [](nb::handle condition, nb::handle a) {
    return extract(as_array(condition), as_array(a));
  });
  bind_indexing_routines(m);
  bind_flat(m);
  nb::object nd = m.attr("ndarray");
  nd.attr("nonzero") =
      nb::cpp_function([](const NDArray& a) { return arrays_tuple(nonzero(a)); }, nb::is_method());
  nd.attr("compress") = nb::cpp_function(
      [](const NDArray& a, nb::handle condition, std::optional<Int64> axis) {
        return compress(as_array(condition), a, axis);
      },
      nb::is_method(), nb::arg("condition"), nb::arg("axis").none() = nb::none());
  nd.attr("take") = nb::cpp_function(
      [](const NDArray& a, nb::handle indices, std::optional<Int64> axis, const std::string& mode) {
        std::optional<SyncIndexErrors> sync;  // host indices: the IndexError from the call
        if (!nb::isinstance<NDArray>(indices)) sync.emplace();
        return take(a, as_array(indices), axis, to_clip_mode(mode));
      },
      nb::is_method(), nb::arg("indices"), nb::arg("axis").none() = nb::none(),
      nb::arg("mode") = "raise");
  // Host conversions: the values reach Python through NumPy's scalars and lists.
  nd.attr("item") = nb::cpp_function(
      [](const NDArray& a, nb::args args) -> nb::object {
        // One element of a dtype whose Python value a Scalar holds exactly: no NumPy array.
        if (args.size() == 0 && a.size() == 1 && a.dtype() != DType::UInt64) {
          Scalar s = item(a);
          if (a.dtype() == DType::Bool) return nb::bool_(s.as_int64() != 0);
          if (is_integer(a.dtype())) return nb::int_(s.as_int64());
          if (is_complex(a.dtype())) {
            std::complex<double> c = s.as_complex();
            return nb::steal(PyComplex_FromDoubles(c.real(), c.imag()));
          }
          return nb::float_(s.as_double());
        }
        return to_numpy(a).attr("item")(*args);
      },
      nb::is_method());
  nd.attr("tolist") = nb::cpp_function(
      [](const NDArray& a) { return to_numpy(a).attr("tolist")(); }, nb::is_method());
}

}  // namespace ndgpu::py
