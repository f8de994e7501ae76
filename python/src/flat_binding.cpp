// ndarray.flat and its flatiter (include/ndgpu/indexing.hpp: flat_get, flat_set).
#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"

namespace ndgpu::py {
namespace {

// What a.flat returns: the array it walks (`base`, as NumPy's and CuPy's).
struct FlatIter {
  NDArray base;
};

Index flat_key(nb::handle key) {
  std::vector<Index> items = to_full_index(key);
  if (items.size() != 1) throw IndexError("too many indices for flat iterator");
  return items[0];
}

}  // namespace

void bind_flat(nb::module_& m) {
  nb::class_<FlatIter>(m, "flatiter")
      .def_prop_ro("base", [](const FlatIter& f) { return f.base; })
      .def("__len__", [](const FlatIter& f) { return f.base.size(); })
      .def("__getitem__",
           [](const FlatIter& f, nb::handle key) { return flat_get(f.base, flat_key(key)); })
      .def("__setitem__",
           [](FlatIter& f, nb::handle key, nb::handle value) {
             Operand v;
             if (auto op = try_operand(value))
               v = *op;
             else
               v = as_array(value);
             flat_set(f.base, flat_key(key), v);
           })
      .def("copy", [](const FlatIter& f) { return f.base.reshape(Shape{-1}).copy(); })
      // Elements as 0-d arrays, from a C-ordered copy.
      .def("__iter__",
           [](const FlatIter& f) { return nb::iter(nb::cast(f.base.copy().reshape(Shape{-1}))); });
  nb::object nd = m.attr("ndarray");
  nd.attr("flat") = nb::module_::import_("builtins")
                        .attr("property")(nb::cpp_function([](nb::handle self) {
                                            return FlatIter{*nb::inst_ptr<NDArray>(self)};
                                          }),
                                          nb::cpp_function([](nb::handle self, nb::handle value) {
                                            NDArray& a = *nb::inst_ptr<NDArray>(self);
                                            Operand v;
                                            if (auto op = try_operand(value))
                                              v = *op;
                                            else
                                              v = as_array(value);
                                            flat_set(a, Index(EllipsisIndex{}), v);
                                          }));
}

}  // namespace ndgpu::py
