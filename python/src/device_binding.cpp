// cuda.Device: device n of the active backend, with use(), `with` and synchronize().
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::py {

void bind_device(nb::module_& m) {
  nb::class_<PyDevice>(m, "Device")
      .def(
          "__init__",
          [](PyDevice* self, nb::handle id) {
            Device cur = current_device();
            Device d{cur.type, id.is_none() ? cur.index : nb::cast<int>(nb::int_(id))};
            int n = device_count(d.type);
            if (d.index < 0 || d.index >= n)
              throw ValueError(
                  "invalid device ordinal " + std::to_string(d.index) + ": " + std::to_string(n) +
                  " device(s) available" +
                  (d.type == DeviceType::CPU ? " (set NDGPU_CPU_DEVICES for more)" : ""));
            new (self) PyDevice{d, {}};
          },
          nb::arg("device") = nb::none())
      .def_prop_ro("id", [](const PyDevice& d) { return d.device.index; })
      .def_prop_ro(
          "kind",
          [](const PyDevice& d) { return d.device.type == DeviceType::CPU ? "cpu" : "cuda"; })
      .def("use", [](const PyDevice& d) { set_current_device(d.device); })
      .def("synchronize",
           [](const PyDevice& d) { backend_for(d.device).synchronize(d.device.index); })
      .def(
          "__enter__",
          [](PyDevice& d) {
            d.previous.push_back(current_device());
            set_current_device(d.device);
            return d;
          },
          nb::rv_policy::reference)
      .def("__exit__",
           [](PyDevice& d, nb::args) {
             if (!d.previous.empty()) {
               set_current_device(d.previous.back());
               d.previous.pop_back();
             }
           })
      .def("__repr__",
           [](const PyDevice& d) {
             return std::string(d.device.type == DeviceType::CPU ? "<CPU Device "
                                                                 : "<CUDA Device ") +
                    std::to_string(d.device.index) + ">";
           })
      .def("__eq__",
           [](const PyDevice& a, nb::handle b) {
             return nb::isinstance<PyDevice>(b) && nb::cast<const PyDevice&>(b).device == a.device;
           })
      .def("__hash__", [](const PyDevice& d) { return d.device.index * 2 + int(d.device.type); })
      .def("__int__", [](const PyDevice& d) { return d.device.index; });

  m.def("get_device_count", [] { return device_count(current_device().type); });
  m.def("cuda_device_count", [] { return cuda_available() ? device_count(DeviceType::CUDA) : 0; });
  m.def("current_device", [] { return PyDevice{current_device(), {}}; });
  m.def("backend_name", [] { return current_device().type == DeviceType::CPU ? "cpu" : "cuda"; });
}

}  // namespace ndgpu::py
