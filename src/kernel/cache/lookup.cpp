#include "kernel/cache/lookup.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <unordered_map>

#include "backend/device_headers.hpp"
#include "backend/files.hpp"
#include "kernel/cache/aot_pack.hpp"
#include "kernel/quick/tier.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/kernel_cache.hpp"

namespace ndgpu {
namespace kernel {
namespace {

// Disk format: magic, payload length, payload digest, payload. Anything else is damaged
// (files of format 1, a bare binary, are too). The payload is the binary's length, the
// binary, then each lowered name as (length, name expression, length, symbol).
constexpr char kMagic[8] = {'N', 'D', 'G', 'P', 'U', 'K', '2', '\0'};
constexpr size_t kHeader = 8 + 8 + 32;

void put_sized(std::string& out, const std::string& s) {
  uint64_t n = s.size();
  out.append(reinterpret_cast<const char*>(&n), 8);
  out += s;
}

bool get_sized(const std::string& in, size_t& at, std::string& s) {
  uint64_t n;
  if (in.size() - at < 8) return false;
  std::memcpy(&n, in.data() + at, 8);
  at += 8;
  if (in.size() - at < n) return false;
  s.assign(in, at, n);
  at += n;
  return true;
}

std::string encode(const CompiledBinary& c) {
  std::string out;
  put_sized(out, c.binary);
  for (const auto& [expr, symbol] : c.lowered_names) put_sized(out, expr), put_sized(out, symbol);
  return out;
}

std::optional<CompiledBinary> decode(const std::string& payload) {
  CompiledBinary c;
  size_t at = 0;
  if (!get_sized(payload, at, c.binary)) return std::nullopt;
  for (std::string expr, symbol; at < payload.size(); c.lowered_names[expr] = symbol)
    if (!get_sized(payload, at, expr) || !get_sized(payload, at, symbol)) return std::nullopt;
  return c;
}

std::string pack(const std::string& payload) {
  std::string out(kMagic, 8);
  uint64_t n = payload.size();
  out.append(reinterpret_cast<const char*>(&n), 8);
  out += hash_hex(payload);
  return out + payload;
}

std::optional<std::string> unpack(const std::string& file) {
  if (file.size() < kHeader || std::memcmp(file.data(), kMagic, 8) != 0) return std::nullopt;
  uint64_t n;
  std::memcpy(&n, file.data() + 8, 8);
  if (file.size() != kHeader + n) return std::nullopt;
  std::string payload = file.substr(kHeader);
  if (file.compare(16, 32, hash_hex(payload)) != 0) return std::nullopt;
  return payload;
}

const std::string& embedded_headers_digest() {
  static const std::string d = [] {
    std::string all;
    for (const auto& [name, text] : embedded_device_headers()) all += name + '\0' + text + '\0';
    return hash_hex(all);
  }();
  return d;
}

struct State {
  std::mutex mu;
  std::unordered_map<std::string, std::weak_ptr<LoadedModule>> modules;
  std::unordered_map<std::string, std::shared_ptr<LoadedModule>> pinned;  // generated kernels
  std::atomic<uint64_t> compiles{0}, disk_hits{0}, memory_hits{0}, damaged{0}, pack_hits{0};
};
State& state() {
  static State* s = new State;  // never destroyed: modules may be released after main
  return *s;
}

// NDGPU_TRACE_COMPILE=1 prints how long each compile and load took (stderr).
void trace(const char* what, const KernelSource& src, std::chrono::steady_clock::time_point t0) {
  static const bool on = std::getenv("NDGPU_TRACE_COMPILE") != nullptr;
  if (!on) return;
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "ndgpu: %s %s: %.1f ms\n", what, src.name_hint.c_str(), ms);
}

// The compile stored on disk under `key`, if it is there and whole.
std::optional<CompiledBinary> read_cached(const std::string& key) {
  auto file = read_file(cache_path(key));
  // A read-only cache the user configured still serves what it holds.
  if (!file && cache_dir() != configured_cache_dir())
    file = read_file(configured_cache_dir() + "/kernels/" + key + ".bin");
  if (!file) return std::nullopt;
  auto payload = unpack(*file);
  if (auto compiled = payload ? decode(*payload) : std::nullopt) {
    ++state().disk_hits;
    return compiled;
  }
  ++state().damaged;  // the compile that follows overwrites it
  return std::nullopt;
}

CompiledBinary compile_with_cache(Device device, const KernelSource& src, const std::string& key) {
  Backend& be = backend_for(device);
  if (const char* dir = std::getenv("NDGPU_DUMP_SOURCE"); dir && *dir)
    write_file_atomic(std::string(dir) + "/" + src.name_hint + ".cu", src.source);
  auto t0 = std::chrono::steady_clock::now();
  CompiledBinary compiled = be.compile(device.index, src);
  ++state().compiles;
  trace("compile", src, t0);
  try {
    with_cache_dir([&](const std::string& root) {
      std::error_code ec;  // a folder that cannot be made fails the write below
      std::filesystem::create_directories(root + "/kernels", ec);
      write_file_atomic(root + "/kernels/" + key + ".bin", pack(encode(compiled)));
    });
  } catch (const BackendError&) {
    // No folder takes the write: it costs a recompile next time, nothing more.
  }
  return compiled;
}

}  // namespace

std::string cache_key(Device device, const KernelSource& src) {
  std::string material = backend_for(device).compiler_identity(device.index, src);
  material += '\0' + embedded_headers_digest() + '\0' + src.source + '\0';
  for (const auto& o : src.options) material += o + '\0';
  for (const auto& [name, text] : src.headers) material += name + '\0' + text + '\0';
  for (const auto& e : src.entries) {
    material += e.name + '(';
    for (const auto& t : e.param_types) material += t + ',';
    material += ')';
  }
  material += src.compiler == Compiler::Nvcc ? "|nvcc|" : "|default|";
  for (const auto& e : src.name_expressions) material += e + '\0';
  return hash_hex(material);
}

std::string cache_path(const std::string& key) {
  return cache_dir() + "/kernels/" + key + ".bin";
}

namespace {

// The module for `key` from memory, the ahead-of-time pack or the disk cache; nullptr
// when only a compile can make it.
std::shared_ptr<LoadedModule> find_loaded(Device device, const KernelSource& src,
                                          const std::string& key, const std::string& mem_key) {
  auto& st = state();
  {
    std::lock_guard lk(st.mu);
    if (auto it = st.modules.find(mem_key); it != st.modules.end())
      if (auto m = it->second.lock()) {
        ++st.memory_hits;
        return m;
      }
  }
  Backend& be = backend_for(device);
  std::shared_ptr<LoadedModule> module;
  auto t0 = std::chrono::steady_clock::now();
  // The packs hold ndgpu's own kernels: bare cubins or shared objects, no name expressions.
  std::optional<std::string> aot;
  if (src.name_expressions.empty())
    aot = device.type == DeviceType::CUDA ? aot_pack_find(key) : cpu_aot_pack_find(key);
  if (aot) {
    be.check_prebuilt(device.index, src);
    try {
      module = be.load(device.index, CompiledBinary{*aot, {}}, src);
      ++st.pack_hits;
      trace("load (ahead-of-time pack)", src, t0);
    } catch (const BackendError&) {
      // A pack binary the driver (or dlopen) refuses costs a compile, as if it were absent.
    }
  }
  if (!module)
    if (auto compiled = read_cached(key)) {
      t0 = std::chrono::steady_clock::now();
      module = be.load(device.index, *compiled, src);
      trace("load (disk cache)", src, t0);
    }
  if (module) {
    std::lock_guard lk(st.mu);
    st.modules[mem_key] = module;
  }
  return module;
}

std::shared_ptr<LoadedModule> module_for(Device device, const KernelSource& src, bool compile) {
  std::string key = cache_key(device, src);
  std::string mem_key = device.str() + ":" + key;
  if (auto m = find_loaded(device, src, key, mem_key)) return m;
  if (!compile) return nullptr;
  CompiledBinary compiled = compile_with_cache(device, src, key);
  auto t0 = std::chrono::steady_clock::now();
  auto module = backend_for(device).load(device.index, compiled, src);
  trace("load", src, t0);
  std::lock_guard lk(state().mu);
  state().modules[mem_key] = module;
  return module;
}

CompiledKernel entry_of(std::shared_ptr<LoadedModule> module, const KernelSource& src,
                        size_t entry) {
  CompiledKernel k;
  k.module = std::move(module);
  const std::string& name = src.entries.at(entry).name;
  k.function = k.module->function(name);
  if (!k.function)
    throw BackendError("kernel '" + name + "' was not found in the compiled module of '" +
                       src.name_hint + "'");
  return k;
}

}  // namespace

std::shared_ptr<LoadedModule> get_module(Device device, const KernelSource& src) {
  return module_for(device, src, true);
}

std::optional<CompiledKernel> find_kernel(Device device, const KernelSource& src, size_t entry) {
  auto module = module_for(device, src, false);
  if (!module) return std::nullopt;
  return entry_of(std::move(module), src, entry);
}

CompiledKernel get_kernel(Device device, const KernelSource& src, size_t entry) {
  return entry_of(get_module(device, src), src, entry);
}

CompiledKernel named_kernel(Device device, const std::string& name,
                            const std::function<KernelSource()>& make) {
  static std::mutex mu;
  static std::unordered_map<std::string, CompiledKernel> named;
  const std::string key = device.str() + name;
  {
    std::lock_guard lk(mu);
    if (auto it = named.find(key); it != named.end()) return it->second;
  }
  CompiledKernel k = get_kernel(device, make());
  std::lock_guard lk(mu);
  named.emplace(key, k);
  return k;
}

CacheStats cache_stats() {
  auto& s = state();
  return {s.compiles.load(), s.disk_hits.load(), s.memory_hits.load(), s.damaged.load(),
          s.pack_hits.load()};
}

void clear_memory_cache() {
  std::lock_guard lk(state().mu);
  state().modules.clear();
}

}  // namespace kernel

KernelCacheStats kernel_cache_stats() {
  kernel::CacheStats s = kernel::cache_stats();
  kernel::QuickStats q = kernel::quick_stats();
  return {s.compiles,           s.disk_hits,
          s.memory_hits,        s.damaged,
          s.pack_hits,          q.interpreted_launches,
          q.background_compiles};
}

void set_aot_pack_path(const std::string& path) {
  kernel::set_aot_pack_path(path);
}

void set_cpu_aot_pack_path(const std::string& path) {
  kernel::set_cpu_aot_pack_path(path);
}

}  // namespace ndgpu
