// Statistics (include/ndgpu/statistics.hpp): cov, corrcoef, correlate, histogramdd and
// histogram2d; arguments are only converted here.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/statistics.hpp"

namespace ndgpu::py {
namespace {

std::optional<NDArray> opt_array(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return as_array(h);
}

bool has_len(nb::handle h) {
  return nb::isinstance<NDArray>(h) || nb::hasattr(h, "__len__");
}

BinSpec bin_spec(nb::handle h) {
  if (!has_len(h)) return {.count = to_int64(h)};
  NDArray a = as_array(h);
  if (a.ndim() == 0) return {.count = to_int64(h)};
  return {.edges = a};
}

// histogramdd's bins and range: an int for every dimension, or one entry per dimension.
HistogramddOptions dd_options(nb::handle bins, nb::handle range, nb::handle density,
                              nb::handle weights) {
  HistogramddOptions o;
  if (has_len(bins))
    for (nb::handle b : bins) o.bins.push_back(bin_spec(b));
  else
    o.every = bin_spec(bins);
  if (!range.is_none())
    for (nb::handle r : range) {
      if (r.is_none()) {
        o.range.emplace_back();
        continue;
      }
      nb::sequence pair = nb::borrow<nb::sequence>(r);
      o.range.emplace_back(std::make_pair(nb::cast<double>(nb::float_(pair[0])),
                                          nb::cast<double>(nb::float_(pair[1]))));
    }
  o.density = !density.is_none() && nb::cast<bool>(density);
  o.weights = opt_array(weights);
  return o;
}

// An (N, D) array, or a sequence of D one-dimensional arrays (numpy's atleast_2d(s).T).
NDArray dd_sample(nb::handle sample) {
  if (nb::isinstance<NDArray>(sample) || nb::hasattr(sample, "shape")) return as_array(sample);
  return atleast_2d(as_array(sample)).T();
}

nb::tuple edges_tuple(const std::vector<NDArray>& edges) {
  nb::list out;
  for (const NDArray& e : edges) out.append(e);
  return nb::tuple(out);
}

}  // namespace

void bind_statistics(nb::module_& m) {
  m.def(
      "cov",
      [](nb::handle m, nb::handle y, bool rowvar, bool bias, nb::handle ddof, nb::handle fweights,
         nb::handle aweights, nb::handle dtype) {
        CovOptions o{.y = opt_array(y),
                     .rowvar = rowvar,
                     .bias = bias,
                     .fweights = opt_array(fweights),
                     .aweights = opt_array(aweights),
                     .dtype = to_dtype_opt(dtype)};
        if (!ddof.is_none()) o.ddof = nb::cast<double>(nb::float_(ddof));
        return cov(as_array(m), o);
      },
      nb::arg("m"), nb::arg("y").none() = nb::none(), nb::arg("rowvar") = true,
      nb::arg("bias") = false, nb::arg("ddof").none() = nb::none(),
      nb::arg("fweights").none() = nb::none(), nb::arg("aweights").none() = nb::none(),
      nb::kw_only(), nb::arg("dtype").none() = nb::none());
  m.def(
      "corrcoef",
      [](nb::handle x, nb::handle y, bool rowvar, nb::handle dtype) {
        return corrcoef(as_array(x), opt_array(y), rowvar, to_dtype_opt(dtype));
      },
      nb::arg("x"), nb::arg("y").none() = nb::none(), nb::arg("rowvar") = true, nb::kw_only(),
      nb::arg("dtype").none() = nb::none());
  m.def(
      "correlate",
      [](nb::handle a, nb::handle v, const std::string& mode) {
        return correlate(as_array(a), as_array(v), mode);
      },
      nb::arg("a"), nb::arg("v"), nb::arg("mode") = "valid");
  m.def(
      "histogramdd",
      [](nb::handle sample, nb::handle bins, nb::handle range, nb::handle density,
         nb::handle weights) {
        auto [hist, edges] =
            histogramdd(dd_sample(sample), dd_options(bins, range, density, weights));
        return nb::make_tuple(hist, edges_tuple(edges));
      },
      nb::arg("sample"), nb::arg("bins") = 10, nb::arg("range").none() = nb::none(),
      nb::arg("density").none() = nb::none(), nb::arg("weights").none() = nb::none());
  m.def(
      "histogram2d",
      [](nb::handle x, nb::handle y, nb::handle bins, nb::handle range, nb::handle density,
         nb::handle weights) {
        // numpy: a bins sequence of other than one or two entries is both dimensions' edges.
        nb::object b = nb::borrow(bins);
        if (has_len(bins) && nb::len(bins) != 1 && nb::len(bins) != 2) b = nb::make_tuple(b, b);
        auto [hist, xe, ye] =
            histogram2d(as_array(x), as_array(y), dd_options(b, range, density, weights));
        return nb::make_tuple(hist, xe, ye);
      },
      nb::arg("x"), nb::arg("y"), nb::arg("bins") = 10, nb::arg("range").none() = nb::none(),
      nb::arg("density").none() = nb::none(), nb::arg("weights").none() = nb::none());
}

}  // namespace ndgpu::py
