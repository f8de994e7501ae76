// ufunc.at and ufunc.reduceat (include/ndgpu/ufunc.hpp), called by the ufunc objects'
// methods (python/ndgpu/_reductions.py passes the ufunc's name).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/ufunc.hpp"

namespace ndgpu::py {

void bind_ufunc_methods(nb::module_& m) {
  m.def(
      "_ufunc_at",
      [](const std::string& name, NDArray& a, nb::handle indices, nb::handle b) {
        std::optional<Operand> value;
        if (!b.is_none()) {
          value = try_operand(b);
          if (!value) value = as_array(b);
        }
        ufunc_at(name, a, to_full_index(indices), value);
      },
      nb::arg("name"), nb::arg("a"), nb::arg("indices").none(), nb::arg("b").none());
  m.def(
      "_ufunc_reduceat",
      [](const std::string& name, nb::handle a, nb::handle indices, int64_t axis, nb::handle dtype,
         nb::handle out) {
        return result(ufunc_reduceat(name, as_array(a), as_array(indices), axis,
                                     to_dtype_opt(dtype), to_out(out)),
                      out);
      },
      nb::arg("name"), nb::arg("a"), nb::arg("indices"), nb::arg("axis"), nb::arg("dtype").none(),
      nb::arg("out").none());
}

}  // namespace ndgpu::py
