#include "kernel/quick/tier.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {
namespace {

std::atomic<int> mode_override{-1};
std::atomic<uint64_t> interpreted{0}, compiles_started{0};

const char* mode_env() {
  const char* e = std::getenv("NDGPU_QUICK_TIER");
  return e && *e ? e : nullptr;
}

QuickTier tier_from_env() {
  const char* e = mode_env();
  if (!e) return QuickTier::Off;  // C++ programs opt in (include/ndgpu/kernel_cache.hpp)
  return std::strcmp(e, "0") == 0 ? QuickTier::Off : QuickTier::On;
}

// Per device: the interpreter once found or compiled, or its pending background compile.
struct InterpreterSlot {
  std::mutex mu;
  std::optional<CompiledKernel> kernel;
  std::shared_ptr<BackgroundCompile> pending;
};

InterpreterSlot& slot_for(Device device, const std::string& name) {
  static std::mutex mu;
  // Lives for the process, like the modules it holds.
  static auto* slots = new std::map<std::tuple<int, int, std::string>, InterpreterSlot>;
  std::lock_guard lk(mu);
  return (*slots)[{int(device.type), device.index, name}];
}

}  // namespace

const KernelSource& interpreter_source() {
  static const KernelSource src = [] {
    KernelSource s;
    s.name_hint = "ndgpu_interp";
    s.source =
        "#include \"ndgpu/elementwise.cuh\"\n"
        "#include \"ndgpu/interp.cuh\"\n"
        "extern \"C\" __global__ void ndgpu_interp(const ndgpu::interp::Launch L) {\n"
        "  NDGPU_LOOP(long long, _i, L.n) { ndgpu::interp::run_element(L, _i); }\n"
        "}\n";
    s.entries = {{"ndgpu_interp", {"ndgpu::interp::Launch"}}};
    // No contraction into FMA, here and in every kernel the interpreter stands in for.
    s.options = {"-minimal", "-fmad=false"};
    return s;
  }();
  return src;
}

const KernelSource& rows_interpreter_source(bool fast_math) {
  static const KernelSource precise = [] {
    KernelSource s;
    s.name_hint = "ndgpu_interp_rows";
    s.source = "#include \"ndgpu/interp_rows.cuh\"\n";
    s.entries = {{"ndgpu_interp_rows",
                  {"ndgpu::Strided<int, 1>", "ndgpu::Strided<int, 2>", "ndgpu::Extents<int, 1>",
                   "ndgpu::Extents<int, 1>", "int", "int", "int", "char*", "int",
                   "ndgpu::interp::RowsPrograms"}}};
    s.options = {"-minimal", "-fmad=false"};
    return s;
  }();
  static const KernelSource fast = [] {
    KernelSource s = precise;
    s.name_hint = "ndgpu_interp_rows_fast";
    s.options = {"--use_fast_math", "-DNDGPU_FAST_MATH", "-minimal", "-fmad=false"};
    return s;
  }();
  return fast_math ? fast : precise;
}

std::optional<CompiledKernel> quick_interpreter(Device device, const KernelSource& src) {
  QuickTier mode = quick_tier();
  if (mode == QuickTier::Off || (mode == QuickTier::Auto && device.type != DeviceType::CUDA))
    return std::nullopt;
  InterpreterSlot& s = slot_for(device, src.name_hint);
  std::lock_guard lk(s.mu);
  if (s.kernel) return s.kernel;
  if (s.pending) {
    try {
      if (mode == QuickTier::On)
        s.kernel = s.pending->wait();
      else
        s.kernel = s.pending->ready();
    } catch (const std::exception&) {
      s.pending.reset();  // a failed interpreter compile: the quick tier stays off here
      return std::nullopt;
    }
    if (s.kernel) s.pending.reset();
    return s.kernel;
  }
  if (mode == QuickTier::On) {
    s.kernel = get_kernel(device, src);
    return s.kernel;
  }
  s.kernel = find_kernel(device, src);
  if (!s.kernel) s.pending = BackgroundCompile::start(device, src);
  return s.kernel;
}

std::shared_ptr<BackgroundCompile> BackgroundCompile::start(Device device, KernelSource src) {
  auto self = std::make_shared<BackgroundCompile>();
  auto promise = std::make_shared<std::promise<CompiledKernel>>();
  self->result_ = promise->get_future().share();
  ++compiles_started;
  run_in_background([device, src = std::move(src), promise] {
    try {
      promise->set_value(get_kernel(device, src));
    } catch (...) {
      promise->set_exception(std::current_exception());
    }
  });
  return self;
}

std::optional<CompiledKernel> BackgroundCompile::ready() {
  if (result_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
  return result_.get();
}

CompiledKernel BackgroundCompile::wait() {
  return result_.get();
}

std::optional<interp::Type> interp_type(DType t) {
  switch (t) {
    case DType::Bool:
      return interp::Bool;
    case DType::Int8:
      return interp::I8;
    case DType::UInt8:
      return interp::U8;
    case DType::Int16:
      return interp::I16;
    case DType::UInt16:
      return interp::U16;
    case DType::Int32:
      return interp::I32;
    case DType::UInt32:
      return interp::U32;
    case DType::Int64:
      return interp::I64;
    case DType::UInt64:
      return interp::U64;
    case DType::Float32:
      return interp::F32;
    case DType::Float64:
      return interp::F64;
    default:
      return std::nullopt;
  }
}

QuickDecision decide_quick(std::mutex& mu, std::shared_ptr<BackgroundCompile>& compile,
                           Device device, const SourceFn& source,
                           const KernelSource& interpreter_src, bool may_interpret) {
  std::shared_ptr<BackgroundCompile> pending;
  {
    std::lock_guard lk(mu);
    pending = compile;
  }
  std::optional<KernelSource> src;
  if (pending) {
    if (auto k = pending->ready()) return {k, {}};
  } else {
    src = source();
    if (auto k = find_kernel(device, *src)) return {k, {}};
  }
  std::optional<CompiledKernel> interpreter;
  if (may_interpret) interpreter = quick_interpreter(device, interpreter_src);
  if (!interpreter) return {pending ? pending->wait() : get_kernel(device, *src), {}};
  std::lock_guard lk(mu);
  if (!compile) compile = BackgroundCompile::start(device, src ? std::move(*src) : source());
  return {std::nullopt, *interpreter};
}

void trace_quick_decline(const std::string& kernel, const std::string& why) {
  static const bool on = std::getenv("NDGPU_TRACE_COMPILE") != nullptr;
  if (on) std::fprintf(stderr, "ndgpu: quick tier declines %s: %s\n", kernel.c_str(), why.c_str());
}

QuickStats quick_stats() {
  return {interpreted.load(), compiles_started.load()};
}

void count_interpreted_launch() {
  ++interpreted;
}

}  // namespace ndgpu::kernel

namespace ndgpu {
QuickTier quick_tier() {
  int o = kernel::mode_override.load(std::memory_order_relaxed);
  if (o >= 0) return QuickTier(o);
  static const QuickTier from_env = kernel::tier_from_env();
  return from_env;
}
void set_quick_tier(QuickTier tier) {
  kernel::mode_override.store(int(tier));
}
void enable_quick_tier_by_default() {
  if (!kernel::mode_env()) set_quick_tier(QuickTier::Auto);
}
}  // namespace ndgpu
