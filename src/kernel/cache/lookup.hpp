// Every runtime-compiled kernel goes through here: memory cache per device, then the disk
// cache, then the backend's compiler. Keys hash the full source, every header's text, the
// options, the name expressions and the compiler's identity and target. The disk cache keeps
// each compile's binary and lowered names.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "ndgpu/backend.hpp"

namespace ndgpu::kernel {

struct CompiledKernel {
  std::shared_ptr<LoadedModule> module;  // keeps `function` valid
  void* function = nullptr;
};

// Returns src.entries[entry]'s function on `device`, compiling only on a miss (the
// ahead-of-time pack of the device's backend comes before the disk cache).
CompiledKernel get_kernel(Device device, const KernelSource& src, size_t entry = 0);
// An op's kernel by its unique name: `make` writes the source on the first call per device
// only, so later calls skip building and hashing it.
CompiledKernel named_kernel(Device device, const std::string& name,
                            const std::function<KernelSource()>& make);
// The same without compiling: nullopt when `src` is in none of the caches (the quick tier
// asks this before it runs a kernel through the interpreter instead).
std::optional<CompiledKernel> find_kernel(Device device, const KernelSource& src, size_t entry = 0);
// Loads every entry of `src` (RawModule); keyed and cached as get_kernel. The module finds
// functions by name or by one of src.name_expressions.
std::shared_ptr<LoadedModule> get_module(Device device, const KernelSource& src);

// The disk-cache key of `src` for `device` (exposed for tests).
std::string cache_key(Device device, const KernelSource& src);
// Where the compile for `key` lives on disk.
std::string cache_path(const std::string& key);
// Counters for tests and benchmarks: compiler runs and disk-cache hits in this process;
// pack_hits counts binaries taken from the ahead-of-time pack (cache/aot_pack.hpp).
struct CacheStats {
  uint64_t compiles = 0, disk_hits = 0, memory_hits = 0, damaged = 0, pack_hits = 0;
};
CacheStats cache_stats();
// Forgets the in-memory cache (tests use it to force the disk path).
void clear_memory_cache();

}  // namespace ndgpu::kernel
