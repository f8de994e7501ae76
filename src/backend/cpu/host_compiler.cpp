#include "backend/cpu/host_compiler.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>
#include <vector>

#include "backend/cpu/cuda_on_cpu.hpp"
#include "backend/device_headers.hpp"
#include "backend/files.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

namespace fs = std::filesystem;

std::string compiler_command() {
  if (const char* e = std::getenv("NDGPU_CXX"); e && *e) return e;
  if (const char* e = std::getenv("CXX"); e && *e) return e;
  return "c++";
}

#ifndef NDGPU_KERNEL_SANITIZE_FLAGS
#define NDGPU_KERNEL_SANITIZE_FLAGS ""
#endif
// Kernels are specialised to this machine; the cache key carries the CPU model for that. A
// sanitizer build (NDGPU_SANITIZE) instruments the kernels too. -fwrapv: integer arithmetic
// wraps as NumPy's (and a GPU's) does; signed overflow is otherwise undefined in C++ (UBSan
// found it in the quick tier's int32 add).
const char* kFlags =
    "-std=c++17 -O3 -march=native -fno-math-errno -fwrapv -fPIC -shared "
    "-w " NDGPU_KERNEL_SANITIZE_FLAGS;

// glibc's vector math library, linked by kernels that may vectorise float functions
// (device/ndgpu/cpu_vector_math.hpp); loaded here once to learn that it is present.
bool have_libmvec() {
  static const bool present = ::dlopen("libmvec.so.1", RTLD_NOW | RTLD_GLOBAL) != nullptr;
  return present;
}

std::string cpu_model() {
  auto text = read_file("/proc/cpuinfo").value_or("");
  auto pos = text.find("model name");
  if (pos == std::string::npos) return "unknown-cpu";
  auto end = text.find('\n', pos);
  return text.substr(pos, end - pos);
}

// The embedded device headers, written once per content hash into the cache folder.
const std::string& header_dir() {
  static const std::string dir = [] {
    std::string all;
    for (const auto& [name, text] : embedded_device_headers()) all += name + '\0' + text + '\0';
    std::string sub = "/include-" + hash_hex(all).substr(0, 16);
    auto store = [&](const std::string& root) {
      for (const auto& [name, text] : embedded_device_headers()) {
        fs::path p = fs::path(root + sub) / name;
        std::error_code ec;  // a folder that cannot be made fails the write below
        fs::create_directories(p.parent_path(), ec);
        if (read_file(p.string()) != text) write_file_atomic(p.string(), text);
      }
    };
    return with_cache_dir(store) + sub;
  }();
  return dir;
}

// An executable's resolved file, size and modification time, found as the shell finds it;
// empty when there is none.
std::string program_fingerprint(const std::string& name) {
  std::vector<std::string> candidates;
  if (name.find('/') != std::string::npos) {
    candidates.push_back(name);
  } else {
    const char* env = std::getenv("PATH");
    std::string path = env ? env : "/usr/bin:/bin";
    for (size_t p = 0; p <= path.size();) {
      size_t colon = std::min(path.find(':', p), path.size());
      candidates.push_back(path.substr(p, colon - p) + "/" + name);
      p = colon + 1;
    }
  }
  for (const std::string& c : candidates) {
    std::error_code ec;
    fs::path real = fs::canonical(c, ec);
    if (ec || ::access(real.c_str(), X_OK) != 0) continue;
    auto size = fs::file_size(real, ec);
    auto time = fs::last_write_time(real, ec).time_since_epoch().count();
    if (!ec) return real.string() + ":" + std::to_string(size) + ":" + std::to_string(time);
  }
  return "";
}

// Each program of the compiler command (`ccache g++` has two) fingerprinted: it changes when
// the compiler does, and reading it runs no process (`c++ --version` took 5-30 ms of a first
// call that the ahead-of-time pack makes ~1 ms). Empty when a program cannot be found.
std::string command_fingerprint(const std::string& command) {
  std::string out;
  for (size_t at = 0; at < command.size();) {
    size_t end = std::min(command.find(' ', at), command.size());
    std::string word = command.substr(at, end - at);
    at = end + 1;
    if (word.empty() || word[0] == '-') continue;
    std::string f = program_fingerprint(word);
    if (f.empty()) return "";
    out += f + " ";
  }
  return out;
}

std::string strip_restrict(std::string t) {
  for (const char* kw : {"__restrict__", "__restrict"}) {
    for (size_t p; (p = t.find(kw)) != std::string::npos;) t.erase(p, std::string(kw).size());
  }
  return t;
}

}  // namespace

const std::string& host_compiler_identity() {
  static const std::string id = [] {
    std::string v = command_fingerprint(compiler_command());
    if (v.empty()) {  // not found on PATH: its version, if it runs at all
      int st = 0;
      v = run_command(compiler_command() + " --version", &st);
      v = v.substr(0, v.find('\n'));
    }
    // "tu4": the translation unit's layout (entry points, source rewrites) is part of the key.
    return compiler_command() + " " + v + " " + kFlags + (have_libmvec() ? " mvec " : " ") +
           cpu_model() + " tu4";
  }();
  return id;
}

std::string host_translation_unit(const KernelSource& src) {
  bool fibers = uses_barriers(src.source);
  for (const auto& [name, text] : src.headers) fibers = fibers || uses_barriers(text);
  std::string tu = "#include \"ndgpu/common.cuh\"\n#line 1 \"" + src.name_hint + ".cu\"\n";
  // extern "C" kernels (plain names) are renamed: see rename_kernels.
  std::set<std::string> plain;
  for (const auto& e : src.entries)
    if (entry_symbol(e.name) == e.name + "__ndgpu_entry") plain.insert(e.name);
  tu += rewrite_extern_shared(rename_kernels(src.source, &plain));
  tu += "\n\n// Entry points called by the CPU backend, one per kernel.\n";
  for (const auto& e : src.entries) {
    tu += "extern \"C\" void " + entry_symbol(e.name) + "(const ndgpu_cpu_launch* L, void** a) {\n";
    tu += std::string("  ndgpu_cpu::run_block<") + (fibers ? "true" : "false") + ">(L, [&] { " +
          e.name + (plain.count(e.name) ? kKernelSuffix : "") + "(";
    for (size_t i = 0; i < e.param_types.size(); ++i) {
      if (i) tu += ", ";
      tu += "ndgpu_cpu::param<" + strip_restrict(e.param_types[i]) + ">(a[" + std::to_string(i) +
            "])";
    }
    tu += "); });\n}\n";
  }
  return tu;
}

namespace {

// What a kernel's command passes besides its files and its user headers' folder: the
// precompiled ndgpu/common.cuh is valid only for the very same. `mvec`: links libmvec.
std::string kernel_flags(const KernelSource& src, bool* mvec) {
  // cpu_only/ first: its cuda_fp16.h stands in for the toolkit's (NVCC's) one.
  std::string flags = std::string(kFlags) + " -DNDGPU_CPU_KERNEL -I" +
                      shell_quote(header_dir() + "/cpu_only") + " -I" + shell_quote(header_dir());
  bool exact_twin = false;  // an interpreted twin must get the same bits: scalar math
  for (const auto& opt : src.options) {
    if (opt.rfind("-D", 0) == 0 || opt.rfind("-U", 0) == 0) flags += " " + shell_quote(opt);
    if (opt == "-fmad=false") flags += " -ffp-contract=off";  // NVRTC's spelling of no FMA
    exact_twin = exact_twin || opt == "-fmad=false";
  }
  *mvec = have_libmvec() && !exact_twin;
  if (*mvec) flags += " -DNDGPU_LIBMVEC";
  return flags;
}

bool has_user_macros(const KernelSource& src) {
  for (const auto& opt : src.options)
    if (opt.rfind("-D", 0) == 0 || opt.rfind("-U", 0) == 0) return true;
  return false;
}

// ndgpu/common.cuh precompiled for one set of kernel flags. GCC looks for common.cuh.gch
// beside the header and, that being a folder, takes the first file in it that fits.
std::string precompiled_path(const std::string& flags) {
  return header_dir() + "/ndgpu/common.cuh.gch/" +
         hash_hex(compiler_command() + flags).substr(0, 16) + ".gch";
}

std::string precompile_command(const std::string& flags, const std::string& out) {
  std::string header_flags = flags;
  header_flags.erase(header_flags.find(" -shared"), 8);  // the same flags, for a header
  return compiler_command() + " " + header_flags + " -x c++-header " +
         shell_quote(header_dir() + "/ndgpu/common.cuh") + " -o " + shell_quote(out);
}

std::atomic<bool> background_precompile{true};

// Precompiles the header for `flags` once per cache folder, in a detached process: no call
// waits for it, and later compiles find it (sin's 0.85 s became 0.40 s). A marker keeps
// the processes sharing the folder from each making it.
void precompile_in_background(const std::string& flags) {
  static const bool off = [] {
    const char* e = std::getenv("NDGPU_CPU_PCH");
    return e && std::string(e) == "0";
  }();
  if (off || !background_precompile.load()) return;
  const std::string gch = precompiled_path(flags);
  static std::mutex mu;
  static std::set<std::string> started;
  {
    std::lock_guard lk(mu);
    if (!started.insert(gch).second) return;
  }
  std::error_code ec;
  if (fs::exists(gch, ec)) return;
  fs::create_directories(fs::path(gch).parent_path(), ec);
  const std::string stem = header_dir() + "/ndgpu/." + fs::path(gch).stem().string();
  const std::string marker = stem + ".making", tmp = stem + "." + std::to_string(::getpid());
  auto age = fs::file_time_type::clock::now() - fs::last_write_time(marker, ec);
  if (!ec && age < std::chrono::minutes(2)) return;  // another process is at it
  std::string cmd = "(" + precompile_command(flags, tmp) + " && mv -f " + shell_quote(tmp) + " " +
                    shell_quote(gch) + "; rm -f " + shell_quote(tmp) + " " + shell_quote(marker) +
                    ") </dev/null >/dev/null 2>&1 &";
  try {
    write_file_atomic(marker, "");
    int status = 0;
    run_command(cmd, &status);
  } catch (const std::exception&) {
    // A read-only cache folder: compiles go on without the precompiled header.
  }
}

}  // namespace

std::string compile_shared_object(const KernelSource& src) {
  TempDir tmp("ndgpu");
  const fs::path work = tmp.path();
  // User headers (RawKernel options -I) are written beside the source, never read via -I.
  for (const auto& [name, text] : src.headers) {
    fs::path p = work / "include" / name;
    fs::create_directories(p.parent_path());
    write_file_atomic(p.string(), rewrite_extern_shared(text));
  }
  std::string tu = host_translation_unit(src);
  write_file_atomic((work / "kernel.cpp").string(), tu);
  bool mvec = false;
  const std::string flags = kernel_flags(src, &mvec);
  std::string cmd = compiler_command() + " " + flags + " -I" +
                    shell_quote((work / "include").string()) + " " +
                    shell_quote((work / "kernel.cpp").string()) + " -o " +
                    shell_quote((work / "kernel.so").string());
  if (mvec) cmd += " -l:libmvec.so.1";
  int status = 0;
  std::string log = run_command(cmd, &status);
  if (status != 0)
    throw CompileError("failed to compile kernel '" + src.name_hint + "' with the host compiler\n" +
                           cmd + "\n" + log + "\nsource:\n" + number_lines(src.source),
                       log, src.source);
  auto so = read_file((work / "kernel.so").string());
  if (!so) throw BackendError("the host compiler wrote no output for '" + src.name_hint + "'");
  // Kernels with their own macros are left alone: each set would be another 17 MB header.
  if (!has_user_macros(src)) precompile_in_background(flags);
  return *so;
}

std::string precompile_common_header(const KernelSource& like) {
  bool mvec = false;
  const std::string flags = kernel_flags(like, &mvec), gch = precompiled_path(flags);
  std::error_code ec;
  fs::create_directories(fs::path(gch).parent_path(), ec);
  int status = 0;
  std::string cmd = precompile_command(flags, gch), log = run_command(cmd, &status);
  if (status != 0) throw BackendError("cannot precompile ndgpu/common.cuh\n" + cmd + "\n" + log);
  return gch;
}

void set_background_precompile(bool on) {
  background_precompile = on;
}

std::string precompiled_header_path(const KernelSource& src) {
  bool mvec = false;
  return precompiled_path(kernel_flags(src, &mvec));
}

}  // namespace ndgpu::cpu
