// Reinterpreting views and memory overlap (include/ndgpu/views.hpp).
#include "convert.hpp"
#include "ndgpu/views.hpp"

namespace ndgpu::py {

void bind_views(nb::module_& m) {
  // max_work: the exact answer is always computed (NumPy's default); 0 asks for the bounds.
  m.def(
      "may_share_memory",
      [](const NDArray& a, const NDArray& b, nb::handle /*max_work*/) {
        return may_share_memory(a, b);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("max_work").none() = nb::none());
  m.def(
      "shares_memory",
      [](const NDArray& a, const NDArray& b, nb::handle max_work) {
        if (!max_work.is_none() && nb::cast<int64_t>(max_work) == 0) return may_share_memory(a, b);
        return shares_memory(a, b);
      },
      nb::arg("a"), nb::arg("b"), nb::arg("max_work").none() = nb::none());
  m.def("isfortran", &isfortran, nb::arg("a"));
}

}  // namespace ndgpu::py
