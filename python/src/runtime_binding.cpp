// cuda.runtime (CuPy's cupy_backends.cuda.api.runtime) over the Backend interface: on the CPU
// backend the virtual devices (NDGPU_CPU_DEVICES) are the devices it counts and selects.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>

#include <stdexcept>

#include "convert.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/profiling.hpp"

namespace ndgpu::py {
namespace {

// What CuPy raises for a failed runtime call: CUDARuntimeError (a RuntimeError).
struct CudaRuntimeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The device `id` of the active backend, CUDARuntimeError when there is none such.
Device runtime_device(int id) {
  Device d{current_device().type, id};
  int n = device_count(d.type);
  if (id < 0 || id >= n)
    throw CudaRuntimeError("cudaErrorInvalidDevice: invalid device ordinal " + std::to_string(id) +
                           " (" + std::to_string(n) + " device(s))");
  return d;
}

}  // namespace

void bind_runtime(nb::module_& m) {
  static nb::exception<CudaRuntimeError> error(m, "CUDARuntimeError", PyExc_RuntimeError);
  m.def("_rt_get_device", [] { return current_device().index; });
  m.def("_rt_set_device", [](int id) { set_current_device(runtime_device(id)); });
  m.def("_rt_get_device_count", [] { return device_count(current_device().type); });
  m.def("_rt_device_synchronize", [] {
    Device d = current_device();
    {
      nb::gil_scoped_release release;
      backend_for(d).synchronize(d.index);
    }
    raise_pending_index_error(d);  // a gather's deferred IndexError
  });
  m.def("_rt_mem_get_info", [] {
    Device d = current_device();
    size_t free_bytes = 0, total_bytes = 0;
    backend_for(d).mem_get_info(d.index, &free_bytes, &total_bytes);
    return std::pair<size_t, size_t>(free_bytes, total_bytes);
  });
  // CuPy's dict: `name` as bytes, the integer facts under cudaDeviceProp's names.
  m.def("_rt_get_device_properties", [](int id) {
    Device d = runtime_device(id);
    DeviceProperties p = backend_for(d).properties(d.index);
    nb::dict out;
    out["name"] = nb::bytes(p.name.data(), p.name.size());
    for (const auto& [key, value] : p.values) out[key.c_str()] = value;
    return out;
  });
  m.def("_rt_runtime_get_version",
        [] { return backend_for(current_device().type).runtime_version(); });
  m.def("_rt_driver_get_version",
        [] { return backend_for(current_device().type).driver_version(); });
  // cuda.nvtx and cuda.profiler.
  m.def("_nvtx_range_push", &profiling::range_push, nb::arg("msg"), nb::arg("id_color") = -1);
  m.def("_nvtx_range_pop", &profiling::range_pop);
  m.def("_nvtx_mark", &profiling::mark, nb::arg("msg"), nb::arg("id_color") = -1);
  m.def("_profiler_start", &profiling::profiler_start);
  m.def("_profiler_stop", &profiling::profiler_stop);
}

}  // namespace ndgpu::py
