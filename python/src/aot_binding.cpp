// The ahead-of-time kernel pack installed beside this module, and the kernel-cache counters
// (tests check that a fresh process's first calls compile nothing).
#include <dlfcn.h>
#include <nanobind/nanobind.h>

#include <string>

#include "ndgpu/kernel_cache.hpp"

namespace nb = nanobind;

namespace ndgpu::py {

void bind_aot(nb::module_& m) {
  // The module's own file, found from one of its functions: the pack sits in its folder.
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&bind_aot), &info) && info.dli_fname) {
    std::string so = info.dli_fname;
    size_t slash = so.rfind('/');
    set_aot_pack_path((slash == std::string::npos ? std::string(".") : so.substr(0, slash)) +
                      "/aot_kernels.pack");
  }
  m.def("_kernel_cache_stats", [] {
    KernelCacheStats s = kernel_cache_stats();
    nb::dict d;
    d["compiles"] = s.compiles;
    d["disk_hits"] = s.disk_hits;
    d["memory_hits"] = s.memory_hits;
    d["damaged"] = s.damaged;
    d["pack_hits"] = s.pack_hits;
    return d;
  });
}

}  // namespace ndgpu::py
