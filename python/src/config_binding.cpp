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
      "show_config()\n\nPrints the backend, its devices, and the libraries ndgpu found and "
      "where\n(libcuda, NVRTC, cuBLAS, cuSOLVER, cuFFT, cuRAND, the CPU BLAS and FFT).");
  m.def(
      "_library_report",
      [] {
        nb::list out;
        for (const LibraryInfo& lib : library_report())
          out.append(nb::make_tuple(lib.name, lib.path, lib.note, lib.tried));
        return out;
      },
      "The libraries as (name, path, note, tried) tuples; path is '' when none was found.");
}

}  // namespace ndgpu::py
