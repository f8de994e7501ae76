// The ahead-of-time kernel packs and libndgpu_cub.so installed beside this module, and the
// kernel-cache counters (tests check that a fresh process's first calls compile nothing).
#include <dlfcn.h>
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include <string>

#include "ndgpu/backend.hpp"
#include "ndgpu/fuse.hpp"
#include "ndgpu/kernel_cache.hpp"

namespace nb = nanobind;

namespace ndgpu::py {

void bind_aot(nb::module_& m) {
  // The module's own file, found from one of its functions: the pack sits in its folder.
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&bind_aot), &info) && info.dli_fname) {
    std::string so = info.dli_fname;
    size_t slash = so.rfind('/');
    std::string folder = slash == std::string::npos ? std::string(".") : so.substr(0, slash);
    set_aot_pack_path(folder + "/aot_kernels.pack");
    set_cpu_aot_pack_path(folder + "/cpu_kernels.pack");
    set_cub_library_path(folder + "/libndgpu_cub.so");  // CUB's sorts (docs/sorting.md)
  }
  m.def("_kernel_cache_stats", [] {
    KernelCacheStats s = kernel_cache_stats();
    nb::dict d;
    d["compiles"] = s.compiles;
    d["disk_hits"] = s.disk_hits;
    d["memory_hits"] = s.memory_hits;
    d["damaged"] = s.damaged;
    d["pack_hits"] = s.pack_hits;
    d["interpreted_launches"] = s.interpreted_launches;
    d["background_compiles"] = s.background_compiles;
    return d;
  });
  m.def("_deferred_stats", [] {  // comparisons that waited for a where (ops/fuse/deferred.hpp)
    fuse::DeferredStats s = fuse::deferred_stats();
    nb::dict d;
    d["deferred"] = s.deferred;
    d["fused"] = s.fused;
    d["mask_writes_skipped"] = s.mask_writes_skipped;
    return d;
  });
  m.def("_run_deferred_work", [] { run_deferred_work(); });
  // The quick tier's mode: "off", "auto" or "on" (tests force it on for the CPU backend).
  m.def("_set_quick_tier", [](const std::string& mode) {
    if (mode == "off")
      set_quick_tier(QuickTier::Off);
    else if (mode == "auto")
      set_quick_tier(QuickTier::Auto);
    else if (mode == "on")
      set_quick_tier(QuickTier::On);
    else
      throw nb::value_error("quick tier mode must be 'off', 'auto' or 'on'");
  });
  m.def("_quick_tier", [] {
    QuickTier t = quick_tier();
    return t == QuickTier::Off ? "off" : t == QuickTier::Auto ? "auto" : "on";
  });
}

}  // namespace ndgpu::py
