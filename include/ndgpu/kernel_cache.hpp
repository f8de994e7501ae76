// The kernel cache as the Python module and C++ users see it: counters, and where the
// ahead-of-time pack of built-in kernels is (docs/architecture.md, "Ahead-of-time kernels").
#pragma once
#include <cstdint>
#include <string>

namespace ndgpu {

// This process's counts: compiler runs, disk-cache hits, memory-cache hits, damaged cache
// files, and binaries taken from the ahead-of-time pack.
// interpreted_launches / background_compiles count the quick tier's work (below).
struct KernelCacheStats {
  uint64_t compiles = 0, disk_hits = 0, memory_hits = 0, damaged = 0, pack_hits = 0;
  uint64_t interpreted_launches = 0, background_compiles = 0;
};
KernelCacheStats kernel_cache_stats();

// The quick tier (docs/quick_tier.md): a new kernel's first calls run on a pre-built
// interpreter while the kernel compiles in the background. Auto: on CUDA devices, when the
// interpreter is built already; On: every device, compiling the interpreter if needed; Off:
// never. NDGPU_QUICK_TIER=0/1 chooses Off/On at start-up. Unset, C++ programs get Off: a
// program that uses the tier must call wait_for_background_work() before it exits (NVRTC's
// statics must not be destroyed under a compile). The Python module waits at exit and
// calls enable_quick_tier_by_default(): Auto unless NDGPU_QUICK_TIER is set.
enum class QuickTier { Off, Auto, On };
void set_quick_tier(QuickTier tier);
QuickTier quick_tier();
void enable_quick_tier_by_default();

// The pack used when NDGPU_AOT_PACK is unset (set, even empty, it wins). A missing or
// damaged file means no ahead-of-time kernels; the run-time compiler takes over.
void set_aot_pack_path(const std::string& path);
// The same for the CPU backend's pack of shared objects (NDGPU_CPU_AOT_PACK wins likewise).
void set_cpu_aot_pack_path(const std::string& path);

}  // namespace ndgpu
