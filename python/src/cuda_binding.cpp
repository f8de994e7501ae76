// cuda.Stream, cuda.Event and cuda.MemoryPool, as CuPy names them, over the Backend interface
// (so they also work, trivially, on the CPU backend).
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/backend.hpp"

namespace ndgpu::py {
namespace {

struct PyStream {
  Device device;
  StreamHandle handle = 0;
  bool owned = false;
  std::vector<StreamHandle> previous;
  ~PyStream() {
    if (owned) backend_for(device).destroy_stream(device.index, handle);
  }
};

// The null stream belongs to every device: it acts on the current one.
Device device_of(const PyStream& s) {
  return s.handle == 0 ? current_device() : s.device;
}

struct PyEvent {
  Device device;
  EventHandle handle = 0;
  bool recorded = false;
  explicit PyEvent(Device d) : device(d), handle(backend_for(d).create_event(d.index)) {}
  ~PyEvent() { backend_for(device).destroy_event(device.index, handle); }
  PyEvent(const PyEvent&) = delete;
  PyEvent& operator=(const PyEvent&) = delete;
};

// The pool of the device current when the pool object was made (CuPy's default pool
// serves every device; ours answers for the device current at each call).
struct PyMemoryPool {};

}  // namespace

void bind_cuda(nb::module_& m) {
  auto stream_cls = nb::class_<PyStream>(m, "Stream");
  stream_cls
      .def(
          "__init__",
          [](PyStream* self, bool null, bool non_blocking, nb::handle) {
            Device d = current_device();
            new (self) PyStream{d, 0, false, {}};
            if (!null) {
              self->handle = backend_for(d).create_stream(d.index, non_blocking);
              self->owned = true;
            }
          },
          nb::arg("null") = false, nb::arg("non_blocking") = false, nb::arg("ptds") = nb::none())
      .def_prop_ro("ptr", [](const PyStream& s) { return s.handle; })
      .def("synchronize",
           [](const PyStream& s) {
             Device d = device_of(s);
             backend_for(d).synchronize_stream(d.index, s.handle);
           })
      .def(
          "use",
          [](PyStream& s) {
            set_current_stream(device_of(s), s.handle);
            return &s;
          },
          nb::rv_policy::reference)
      .def("__eq__",
           [](const PyStream& a, nb::handle b) {
             if (!nb::isinstance<PyStream>(b)) return false;
             const PyStream& o = nb::cast<const PyStream&>(b);
             return o.device == a.device && o.handle == a.handle;
           })
      .def("__hash__", [](const PyStream& s) { return size_t(s.handle); })
      .def("__repr__",
           [](const PyStream& s) {
             return "<Stream " + std::to_string(size_t(s.handle)) + " (device " +
                    std::to_string(s.device.index) + ")>";
           })
      .def(
          "__enter__",
          [](PyStream& s) {
            s.previous.push_back(current_stream(s.device));
            set_current_stream(s.device, s.handle);
            return &s;
          },
          nb::rv_policy::reference)
      .def("__exit__", [](PyStream& s, nb::args) {
        set_current_stream(s.device, s.previous.empty() ? 0 : s.previous.back());
        if (!s.previous.empty()) s.previous.pop_back();
      });

  // CuPy's Stream.null: the default stream (a new name for it each time: one kept on the class
  // would outlive it at exit); get_current_stream() names, without owning, the stream work goes to
  // now.
  stream_cls.def_prop_ro_static("null", [](nb::handle) {
    return PyStream{current_device(), 0, false, {}};
  });
  m.def("get_current_stream", [] {
    Device d = current_device();
    return PyStream{d, current_stream(d), false, {}};
  });

  nb::class_<PyEvent>(m, "Event")
      .def(
          "__init__", [](PyEvent* self, bool, bool, bool) { new (self) PyEvent(current_device()); },
          nb::arg("block") = false, nb::arg("disable_timing") = false,
          nb::arg("interprocess") = false)
      .def(
          "record",
          [](PyEvent& e, nb::handle stream) {
            StreamHandle s = stream.is_none() ? current_stream(e.device)
                                              : nb::cast<const PyStream&>(stream).handle;
            backend_for(e.device).record_event(e.device.index, e.handle, s);
            e.recorded = true;
          },
          nb::arg("stream") = nb::none())
      .def("synchronize",
           [](PyEvent& e) { backend_for(e.device).synchronize_event(e.device.index, e.handle); })
      .def_prop_ro("done", [](const PyEvent& e) { return e.recorded; });
  m.def("get_elapsed_time", [](const PyEvent& start, const PyEvent& end) {
    return backend_for(end.device).elapsed_ms(end.device.index, start.handle, end.handle);
  });

  auto pool = [] {
    Device d = current_device();
    return std::pair<Backend*, int>(&backend_for(d), d.index);
  };
  nb::class_<PyMemoryPool>(m, "MemoryPool")
      .def(nb::init<>())
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
