// cuda.MemoryPool, as CuPy names it, over the Backend interface (so it also works, trivially,
// on the CPU backend). Streams and events are in stream_binding.cpp.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::py {

nb::object pool_malloc(size_t nbytes);  // allocator_binding.cpp

namespace {

// The pool of the device current when the pool object was made (CuPy's default pool
// serves every device; ours answers for the device current at each call).
struct PyMemoryPool {};

}  // namespace

// Whether fn is some MemoryPool's malloc (a bound method of the class below).
bool is_pool_malloc(nb::handle fn) {
  if (!nb::hasattr(fn, "__self__") || !nb::hasattr(fn, "__name__")) return false;
  return nb::isinstance<PyMemoryPool>(fn.attr("__self__")) &&
         nb::cast<std::string>(fn.attr("__name__")) == "malloc";
}

void bind_cuda(nb::module_& m) {
  auto pool = [] {
    Device d = current_device();
    return std::pair<Backend*, int>(&backend_for(d), d.index);
  };
  nb::class_<PyMemoryPool>(m, "MemoryPool")
      .def(
          "__init__", [](PyMemoryPool* self, nb::handle) { new (self) PyMemoryPool{}; },
          nb::arg("allocator") = nb::none())
      // Memory from ndgpu's pool past any user allocator, so set_allocator(pool.malloc) works.
      .def("malloc", [](const PyMemoryPool&, size_t nbytes) { return pool_malloc(nbytes); })
      .def("used_bytes",
           [pool](const PyMemoryPool&) {
             auto [b, i] = pool();
             return b->pool_stats(i).used_bytes;
           })
      .def("total_bytes",
           [pool](const PyMemoryPool&) {
             auto [b, i] = pool();
             return b->pool_stats(i).total_bytes;
           })
      .def("free_bytes",
           [pool](const PyMemoryPool&) {
             auto [b, i] = pool();
             auto s = b->pool_stats(i);
             return s.total_bytes - s.used_bytes;
           })
      .def("n_free_blocks",
           [pool](const PyMemoryPool&) {
             auto [b, i] = pool();
             return b->pool_stats(i).n_free_blocks;
           })
      .def(
          "free_all_blocks",
          [pool](const PyMemoryPool&, nb::handle) {
            auto [b, i] = pool();
            b->free_all_blocks(i);
          },
          nb::arg("stream") = nb::none())
      .def(
          "set_limit",
          [pool](const PyMemoryPool&, size_t size) {
            auto [b, i] = pool();
            b->set_pool_limit(i, size);
          },
          nb::arg("size"))
      .def("get_limit", [pool](const PyMemoryPool&) {
        auto [b, i] = pool();
        return b->pool_limit(i);
      });
}

}  // namespace ndgpu::py
