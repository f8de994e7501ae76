// cp.show_config(), and the site-packages folders where NVIDIA's pip wheels (ndgpu[cuda13])
// put the CUDA libraries, handed to the C++ library before anything opens them.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <vector>

#include "ndgpu/config.hpp"

namespace nb = nanobind;

namespace ndgpu::py {

void bind_config(nb::module_& m) {
  std::vector<std::string> roots;
  for (nb::handle entry : nb::module_::import_("sys").attr("path")) {
    if (!nb::isinstance<nb::str>(entry)) continue;
    std::string path = nb::cast<std::string>(entry);
    if (path.ends_with("site-packages") || path.ends_with("dist-packages")) roots.push_back(path);
  }
  set_library_search_roots(std::move(roots));

  m.def(
      "show_config", [] { nb::print(nb::str(config_text().c_str()), nb::str("")); },
      "show_config()\n\nPrints ndgpu's version, the backend, its devices (with their compute "
      "capability), and\neach library ndgpu uses with the file it was loaded from and its "
      "version, or why\nit is missing (libcuda, NVRTC, cuBLAS, cuBLASLt, cuSOLVER, cuFFT, "
      "cuRAND, CUB, the\nCPU BLAS and FFT).");
  // ndgpu::config() as objects with the structs' fields ('' where a field is unknown).
  nb::class_<DeviceInfo>(m, "_DeviceInfo")
      .def_ro("id", &DeviceInfo::id)
      .def_ro("name", &DeviceInfo::name)
      .def_ro("compute_capability", &DeviceInfo::compute_capability)
      .def_ro("memory_bytes", &DeviceInfo::memory_bytes);
  nb::class_<LibraryInfo>(m, "_LibraryInfo")
      .def_ro("name", &LibraryInfo::name)
      .def_ro("path", &LibraryInfo::path)
      .def_ro("version", &LibraryInfo::version)
      .def_ro("note", &LibraryInfo::note)
      .def_ro("tried", &LibraryInfo::tried);
  nb::class_<Config>(m, "_Config")
      .def_ro("version", &Config::version)
      .def_ro("backend", &Config::backend)
      .def_ro("devices", &Config::devices)
      .def_ro("libraries", &Config::libraries);
  m.def("_config", &config, "ndgpu::config(): what show_config() prints, as data.");
}

}  // namespace ndgpu::py
