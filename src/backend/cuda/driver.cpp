#include "backend/cuda/driver.hpp"

#include <dlfcn.h>

#include <array>
#include <atomic>
#include <mutex>
#include <type_traits>

#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS

namespace ndgpu::cuda {
namespace {

struct DriverState {
  DriverApi api;
  bool ok = false;
  std::string status;
};

// Resolves every symbol; a missing one makes the whole driver unusable (too old).
bool resolve(void* lib, DriverApi& api, std::string& status) {
  bool ok = true;
  auto load = [&](auto& fn, const char* name) {
    void* sym = dlsym(lib, name);
    // Drivers before CUDA 12.8 export only the first cuEventElapsedTime (same signature).
    if (!sym && std::string(name) == "cuEventElapsedTime_v2")
      sym = dlsym(lib, "cuEventElapsedTime");
    if (!sym) {
      if (ok) status = std::string("libcuda.so.1 lacks ") + name + " (driver too old)";
      ok = false;
      return;
    }
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
  };
#define NDGPU_LOAD_FN(name) load(api.name, #name);
  NDGPU_CUDA_DRIVER_FUNCTIONS(NDGPU_LOAD_FN)
#undef NDGPU_LOAD_FN
  return ok;
}

std::string describe(const DriverApi& api, CUresult r) {
  const char* name = nullptr;
  const char* text = nullptr;
  if (api.cuGetErrorName) api.cuGetErrorName(r, &name);
  if (api.cuGetErrorString) api.cuGetErrorString(r, &text);
  std::string out = name ? name : "CUDA error " + std::to_string(int(r));
  if (text) out += std::string(" (") + text + ")";
  return out;
}

DriverState& state() {
  static DriverState s = [] {
    DriverState st;
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
    if (!lib) {
      const char* err = dlerror();
      st.status = std::string("cannot open libcuda.so.1: ") + (err ? err : "unknown error");
      return st;
    }
    if (!resolve(lib, st.api, st.status)) return st;
    CUresult r = st.api.cuInit(0);
    if (r == CUDA_ERROR_STUB_LIBRARY || r == CUDA_ERROR_NO_DEVICE) {
      st.status = "no CUDA device (" + describe(st.api, r) + ")";
      return st;
    }
    if (r != CUDA_SUCCESS) {
      st.status = "cuInit failed: " + describe(st.api, r);
      return st;
    }
    int n = 0;
    r = st.api.cuDeviceGetCount(&n);
    if (r != CUDA_SUCCESS || n <= 0) {
      st.status =
          r != CUDA_SUCCESS ? "cuDeviceGetCount failed: " + describe(st.api, r) : "no CUDA device";
      return st;
    }
    st.api.device_count = n;
    st.ok = true;
    return st;
  }();
  return s;
}

constexpr int kMaxDevices = 64;
std::array<std::atomic<CUcontext>, kMaxDevices> g_contexts{};
std::mutex g_context_mutex;

}  // namespace

const DriverApi* driver_api() {
  DriverState& s = state();
  return s.ok ? &s.api : nullptr;
}

const DriverApi& driver() {
  DriverState& s = state();
  if (!s.ok) throw BackendError("CUDA driver unavailable: " + s.status);
  return s.api;
}

std::string error_text(CUresult r) {
  return describe(state().api, r);
}

void check(CUresult r, const char* call) {
  if (r == CUDA_SUCCESS) return;
  std::string name = call;
  if (name.size() > 3 && name.compare(name.size() - 3, 3, "_v2") == 0) name.resize(name.size() - 3);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) throw OutOfMemoryError(name + " failed: " + error_text(r));
  throw BackendError(name + " failed: " + error_text(r));
}

CUcontext primary_context(int device) {
  const DriverApi& api = driver();
  if (device < 0 || device >= api.device_count || device >= kMaxDevices)
    throw BackendError("invalid CUDA device " + std::to_string(device) + " (there are " +
                       std::to_string(api.device_count) + ")");
  CUcontext ctx = g_contexts[device].load(std::memory_order_acquire);
  if (ctx) return ctx;
  std::lock_guard<std::mutex> lock(g_context_mutex);
  ctx = g_contexts[device].load(std::memory_order_relaxed);
  if (ctx) return ctx;
  CUdevice dev = 0;
  NDGPU_CU(cuDeviceGet, &dev, device);
  NDGPU_CU(cuDevicePrimaryCtxRetain, &ctx, dev);
  g_contexts[device].store(ctx, std::memory_order_release);
  return ctx;
}

void make_current(int device) {
  CUcontext want = primary_context(device);
  // Ask the driver rather than trusting a thread_local: CuPy or PyTorch in the same
  // process may have switched this thread's context (the query is a thread-local read).
  CUcontext cur = nullptr;
  NDGPU_CU(cuCtxGetCurrent, &cur);
  if (cur != want) NDGPU_CU(cuCtxSetCurrent, want);
}

std::string driver_status() {
  return state().status;
}

int probe_device_count() {
  const DriverApi* api = driver_api();
  return api ? api->device_count : 0;
}

}  // namespace ndgpu::cuda

#else  // no cuda.h at build time: the backend reports no devices

namespace ndgpu::cuda {
std::string driver_status() {
  return "ndgpu was built without the CUDA headers";
}
int probe_device_count() {
  return 0;
}
}  // namespace ndgpu::cuda

#endif
