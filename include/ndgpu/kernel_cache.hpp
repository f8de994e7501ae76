// The kernel cache as the Python module and C++ users see it: counters, and where the
// ahead-of-time pack of built-in kernels is (docs/architecture.md, "Ahead-of-time kernels").
#pragma once
#include <cstdint>
#include <string>

namespace ndgpu {

// This process's counts: compiler runs, disk-cache hits, memory-cache hits, damaged cache
// files, and binaries taken from the ahead-of-time pack.
struct KernelCacheStats {
  uint64_t compiles = 0, disk_hits = 0, memory_hits = 0, damaged = 0, pack_hits = 0;
};
KernelCacheStats kernel_cache_stats();

// The pack used when NDGPU_AOT_PACK is unset (set, even empty, it wins). A missing or
// damaged file means no ahead-of-time kernels; the run-time compiler takes over.
void set_aot_pack_path(const std::string& path);

}  // namespace ndgpu
