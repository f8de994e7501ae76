// Sorting (include/ndgpu/sorting.hpp): sort, argsort, sort_complex and the ndarray methods.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/sorting.hpp"

namespace ndgpu::py {
namespace {

SortOptions sort_options(nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable) {
  if (!order.is_none()) throw ValueError("Cannot specify order when the array has no fields.");
  SortOptions o;
  o.axis =
      axis.is_none() ? std::nullopt : std::optional<int64_t>(nb::cast<int64_t>(nb::int_(axis)));
  if (!kind.is_none()) o.kind = nb::cast<std::string>(kind);
  if (!stable.is_none()) o.stable = nb::cast<bool>(stable);
  return o;
}

std::optional<NDArray> opt_array(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return as_array(h);
}

// NumPy's named results of unique_all, unique_counts and unique_inverse.
nb::object named_tuple(const char* name, const char* fields) {
  return nb::module_::import_("collections").attr("namedtuple")(name, fields);
}

std::optional<std::vector<int64_t>> axes_opt(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_axes(h);
}

// out= as numpy: the result written into it, and it returned.
nb::object into_out(NDArray r, nb::handle out) {
  if (out.is_none()) return nb::cast(std::move(r));
  NDArray dst = nb::cast<NDArray>(out);
  copy_into(dst, r);
  return nb::borrow(out);
}

HistogramOptions histogram_options(nb::handle bins, nb::handle range, bool density,
                                   nb::handle weights) {
  HistogramOptions o;
  if (nb::isinstance<nb::str>(bins))
    o.rule = nb::cast<std::string>(bins);
  else if (nb::isinstance<NDArray>(bins) || nb::hasattr(bins, "__len__"))  // arrays have __index__
    o.edges = as_array(bins);
  else
    o.bins = nb::cast<int64_t>(nb::int_(bins));
  if (!range.is_none()) {
    nb::sequence r = nb::borrow<nb::sequence>(range);
    o.range =
        std::make_pair(nb::cast<double>(nb::float_(r[0])), nb::cast<double>(nb::float_(r[1])));
  }
  o.density = density;
  o.weights = opt_array(weights);
  return o;
}

std::vector<int64_t> kth_list(nb::handle kth) {
  if (nb::isinstance<NDArray>(kth) || nb::hasattr(kth, "__len__")) return to_axes(kth);
  return {nb::cast<int64_t>(nb::int_(kth))};
}

}  // namespace

void bind_sorting(nb::module_& m) {
  using SortFn = NDArray (*)(const NDArray&, const SortOptions&);
  for (auto [name, fn] : {std::pair<const char*, SortFn>{"sort", &sort}, {"argsort", &argsort}}) {
    m.def(
        name,
        [fn](nb::handle a, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable) {
          return fn(as_array(a), sort_options(axis, kind, order, stable));
        },
        nb::arg("a"), nb::arg("axis").none() = -1, nb::arg("kind").none() = nb::none(),
        nb::arg("order").none() = nb::none(), nb::kw_only(), nb::arg("stable").none() = nb::none());
  }
  m.def(
      "searchsorted",
      [](nb::handle a, nb::handle v, const std::string& side, nb::handle sorter) {
        return searchsorted(as_array(a), as_array(v), side, opt_array(sorter));
      },
      nb::arg("a"), nb::arg("v"), nb::arg("side") = "left", nb::arg("sorter").none() = nb::none());
  m.def(
      "unique",
      [](nb::handle a, bool return_index, bool return_inverse, bool return_counts, nb::handle axis,
         bool equal_nan) -> nb::object {
        const UniqueOptions o{return_index, return_inverse, return_counts, equal_nan};
        UniqueResult r = axis.is_none() ? unique(as_array(a), o)
                                        : unique_along_axis(as_array(a), to_int64(axis), o);
        if (!return_index && !return_inverse && !return_counts) return nb::cast(r.values);
        nb::list out;
        out.append(r.values);
        for (auto& part : {r.index, r.inverse, r.counts})
          if (part) out.append(*part);
        return nb::tuple(out);
      },
      nb::arg("ar"), nb::arg("return_index") = false, nb::arg("return_inverse") = false,
      nb::arg("return_counts") = false, nb::arg("axis").none() = nb::none(), nb::kw_only(),
      nb::arg("equal_nan") = true);
  // The array API's forms: NaNs are all distinct (equal_nan=False), as NumPy's.
  static nb::object all_t = named_tuple("UniqueAllResult", "values indices inverse_indices counts");
  static nb::object counts_t = named_tuple("UniqueCountsResult", "values counts");
  static nb::object inverse_t = named_tuple("UniqueInverseResult", "values inverse_indices");
  m.def("unique_values",
        [](nb::handle x) { return unique(as_array(x), {.equal_nan = false}).values; });
  m.def("unique_counts", [](nb::handle x) {
    UniqueResult r = unique(as_array(x), {.return_counts = true, .equal_nan = false});
    return counts_t(r.values, *r.counts);
  });
  m.def("unique_inverse", [](nb::handle x) {
    UniqueResult r = unique(as_array(x), {.return_inverse = true, .equal_nan = false});
    return inverse_t(r.values, *r.inverse);
  });
  m.def("unique_all", [](nb::handle x) {
    UniqueResult r = unique(as_array(x), {true, true, true, false});
    return all_t(r.values, *r.index, *r.inverse, *r.counts);
  });
  m.def(
      "isin",
      [](nb::handle element, nb::handle test, bool assume_unique, bool invert, nb::handle) {
        return isin(as_array(element), as_array(test), assume_unique, invert);
      },
      nb::arg("element"), nb::arg("test_elements"), nb::arg("assume_unique") = false,
      nb::arg("invert") = false, nb::kw_only(), nb::arg("kind").none() = nb::none());
  m.def(
      "intersect1d",
      [](nb::handle a, nb::handle b, bool assume_unique, bool return_indices) -> nb::object {
        IntersectResult r = intersect1d(as_array(a), as_array(b), assume_unique, return_indices);
        if (!return_indices) return nb::cast(r.values);
        return nb::make_tuple(r.values, *r.indices1, *r.indices2);
      },
      nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false,
      nb::arg("return_indices") = false);
  m.def("union1d", [](nb::handle a, nb::handle b) { return union1d(as_array(a), as_array(b)); });
  m.def(
      "setdiff1d",
      [](nb::handle a, nb::handle b, bool assume_unique) {
        return setdiff1d(as_array(a), as_array(b), assume_unique);
      },
      nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false);
  m.def(
      "setxor1d",
      [](nb::handle a, nb::handle b, bool assume_unique) {
        return setxor1d(as_array(a), as_array(b), assume_unique);
      },
      nb::arg("ar1"), nb::arg("ar2"), nb::arg("assume_unique") = false);
  using QuantileFn = NDArray (*)(const NDArray&, const NDArray&, const QuantileOptions&);
  for (auto [name, fn] : {std::pair<const char*, QuantileFn>{"quantile", &quantile},
                          {"nanquantile", &nanquantile},
                          {"percentile", &percentile},
                          {"nanpercentile", &nanpercentile}}) {
    m.def(
        name,
        [fn](nb::handle a, nb::handle q, nb::handle axis, nb::handle out, bool,
             const std::string& method, bool keepdims, nb::handle weights) {
          const bool weak_q = PyFloat_CheckExact(q.ptr()) || PyLong_CheckExact(q.ptr());
          return into_out(fn(as_array(a), as_array(q),
                             {axes_opt(axis), method, keepdims, weak_q, opt_array(weights)}),
                          out);
        },
        nb::arg("a"), nb::arg("q"), nb::arg("axis").none() = nb::none(),
        nb::arg("out").none() = nb::none(), nb::arg("overwrite_input") = false,
        nb::arg("method") = "linear", nb::arg("keepdims") = false, nb::kw_only(),
        nb::arg("weights").none() = nb::none());
  }
  using MedianFn = NDArray (*)(const NDArray&, const std::optional<std::vector<int64_t>>&, bool);
  for (auto [name, fn] :
       {std::pair<const char*, MedianFn>{"median", &median}, {"nanmedian", &nanmedian}}) {
    m.def(
        name,
        [fn](nb::handle a, nb::handle axis, nb::handle out, bool, bool keepdims) {
          return into_out(fn(as_array(a), axes_opt(axis), keepdims), out);
        },
        nb::arg("a"), nb::arg("axis").none() = nb::none(), nb::arg("out").none() = nb::none(),
        nb::arg("overwrite_input") = false, nb::arg("keepdims") = false);
  }
  m.def(
      "digitize",
      [](nb::handle x, nb::handle bins, bool right) {
        return digitize(as_array(x), as_array(bins), right);
      },
      nb::arg("x"), nb::arg("bins"), nb::arg("right") = false);
  m.def(
      "bincount",
      [](nb::handle x, nb::handle weights, Int64 minlength) {
        return bincount(as_array(x), opt_array(weights), minlength);
      },
      nb::arg("x"), nb::arg("weights").none() = nb::none(), nb::arg("minlength") = 0);
  m.def(
      "histogram",
      [](nb::handle a, nb::handle bins, nb::handle range, nb::handle density, nb::handle weights) {
        auto [hist, edges] = histogram(
            as_array(a),
            histogram_options(bins, range, !density.is_none() && nb::cast<bool>(density), weights));
        return nb::make_tuple(hist, edges);
      },
      nb::arg("a"), nb::arg("bins") = 10, nb::arg("range").none() = nb::none(),
      nb::arg("density").none() = nb::none(), nb::arg("weights").none() = nb::none());
  m.def(
      "histogram_bin_edges",
      [](nb::handle a, nb::handle bins, nb::handle range, nb::handle weights) {
        return histogram_bin_edges(as_array(a), histogram_options(bins, range, false, weights));
      },
      nb::arg("a"), nb::arg("bins") = 10, nb::arg("range").none() = nb::none(),
      nb::arg("weights").none() = nb::none());
  using PartitionFn =
      NDArray (*)(const NDArray&, const std::vector<int64_t>&, std::optional<int64_t>);
  for (auto [name, fn] : {std::pair<const char*, PartitionFn>{"partition", &partition},
                          {"argpartition", &argpartition}}) {
    m.def(
        name,
        [fn](nb::handle a, nb::handle kth, nb::handle axis, nb::handle, nb::handle order) {
          if (!order.is_none())
            throw ValueError("Cannot specify order when the array has no fields.");
          std::optional<int64_t> ax;
          if (!axis.is_none()) ax = nb::cast<int64_t>(nb::int_(axis));
          return fn(as_array(a), kth_list(kth), ax);
        },
        nb::arg("a"), nb::arg("kth"), nb::arg("axis").none() = -1, nb::arg("kind") = "introselect",
        nb::arg("order").none() = nb::none());
  }
  m.def(
      "lexsort",
      [](nb::handle keys, Int64 axis) {
        std::vector<NDArray> ks;
        if (nb::isinstance<NDArray>(keys)) {
          NDArray k = nb::cast<NDArray>(keys);
          for (int64_t i = 0; i < (k.ndim() ? k.shape()[0] : 0); ++i)
            ks.push_back(k.index(std::vector<IndexItem>{i}));
        } else {
          for (nb::handle h : keys) ks.push_back(as_array(h));
        }
        return lexsort(ks, axis);
      },
      nb::arg("keys"), nb::arg("axis") = -1);
  m.def(
      "sort_complex", [](nb::handle a) { return sort_complex(as_array(a)); }, nb::arg("a"));
  nb::handle cls = nb::type<NDArray>();
  nb::setattr(
      cls, "sort",
      nb::cpp_function(
          [](NDArray& self, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable) {
            sort_inplace(self, sort_options(axis, kind, order, stable));
          },
          nb::is_method(), nb::name("sort"), nb::arg("axis").none() = -1,
          nb::arg("kind").none() = nb::none(), nb::arg("order").none() = nb::none(), nb::kw_only(),
          nb::arg("stable").none() = nb::none()));
  nb::setattr(
      cls, "searchsorted",
      nb::cpp_function(
          [](const NDArray& self, nb::handle v, const std::string& side, nb::handle sorter) {
            return searchsorted(self, as_array(v), side, opt_array(sorter));
          },
          nb::is_method(), nb::name("searchsorted"), nb::arg("v"), nb::arg("side") = "left",
          nb::arg("sorter").none() = nb::none()));
  nb::setattr(
      cls, "partition",
      nb::cpp_function([](NDArray& self, nb::handle kth, Int64 axis, nb::handle,
                          nb::handle) { copy_into(self, partition(self, kth_list(kth), axis)); },
                       nb::is_method(), nb::name("partition"), nb::arg("kth"), nb::arg("axis") = -1,
                       nb::arg("kind") = "introselect", nb::arg("order").none() = nb::none()));
  nb::setattr(
      cls, "argpartition",
      nb::cpp_function(
          [](const NDArray& self, nb::handle kth, nb::handle axis, nb::handle, nb::handle) {
            std::optional<int64_t> ax;
            if (!axis.is_none()) ax = nb::cast<int64_t>(nb::int_(axis));
            return argpartition(self, kth_list(kth), ax);
          },
          nb::is_method(), nb::name("argpartition"), nb::arg("kth"), nb::arg("axis").none() = -1,
          nb::arg("kind") = "introselect", nb::arg("order").none() = nb::none()));
  nb::setattr(
      cls, "argsort",
      nb::cpp_function(
          [](const NDArray& self, nb::handle axis, nb::handle kind, nb::handle order,
             nb::handle stable) { return argsort(self, sort_options(axis, kind, order, stable)); },
          nb::is_method(), nb::name("argsort"), nb::arg("axis").none() = -1,
          nb::arg("kind").none() = nb::none(), nb::arg("order").none() = nb::none(), nb::kw_only(),
          nb::arg("stable").none() = nb::none()));
}

}  // namespace ndgpu::py
