// Sorting (include/ndgpu/sorting.hpp): sort, argsort, sort_complex and the ndarray methods.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
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
      cls, "argsort",
      nb::cpp_function(
          [](const NDArray& self, nb::handle axis, nb::handle kind, nb::handle order,
             nb::handle stable) { return argsort(self, sort_options(axis, kind, order, stable)); },
          nb::is_method(), nb::name("argsort"), nb::arg("axis").none() = -1,
          nb::arg("kind").none() = nb::none(), nb::arg("order").none() = nb::none(), nb::kw_only(),
          nb::arg("stable").none() = nb::none()));
}

}  // namespace ndgpu::py
