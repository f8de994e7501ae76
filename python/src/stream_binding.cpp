// cuda.Stream, cuda.ExternalStream, cuda.Event and cuda.graph.Graph, as CuPy names them, over
// the Backend interface (on the CPU backend work runs in order: streams and events are names,
// queries are true and host functions run at once).
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <memory>
#include <utility>

#include "convert.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"

namespace ndgpu::py {
namespace {

// CUDA's per-thread default stream handle (CU_STREAM_PER_THREAD).
constexpr StreamHandle kPerThreadStream = 0x2;

struct PyStream {
  Device device;
  StreamHandle handle = 0;
  bool owned = false;
  std::vector<StreamHandle> previous;
  ~PyStream() {
    if (!owned) return;
    try {  // work waiting on this stream is queued before the stream goes
      run_deferred_work();
    } catch (const std::exception&) {  // a destructor cannot report it
    }
    backend_for_release(device).destroy_stream(device.index, handle);
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
  PyEvent(Device d, bool timing, bool blocking)
      : device(d), handle(backend_for(d).create_event_flags(d.index, timing, blocking)) {}
  ~PyEvent() { backend_for_release(device).destroy_event(device.index, handle); }
  PyEvent(const PyEvent&) = delete;
  PyEvent& operator=(const PyEvent&) = delete;
};

// Owns its graph: moves hand it over (a returned PyGraph is moved into its Python object).
struct PyGraph {
  Device device;
  GraphHandle handle = 0;
  PyGraph(Device d, GraphHandle g) : device(d), handle(g) {}
  PyGraph(PyGraph&& o) noexcept : device(o.device), handle(std::exchange(o.handle, 0)) {}
  PyGraph(const PyGraph&) = delete;
  PyGraph& operator=(const PyGraph&) = delete;
  PyGraph& operator=(PyGraph&&) = delete;
  ~PyGraph() {
    if (handle) backend_for_release(device).destroy_graph(device.index, handle);
  }
};

// A Python callable queued on a stream: called with the GIL from the driver's thread, and
// released there (its references are dropped under the GIL too).
struct HostCall {
  nb::object fn;
  nb::tuple args;
};

void run_host_call(void* data) {
  nb::gil_scoped_acquire gil;
  std::unique_ptr<HostCall> call(static_cast<HostCall*>(data));
  try {
    call->fn(*call->args);
  } catch (nb::python_error& e) {
    e.discard_as_unraisable(call->fn);
  }
}

void queue_host_call(const PyStream& s, nb::object fn, nb::tuple args) {
  Device d = device_of(s);
  auto call = std::make_unique<HostCall>(HostCall{std::move(fn), std::move(args)});
  backend_for(d).launch_host_func(d.index, s.handle, run_host_call, call.get());
  call.release();  // run_host_call owns it now
}

StreamHandle stream_handle(const PyEvent& e, nb::handle stream) {
  return stream.is_none() ? current_stream(e.device) : nb::cast<const PyStream&>(stream).handle;
}

void record(PyEvent& e, StreamHandle s) {
  backend_for(e.device).record_event(e.device.index, e.handle, s);
  e.recorded = true;
}

void bind_stream_class(nb::module_& m) {
  auto stream_cls = nb::class_<PyStream>(m, "Stream");
  stream_cls
      .def(
          "__init__",
          [](PyStream* self, bool null, bool non_blocking, bool ptds) {
            Device d = current_device();
            new (self) PyStream{d, 0, false, {}};
            if (ptds) {
              self->handle = d.type == DeviceType::CUDA ? kPerThreadStream : 0;
            } else if (!null) {
              self->handle = backend_for(d).create_stream(d.index, non_blocking);
              self->owned = true;
            }
          },
          nb::arg("null") = false, nb::arg("non_blocking") = false, nb::arg("ptds") = false)
      .def_prop_ro("ptr", [](const PyStream& s) { return s.handle; })
      .def_prop_ro("device_id", [](const PyStream& s) { return device_of(s).index; })
      .def("synchronize",
           [](const PyStream& s) {
             Device d = device_of(s);
             {
               nb::gil_scoped_release release;  // host functions queued on s need the GIL
               backend_for(d).synchronize_stream(d.index, s.handle);
             }
             raise_pending_index_error(d);  // a gather's deferred IndexError
           })
      .def_prop_ro("done",
                   [](const PyStream& s) {
                     Device d = device_of(s);
                     return backend_for(d).query_stream(d.index, s.handle);
                   })
      .def(
          "record",
          [](const PyStream& s, nb::handle event) {
            nb::object ev = event.is_none() ? nb::borrow(nb::type<PyEvent>()(false, false, false))
                                            : nb::borrow(event);
            record(nb::cast<PyEvent&>(ev), s.handle);
            return ev;
          },
          nb::arg("event") = nb::none())
      .def(
          "wait_event",
          [](const PyStream& s, const PyEvent& e) {
            Device d = device_of(s);
            backend_for(d).stream_wait_event(d.index, s.handle, e.handle);
          },
          nb::arg("event"))
      // CuPy's add_callback calls callback(stream, status, arg); launch_host_func callback(arg).
      .def(
          "add_callback",
          [](nb::handle self, nb::object callback, nb::object arg) {
            queue_host_call(nb::cast<const PyStream&>(self), std::move(callback),
                            nb::make_tuple(self, 0, arg));
          },
          nb::arg("callback"), nb::arg("arg").none())
      .def(
          "launch_host_func",
          [](const PyStream& s, nb::object callback, nb::object arg) {
            queue_host_call(s, std::move(callback), nb::make_tuple(arg));
          },
          nb::arg("callback"), nb::arg("arg").none())
      .def(
          "begin_capture",
          [](const PyStream& s, nb::handle) {
            Device d = device_of(s);
            backend_for(d).begin_capture(d.index, s.handle);
          },
          nb::arg("mode") = nb::none())
      .def("is_capturing",
           [](const PyStream& s) {
             Device d = device_of(s);
             return backend_for(d).is_capturing(d.index, s.handle);
           })
      .def("end_capture",
           [](const PyStream& s) {
             Device d = device_of(s);
             return PyGraph{d, backend_for(d).end_capture(d.index, s.handle)};
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
             return device_of(o) == device_of(a) && o.handle == a.handle;
           })
      .def("__hash__", [](const PyStream& s) { return size_t(s.handle); })
      .def("__repr__",
           [](const PyStream& s) {
             return "<Stream " + std::to_string(size_t(s.handle)) + " (device " +
                    std::to_string(device_of(s).index) + ")>";
           })
      .def(
          "__enter__",
          [](PyStream& s) {
            s.previous.push_back(current_stream(device_of(s)));
            set_current_stream(device_of(s), s.handle);
            return &s;
          },
          nb::rv_policy::reference)
      .def("__exit__", [](PyStream& s, nb::args) {
        set_current_stream(device_of(s), s.previous.empty() ? 0 : s.previous.back());
        if (!s.previous.empty()) s.previous.pop_back();
      });

  // CuPy's Stream.null: the default stream of the current device. One object (made on first
  // use), so `Stream.null is Stream.null`; it acts on whichever device is current, as CuPy's
  // does. It is dropped at exit, before nanobind checks for leaked instances.
  static nb::object* null_stream = new nb::object();
  stream_cls.def_prop_ro_static("null", [](nb::handle) {
    if (!null_stream->is_valid()) *null_stream = nb::cast(PyStream{current_device(), 0, false, {}});
    return *null_stream;
  });
  nb::module_::import_("atexit").attr("register")(nb::cpp_function([] { null_stream->reset(); }));
  m.def("get_current_stream", [] {
    Device d = current_device();
    return PyStream{d, current_stream(d), false, {}};
  });
  // A stream made elsewhere (PyTorch, CuPy, a library): named, never destroyed by ndgpu.
  m.def(
      "ExternalStream",
      [](uintptr_t ptr, int device_id) {
        Device d = current_device();
        if (device_id >= 0) d.index = device_id;
        return PyStream{d, ptr, false, {}};
      },
      nb::arg("ptr"), nb::arg("device_id") = -1);
}

void bind_event_and_graph(nb::module_& m) {
  nb::class_<PyEvent>(m, "Event")
      .def(
          "__init__",
          [](PyEvent* self, bool block, bool disable_timing, bool interprocess) {
            if (interprocess)
              throw NotImplementedError("interprocess events are not supported by ndgpu");
            new (self) PyEvent(current_device(), !disable_timing, block);
          },
          nb::arg("block") = false, nb::arg("disable_timing") = false,
          nb::arg("interprocess") = false)
      .def_prop_ro("ptr", [](const PyEvent& e) { return e.handle; })
      .def(
          "record", [](PyEvent& e, nb::handle stream) { record(e, stream_handle(e, stream)); },
          nb::arg("stream") = nb::none())
      .def("synchronize",
           [](PyEvent& e) {
             {
               nb::gil_scoped_release release;
               backend_for(e.device).synchronize_event(e.device.index, e.handle);
             }
             raise_pending_index_error(e.device);  // a gather's deferred IndexError
           })
      // An event never recorded is done, as CUDA's.
      .def_prop_ro("done", [](const PyEvent& e) {
        return !e.recorded || backend_for(e.device).query_event(e.device.index, e.handle);
      });
  m.def("get_elapsed_time", [](const PyEvent& start, const PyEvent& end) {
    return backend_for(end.device).elapsed_ms(end.device.index, start.handle, end.handle);
  });

  nb::class_<PyGraph>(m, "Graph")
      .def(
          "launch",
          [](const PyGraph& g, nb::handle stream) {
            StreamHandle s = stream.is_none() ? current_stream(g.device)
                                              : nb::cast<const PyStream&>(stream).handle;
            backend_for(g.device).launch_graph(g.device.index, g.handle, s);
          },
          nb::arg("stream") = nb::none())
      .def(
          "upload", [](const PyGraph&, nb::handle) {}, nb::arg("stream") = nb::none());
}

}  // namespace

void bind_streams(nb::module_& m) {
  bind_stream_class(m);
  bind_event_and_graph(m);
}

}  // namespace ndgpu::py
