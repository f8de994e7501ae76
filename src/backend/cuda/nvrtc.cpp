#include "backend/cuda/nvrtc.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <mutex>
#include <type_traits>

#include "backend/device_headers.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"

namespace ndgpu::cuda {}  // namespace ndgpu::cuda

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <nvrtc.h>

namespace ndgpu::cuda {
namespace {

// An X-macro list: clang-format reflows it differently on each run.
// clang-format off
#define NDGPU_NVRTC_FUNCTIONS(X)                                                           \
  X(nvrtcVersion) X(nvrtcGetErrorString) X(nvrtcGetNumSupportedArchs)                      \
  X(nvrtcGetSupportedArchs) X(nvrtcCreateProgram) X(nvrtcDestroyProgram)                   \
  X(nvrtcCompileProgram) X(nvrtcGetProgramLogSize) X(nvrtcGetProgramLog)                   \
  X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) X(nvrtcGetPTXSize) X(nvrtcGetPTX)                  \
  X(nvrtcAddNameExpression) X(nvrtcGetLoweredName)
// clang-format on

struct NvrtcApi {
#define NDGPU_DECLARE_FN(name) decltype(&::name) name = nullptr;
  NDGPU_NVRTC_FUNCTIONS(NDGPU_DECLARE_FN)
#undef NDGPU_DECLARE_FN
  bool ok = false;
  std::string status;
  int major = 0, minor = 0;
  std::vector<int> archs;
};

const NvrtcApi& api_state() {
  static NvrtcApi api = [] {
    NvrtcApi a;
    SharedLibrary opened = open_cuda_library(kNvrtcLibrary);
    void* lib = opened.handle;
    if (!lib) {
      a.status =
          "cannot open libnvrtc (pip install nvidia-cuda-nvrtc, or the CUDA toolkit); "
          "tried:" +
          opened.tried;
      return a;
    }
    bool ok = true;
    auto load = [&](auto& fn, const char* name) {
      void* sym = dlsym(lib, name);
      if (!sym && ok) a.status = std::string("libnvrtc lacks ") + name;
      ok = ok && sym;
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
    };
#define NDGPU_LOAD_FN(name) load(a.name, #name);
    NDGPU_NVRTC_FUNCTIONS(NDGPU_LOAD_FN)
#undef NDGPU_LOAD_FN
    if (!ok) return a;
    a.nvrtcVersion(&a.major, &a.minor);
    int n = 0;
    if (a.nvrtcGetNumSupportedArchs(&n) == NVRTC_SUCCESS && n > 0) {
      a.archs.resize(n);
      a.nvrtcGetSupportedArchs(a.archs.data());
      std::sort(a.archs.begin(), a.archs.end());
    }
    a.ok = true;
    return a;
  }();
  return api;
}

}  // namespace

// -I options for the CUDA toolkit's headers (cuda_fp16.h, cooperative_groups.h and, in CUDA
// 13, the CCCL headers they include), as CuPy passes: user kernels include them. Found next
// to the loaded libnvrtc, else under CUDA_PATH, CUDA_HOME or /usr/local/cuda; none if absent.
// NVRTC reads them only for includes the in-memory headers do not satisfy.
const std::vector<std::string>& toolkit_include_options() {
  static const std::vector<std::string> options = [] {
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    Dl_info info{};
    const NvrtcApi& a = api_state();
    if (a.ok && ::dladdr(reinterpret_cast<void*>(a.nvrtcVersion), &info) && info.dli_fname) {
      fs::path lib_dir = fs::path(info.dli_fname).parent_path();
      for (const char* up : {"../include", "../../include", "../targets/x86_64-linux/include"})
        candidates.push_back(lib_dir / up);
    }
    for (const char* var : {"CUDA_PATH", "CUDA_HOME"})
      if (const char* v = std::getenv(var); v && *v) candidates.push_back(fs::path(v) / "include");
    candidates.push_back("/usr/local/cuda/include");
    std::vector<std::string> out;
    for (const fs::path& dir : candidates) {
      std::error_code ec;
      if (!fs::is_regular_file(dir / "cuda_fp16.h", ec)) continue;
      fs::path d = fs::weakly_canonical(dir, ec);
      out.push_back("-I" + d.string());
      if (fs::is_directory(d / "cccl", ec)) out.push_back("-I" + (d / "cccl").string());
      break;
    }
    return out;
  }();
  return options;
}

namespace {

const NvrtcApi& api() {
  const NvrtcApi& a = api_state();
  if (!a.ok) throw BackendError("NVRTC unavailable: " + a.status);
  return a;
}

void check(nvrtcResult r, const char* call) {
  if (r != NVRTC_SUCCESS)
    throw BackendError(std::string(call) + " failed: " + api().nvrtcGetErrorString(r));
}

// Destroys the program on every path out of nvrtc_compile_program.
struct ProgramGuard {
  nvrtcProgram prog = nullptr;
  ~ProgramGuard() {
    if (prog) api().nvrtcDestroyProgram(&prog);
  }
};

bool has_option(const std::vector<std::string>& options,
                std::initializer_list<const char*> prefixes) {
  for (const std::string& o : options)
    for (const char* p : prefixes)
      if (o.rfind(p, 0) == 0) return true;
  return false;
}

}  // namespace

bool nvrtc_available() {
  return api_state().ok;
}

namespace {
std::mutex warm_mu;
std::future<void>* warm_task = nullptr;  // never destroyed: see nvrtc_wait_for_warm_up
}  // namespace

void nvrtc_warm_up_async(int sm_major, int sm_minor) {
  std::lock_guard lk(warm_mu);
  if (warm_task) return;
  warm_task = new std::future<void>(std::async(std::launch::async, [sm_major, sm_minor] {
    KernelSource s;
    s.name_hint = "ndgpu_warm_up";
    s.source = "extern \"C\" __global__ void ndgpu_warm_up(float* x) { x[threadIdx.x] = 0.0f; }";
    s.options.push_back("-minimal");
    try {
      nvrtc_compile_program(s, sm_major, sm_minor, {});
    } catch (...) {
      // A failing warm-up costs nothing: the real compile reports its own errors.
    }
  }));
}

// exit() must not run while the warm-up compiles: NVRTC registers destructors for its own
// statics during that first compile, so they run before any handler registered earlier and
// pull its data from under the thread. Python waits here from an atexit hook.
void nvrtc_wait_for_warm_up() {
  std::future<void>* task;
  {
    std::lock_guard lk(warm_mu);
    task = warm_task;
  }
  if (task) task->wait();
}

std::string nvrtc_version() {
  const NvrtcApi& a = api();
  return "nvrtc-" + std::to_string(a.major) + "." + std::to_string(a.minor);
}

std::vector<int> nvrtc_supported_archs() {
  return api().archs;
}

NvrtcResult nvrtc_compile_program(const KernelSource& src, int sm_major, int sm_minor,
                                  const std::vector<std::string>& name_expressions, bool cubin) {
  const NvrtcApi& a = api();
  NvrtcResult result;

  // A cubin for the device's architecture. On an H200, NVRTC straight to a cubin took 40-42 ms
  // for a small elementwise kernel where PTX plus the driver's JIT took 58-63 ms (35 + 25),
  // and the disk cache then holds machine code, so later processes run no JIT at all.
  // NDGPU_NVRTC_PTX=1 asks for PTX instead. An architecture NVRTC does not know gets PTX for
  // the newest one it knows below it, which the driver compiles forward.
  int arch = sm_major * 10 + sm_minor;
  static const bool want_ptx = std::getenv("NDGPU_NVRTC_PTX") != nullptr;
  const bool known = std::find(a.archs.begin(), a.archs.end(), arch) != a.archs.end();
  if (known && want_ptx && !cubin) {
    result.arch = "compute_" + std::to_string(arch);
    result.is_ptx = true;
  } else if (known) {
    result.arch = "sm_" + std::to_string(arch);
  } else {
    int best = 0;
    for (int x : a.archs)
      if (x <= arch) best = x;
    if (!best)
      throw BackendError(nvrtc_version() + " cannot target sm_" + std::to_string(arch) +
                         " (its oldest architecture is sm_" +
                         (a.archs.empty() ? std::string("?") : std::to_string(a.archs.front())) +
                         ")");
    result.arch = "compute_" + std::to_string(best);
    result.is_ptx = true;
  }

  // Headers in memory: ndgpu's device headers, then the caller's (which win on a clash).
  std::map<std::string, std::string> headers = embedded_device_headers();
  std::erase_if(headers, [](const auto& h) { return h.first.rfind("cpu_only/", 0) == 0; });
  for (const auto& [name, text] : src.headers) headers[name] = text;
  std::vector<const char*> header_texts, header_names;
  for (const auto& [name, text] : headers) {
    header_names.push_back(name.c_str());
    header_texts.push_back(text.c_str());
  }

  std::vector<std::string> options;
  if (!has_option(src.options, {"-std", "--std"})) options.push_back("-std=c++17");
  if (!has_option(src.options, {"-arch", "--gpu-architecture"}))
    options.push_back("-arch=" + result.arch);
  // -minimal (NVRTC >= 12.4) skips the runtime-API builtins: a third less compile time.
  bool has_minimal = a.major > 12 || (a.major == 12 && a.minor >= 4);
  bool try_minimal = false;
  for (const std::string& o : src.options) {
    if (o == kTryMinimal)
      try_minimal = has_minimal;
    else if (o != "-minimal" || has_minimal)
      options.push_back(o);
  }
  for (const std::string& o : toolkit_include_options()) options.push_back(o);

  ProgramGuard guard;
  std::string file_name = src.name_hint + ".cu";
  auto compile = [&](bool minimal) {
    if (guard.prog) a.nvrtcDestroyProgram(&guard.prog);
    check(a.nvrtcCreateProgram(&guard.prog, src.source.c_str(), file_name.c_str(),
                               int(headers.size()), header_texts.data(), header_names.data()),
          "nvrtcCreateProgram");
    for (const std::string& e : name_expressions)
      check(a.nvrtcAddNameExpression(guard.prog, e.c_str()), "nvrtcAddNameExpression");
    std::vector<const char*> option_ptrs;
    for (const std::string& o : options) option_ptrs.push_back(o.c_str());
    if (minimal) option_ptrs.push_back("-minimal");
    BlockingRegion unblock;  // tens of milliseconds: other host threads go on
    return a.nvrtcCompileProgram(guard.prog, int(option_ptrs.size()), option_ptrs.data());
  };
  // A user kernel may need what -minimal leaves out (textures, device-side runtime calls):
  // then it compiles again in full, and any error is the full compile's.
  nvrtcResult status = compile(try_minimal);
  if (try_minimal && status == NVRTC_ERROR_COMPILATION) status = compile(false);
  size_t log_size = 0;
  check(a.nvrtcGetProgramLogSize(guard.prog, &log_size), "nvrtcGetProgramLogSize");
  result.log.resize(log_size);
  if (log_size) check(a.nvrtcGetProgramLog(guard.prog, result.log.data()), "nvrtcGetProgramLog");
  while (!result.log.empty() && (result.log.back() == '\0' || result.log.back() == '\n'))
    result.log.pop_back();

  if (status != NVRTC_SUCCESS) {
    std::string opts;
    for (const std::string& o : options) opts += " " + o;
    std::string msg = "NVRTC failed to compile kernel '" + src.name_hint + "' for " + result.arch +
                      " (" + a.nvrtcGetErrorString(status) + ", options:" + opts + ")\n" +
                      result.log + "\n--- source ---\n" + number_lines(src.source);
    throw CompileError(msg, result.log, src.source);
  }

  size_t size = 0;
  if (result.is_ptx) {
    check(a.nvrtcGetPTXSize(guard.prog, &size), "nvrtcGetPTXSize");
    result.binary.resize(size);
    check(a.nvrtcGetPTX(guard.prog, result.binary.data()), "nvrtcGetPTX");
    // std::string keeps its own terminator; cuModuleLoadData reads c_str().
    while (!result.binary.empty() && result.binary.back() == '\0') result.binary.pop_back();
  } else {
    check(a.nvrtcGetCUBINSize(guard.prog, &size), "nvrtcGetCUBINSize");
    result.binary.resize(size);
    check(a.nvrtcGetCUBIN(guard.prog, result.binary.data()), "nvrtcGetCUBIN");
  }

  for (const std::string& e : name_expressions) {
    const char* lowered = nullptr;
    check(a.nvrtcGetLoweredName(guard.prog, e.c_str(), &lowered), "nvrtcGetLoweredName");
    result.lowered_names[e] = lowered;
  }
  return result;
}

}  // namespace ndgpu::cuda

#else  // built without nvrtc.h

namespace ndgpu::cuda {
NvrtcResult nvrtc_compile_program(const KernelSource&, int, int, const std::vector<std::string>&,
                                  bool) {
  throw BackendError("NVRTC unavailable: ndgpu was built without the CUDA headers");
}
bool nvrtc_available() {
  return false;
}
void nvrtc_warm_up_async(int, int) {}
void nvrtc_wait_for_warm_up() {}
std::string nvrtc_version() {
  throw BackendError("NVRTC unavailable: ndgpu was built without the CUDA headers");
}
std::vector<int> nvrtc_supported_archs() {
  return {};
}
const std::vector<std::string>& toolkit_include_options() {
  static const std::vector<std::string> none;
  return none;
}
}  // namespace ndgpu::cuda

#endif

namespace ndgpu::cuda {
std::string nvrtc_identity(int cc) {
  return nvrtc_version() + " sm_" + std::to_string(cc);
}

std::string nvrtc_compile(const KernelSource& src, int sm_major, int sm_minor,
                          std::string* log_out) {
  NvrtcResult r = nvrtc_compile_program(src, sm_major, sm_minor, src.name_expressions);
  if (log_out) *log_out = std::move(r.log);
  return std::move(r.binary);
}
}  // namespace ndgpu::cuda
