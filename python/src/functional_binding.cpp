// apply_along_axis, apply_over_axes and piecewise (include/ndgpu/functional.hpp): the user's
// Python callables, with their extra arguments, wrapped as C++ functions.
#include <nanobind/nanobind.h>

#include "convert.hpp"
#include "ndgpu/functional.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

bool is_sequence_item(nb::handle h) {
  if (PyList_Check(h.ptr()) || PyTuple_Check(h.ptr())) return true;
  if (nb::isinstance<NDArray>(h)) return true;
  return nb::isinstance(h, numpy().attr("ndarray"));
}

// piecewise's conditions as NumPy reads them: a list of arrays stays a list; anything else is
// one array, which is one condition when it has x's dimensions and a stack of them otherwise.
std::vector<NDArray> conditions(nb::handle condlist, const NDArray& x) {
  std::vector<NDArray> conds;
  const bool list = PyList_Check(condlist.ptr()) || PyTuple_Check(condlist.ptr());
  if (list && nb::len(condlist) > 0 && is_sequence_item(condlist[0])) {
    for (nb::handle c : condlist) conds.push_back(as_array(c));
    return conds;
  }
  const NDArray all = as_array(condlist);
  if (all.ndim() == x.ndim()) return {all};
  for (int64_t k = 0; k < all.shape()[0]; ++k) {
    const IndexItem row[1] = {k};
    conds.push_back(all.index(row));
  }
  return conds;
}

}  // namespace

void bind_functional(nb::module_& m) {
  m.def(
      "apply_along_axis",
      [](nb::callable func1d, Int64 axis, nb::handle arr, nb::args args, nb::kwargs kwargs) {
        const ArrayFunction f = [&](const NDArray& v) {
          return as_array(func1d(v, *args, **kwargs));
        };
        return apply_along_axis(f, axis, as_array(arr));
      },
      nb::arg("func1d"), nb::arg("axis"), nb::arg("arr"), nb::arg("args"), nb::arg("kwargs"));
  m.def(
      "apply_over_axes",
      [](nb::callable func, nb::handle a, nb::handle axes) {
        const auto f = [&](const NDArray& v, int64_t axis) { return as_array(func(v, axis)); };
        return apply_over_axes(f, as_array(a), to_axes(axes));
      },
      nb::arg("func"), nb::arg("a"), nb::arg("axes"));
  m.def(
      "piecewise",
      [](nb::handle x_in, nb::handle condlist, nb::handle funclist, nb::args args, nb::kwargs kw) {
        const NDArray x = as_array(x_in);
        std::vector<PiecewisePart> parts;
        for (nb::handle f : funclist) {
          if (PyCallable_Check(f.ptr())) {
            nb::callable call = nb::borrow<nb::callable>(f);
            parts.emplace_back(ArrayFunction(
                [call, args, kw](const NDArray& v) { return as_array(call(v, *args, **kw)); }));
          } else {
            parts.emplace_back(to_scalar(f));
          }
        }
        return piecewise(x, conditions(condlist, x), parts);
      },
      nb::arg("x"), nb::arg("condlist"), nb::arg("funclist"), nb::arg("args"), nb::arg("kw"));
}

}  // namespace ndgpu::py
