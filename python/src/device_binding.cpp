// cuda.Device: device n of the active backend, with use(), `with` and synchronize().
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>

#include <cctype>
#include <cstdio>

#include "convert.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"

namespace ndgpu::py {
namespace {

int64_t property(const DeviceProperties& p, const std::string& name, int64_t fallback) {
  for (auto& [k, v] : p.values)
    if (k == name) return v;
  return fallback;
}

// CuPy's Device.attributes names the cudaDeviceAttr values, e.g. MaxThreadsPerBlock: the
// properties' names with a capital first letter.
nb::dict attributes_of(const Device& d) {
  nb::dict out;
  for (auto& [k, v] : backend_for(d).properties(d.index).values) {
    std::string name = k;
    name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
    out[name.c_str()] = v;
  }
  return out;
}

}  // namespace

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
      .def_prop_ro("compute_capability",
                   [](const PyDevice& d) {
                     auto p = backend_for(d.device).properties(d.device.index);
                     return std::to_string(property(p, "major", 0) * 10 + property(p, "minor", 0));
                   })
      .def_prop_ro("mem_info",
                   [](const PyDevice& d) {
                     size_t free_bytes = 0, total_bytes = 0;
                     backend_for(d.device).mem_get_info(d.device.index, &free_bytes, &total_bytes);
                     return std::pair<size_t, size_t>(free_bytes, total_bytes);
                   })
      .def_prop_ro("attributes", [](const PyDevice& d) { return attributes_of(d.device); })
      // "domain:bus:device.0" as CUDA prints it; a CPU device has no PCI address of its own.
      .def_prop_ro("pci_bus_id",
                   [](const PyDevice& d) {
                     if (d.device.type == DeviceType::CPU) return d.device.str();
                     auto p = backend_for(d.device).properties(d.device.index);
                     char buf[32];
                     std::snprintf(buf, sizeof buf, "%04x:%02x:%02x.0",
                                   unsigned(property(p, "pciDomainID", 0)),
                                   unsigned(property(p, "pciBusID", 0)),
                                   unsigned(property(p, "pciDeviceID", 0)));
                     return std::string(buf);
                   })
      .def("use", [](const PyDevice& d) { set_current_device(d.device); })
      .def("synchronize",
           [](const PyDevice& d) {
             backend_for(d.device).synchronize(d.device.index);
             raise_pending_index_error(d.device);  // a gather's deferred IndexError
           })
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
      .def("__lt__",
           [](const PyDevice& a, const PyDevice& b) { return a.device.index < b.device.index; })
      .def("__le__",
           [](const PyDevice& a, const PyDevice& b) { return a.device.index <= b.device.index; })
      .def("__gt__",
           [](const PyDevice& a, const PyDevice& b) { return a.device.index > b.device.index; })
      .def("__ge__",
           [](const PyDevice& a, const PyDevice& b) { return a.device.index >= b.device.index; })
      .def("__hash__", [](const PyDevice& d) { return d.device.index * 2 + int(d.device.type); })
      .def("__int__", [](const PyDevice& d) { return d.device.index; });

  m.def("get_device_count", [] { return device_count(current_device().type); });
  m.def("cuda_device_count", [] { return cuda_available() ? device_count(DeviceType::CUDA) : 0; });
  m.def("current_device", [] { return PyDevice{current_device(), {}}; });
  m.def("backend_name", [] { return current_device().type == DeviceType::CPU ? "cpu" : "cuda"; });
}

}  // namespace ndgpu::py
