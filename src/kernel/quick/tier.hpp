// The quick tier (docs/quick_tier.md): a new elementwise kernel's first calls run on a
// pre-built interpreter (device/ndgpu/interp.cuh) while its own kernel compiles in the
// background; later calls use the compiled kernel once it is ready.
#pragma once
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "kernel/cache/lookup.hpp"
#include "kernel/limits.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/interp_program.cuh"
#include "ndgpu/kernel_cache.hpp"

namespace ndgpu::kernel {

// The tier's mode is include/ndgpu/kernel_cache.hpp's QuickTier (quick_tier(),
// set_quick_tier()). In Auto mode the interpreter comes from the ahead-of-time pack or the
// disk cache, never from a compile on the caller's thread.

// An interpreter kernel for `device`, when the mode lets the quick tier run there. In Auto
// mode a missing interpreter is compiled in the background (for later calls and processes).
std::optional<CompiledKernel> quick_interpreter(Device device, const KernelSource& src);
// The interpreters' sources (the ahead-of-time pack builds them): elementwise, and the
// ReductionKernel row interpreter, precise or with the fast math ReductionKernels use.
const KernelSource& interpreter_source();
const KernelSource& rows_interpreter_source(bool fast_math);

// The interpreter's value type for a dtype (none for float16 and complex).
std::optional<interp::Type> interp_type(DType t);

// A kernel compiling on another thread (wait_for_background_work() waits for all of them).
class BackgroundCompile {
 public:
  static std::shared_ptr<BackgroundCompile> start(Device device, KernelSource src);
  // The kernel once compiled; nullopt while compiling. Rethrows the compile's error.
  std::optional<CompiledKernel> ready();
  // Blocks until the compile ends; rethrows its error.
  CompiledKernel wait();

 private:
  std::shared_future<CompiledKernel> result_;
};

// A specialisation's source, generated only when needed: calls that run on the interpreter
// while its compile is under way never generate it.
using SourceFn = std::function<KernelSource()>;

// What a specialisation the interpreter can run does now: use `compiled` (ready, cached, or
// compiled on this thread when the interpreter cannot run this call), or run on
// `interpreter` while `compile` (started here if needed, guarded by `mu`) finishes.
struct QuickDecision {
  std::optional<CompiledKernel> compiled;
  CompiledKernel interpreter;
};
QuickDecision decide_quick(std::mutex& mu, std::shared_ptr<BackgroundCompile>& compile,
                           Device device, const SourceFn& source,
                           const KernelSource& interpreter_src, bool may_interpret);

// With NDGPU_TRACE_COMPILE set, says on stderr why a kernel will not be interpreted.
void trace_quick_decline(const std::string& kernel, const std::string& why);

struct QuickStats {
  uint64_t interpreted_launches = 0, background_compiles = 0;
};
QuickStats quick_stats();
void count_interpreted_launch();

}  // namespace ndgpu::kernel
