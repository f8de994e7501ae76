// ElementwiseKernel for Python, as CuPy's.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/elementwise_kernel.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::py {
namespace {

// CuPy's no_return and return_tuple only shape what a Python call returns.
struct PyElementwiseKernel : ElementwiseKernel {
  PyElementwiseKernel(ElementwiseKernel k, bool no_return, bool return_tuple)
      : ElementwiseKernel(std::move(k)), no_return(no_return), return_tuple(return_tuple) {}
  bool no_return;
  bool return_tuple;
};

}  // namespace

void bind_kernels(nb::module_& m) {
  nb::class_<PyElementwiseKernel>(m, "ElementwiseKernel")
      .def(
          "__init__",
          [](PyElementwiseKernel* self, const std::string& in_params, const std::string& out_params,
             const std::string& operation, const std::string& name, bool reduce_dims,
             const std::string& preamble, bool no_return, bool return_tuple,
             const std::string& loop_prep, const std::string& after_loop,
             std::vector<std::string> options) {
            new (self) PyElementwiseKernel(
                ElementwiseKernel(in_params, out_params, operation, name, reduce_dims, preamble,
                                  loop_prep, after_loop, std::move(options)),
                no_return, return_tuple);
          },
          nb::arg("in_params"), nb::arg("out_params"), nb::arg("operation"),
          nb::arg("name") = "kernel", nb::arg("reduce_dims") = true, nb::arg("preamble") = "",
          nb::arg("no_return") = false, nb::arg("return_tuple") = false, nb::arg("loop_prep") = "",
          nb::arg("after_loop") = "", nb::arg("options") = std::vector<std::string>{})
      .def_prop_ro("nin", [](const PyElementwiseKernel& k) { return k.nin(); })
      .def_prop_ro("nout", [](const PyElementwiseKernel& k) { return k.nout(); })
      .def_prop_ro("nargs", [](const PyElementwiseKernel& k) { return k.nin() + k.nout(); })
      .def_prop_ro("name", [](const PyElementwiseKernel& k) { return k.name(); })
      .def_ro("no_return", &PyElementwiseKernel::no_return)
      .def_ro("return_tuple", &PyElementwiseKernel::return_tuple)
      .def("__call__",
           [](const PyElementwiseKernel& k, nb::args args, nb::kwargs kw) -> nb::object {
             std::vector<Operand> ops;
             for (nb::handle a : args) ops.push_back(to_operand(a));
             std::optional<int64_t> size;
             for (auto [key, v] : kw) {
               std::string name = nb::cast<std::string>(key);
               if (name == "size") {
                 if (!v.is_none()) size = to_int64(v);
               } else if (name != "block_size" && name != "stream") {
                 throw TypeError("Wrong arguments " + name);
               }
             }
             auto outs = k(ops, size);
             if (k.no_return) return nb::none();
             if (outs.size() == 1 && !k.return_tuple) return nb::cast(outs[0]);
             return nb::tuple(nb::cast(outs));  // several outputs come back as a tuple, as in CuPy
           });
}

}  // namespace ndgpu::py
