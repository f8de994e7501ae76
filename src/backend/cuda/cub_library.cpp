#include "backend/cuda/cub_library.hpp"

#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

#include "backend/cuda/cub/ndgpu_cub.h"
#include "backend/cuda/cuda_backend.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include "backend/cuda/driver.hpp"
#endif

namespace ndgpu {
namespace {

std::mutex& path_mutex() {
  static std::mutex mu;
  return mu;
}
std::string& registered_path() {
  static std::string path;
  return path;
}

}  // namespace

void set_cub_library_path(const std::string& path) {
  std::lock_guard lk(path_mutex());
  registered_path() = path;
}

namespace cuda {
namespace {

struct CubApi {
  decltype(&::ndgpu_cub_sort) sort = nullptr;
  decltype(&::ndgpu_cub_inclusive_sum) inclusive_sum = nullptr;
  decltype(&::ndgpu_cub_histogram) histogram = nullptr;
  std::string error;
};

// NDGPU_CUB, the copy the Python module registered, the build's own, then the loader's path.
std::vector<std::string> candidates() {
  std::vector<std::string> names;
  if (const char* env = std::getenv("NDGPU_CUB"); env && *env) names.push_back(env);
  {
    std::lock_guard lk(path_mutex());
    if (!registered_path().empty()) names.push_back(registered_path());
  }
#ifdef NDGPU_CUB_BUILD_PATH
  names.push_back(NDGPU_CUB_BUILD_PATH);
#endif
  names.push_back("libndgpu_cub.so");
  return names;
}

const CubApi& loaded_api() {
  static const CubApi c = [] {
    CubApi c;
    SharedLibrary lib = open_shared_library(candidates());
    if (!lib.handle) {
      c.error =
          "sorting on CUDA needs libndgpu_cub.so, which ndgpu's build compiles with nvcc when "
          "the CUDA toolkit is found (set NDGPU_CUB to its path); tried:" +
          lib.tried;
      return c;
    }
    auto version =
        reinterpret_cast<decltype(&::ndgpu_cub_abi_version)>(lib.symbol("ndgpu_cub_abi_version"));
    c.sort = reinterpret_cast<decltype(&::ndgpu_cub_sort)>(lib.symbol("ndgpu_cub_sort"));
    c.inclusive_sum = reinterpret_cast<decltype(&::ndgpu_cub_inclusive_sum)>(
        lib.symbol("ndgpu_cub_inclusive_sum"));
    c.histogram =
        reinterpret_cast<decltype(&::ndgpu_cub_histogram)>(lib.symbol("ndgpu_cub_histogram"));
    if (!version || !c.sort || !c.inclusive_sum || !c.histogram ||
        version() != NDGPU_CUB_ABI_VERSION)
      c.error = lib.name + " is not the version this ndgpu was built with; rebuild it";
    return c;
  }();
  return c;
}

const CubApi& api() {
  const CubApi& c = loaded_api();
  if (!c.error.empty()) throw BackendError(c.error);
  return c;
}

// The pool behind CUB's scratch requests; an allocation failure is kept and rethrown.
struct ScratchPool {
  CudaBackend& backend;
  int device;
  StreamHandle stream;
  std::exception_ptr failure;
};

void* scratch_alloc(void* ctx, size_t bytes) {
  auto* pool = static_cast<ScratchPool*>(ctx);
  try {
    return pool->backend.allocate(pool->device, bytes, pool->stream);
  } catch (...) {
    pool->failure = std::current_exception();
    return nullptr;
  }
}

void scratch_free(void* ctx, void* ptr, size_t bytes) {
  auto* pool = static_cast<ScratchPool*>(ctx);
  pool->backend.deallocate(pool->device, ptr, bytes, pool->stream);
}

// Runs one of the library's entries with CUB's scratch from the pool on `stream`; a failed
// allocation is rethrown as itself, any other failure as BackendError naming `what`.
template <class Call>
void run_cub(CudaBackend& backend, int device, StreamHandle stream, Call& cc,
             int (*entry)(const Call*, char*, size_t), const char* what) {
#ifdef NDGPU_HAVE_CUDA_HEADERS
  make_current(device);  // CUB's runtime calls use the thread's current context
#endif
  ScratchPool pool{backend, device, stream, nullptr};
  cc.stream = reinterpret_cast<void*>(stream);
  cc.alloc = scratch_alloc;
  cc.free = scratch_free;
  cc.alloc_ctx = &pool;
  char error[256] = {};
  int rc = entry(&cc, error, sizeof error);
  if (pool.failure) std::rethrow_exception(pool.failure);
  if (rc != 0) throw BackendError(std::string(what) + error);
}

}  // namespace

LibraryInfo cub_library_info() {
  SharedLibrary lib = open_shared_library(candidates());  // the handle loaded_api() holds
  const std::string& error = loaded_api().error;
  if (!lib.handle) return {"CUB", "", "", error.substr(0, error.find(';')), lib.tried};
  std::string path = loaded_path(lib.handle);
  LibraryInfo info{"CUB", path.empty() ? lib.name : path, "", error, ""};
  // Optional in the library (ndgpu_cub.cu): CUB_VERSION, MMMmmmpp.
  if (auto version = reinterpret_cast<int (*)()>(lib.symbol("ndgpu_cub_version"))) {
    int v = version();
    info.version = std::to_string(v / 100000) + "." + std::to_string(v / 100 % 1000) + "." +
                   std::to_string(v % 100);
  }
  return info;
}

void cub_sort(CudaBackend& backend, int device, const SortCall& call) {
  ndgpu_cub_sort_call cc{};
  cc.key_bytes = call.key_bytes;
  cc.n = call.n;
  cc.segments = call.segments;
  cc.keys_in = call.keys_in;
  cc.keys_out = call.keys_out;
  cc.values_in = reinterpret_cast<const long long*>(call.values_in);
  cc.values_out = reinterpret_cast<long long*>(call.values_out);
  cc.float_keys = call.float_keys ? 1 : 0;
  run_cub(backend, device, call.stream, cc, api().sort, "CUB radix sort failed: ");
}

bool cub_inclusive_sum(CudaBackend& backend, int device, const ScanCall& call) {
  const CubApi& c = loaded_api();
  if (!c.error.empty()) return false;  // ndgpu's own scan kernel does it
  ndgpu_cub_scan_call cc{};
  cc.type = int(call.type);
  cc.n = call.n;
  cc.in = call.in;
  cc.out = call.out;
  run_cub(backend, device, call.stream, cc, c.inclusive_sum, "CUB inclusive scan failed: ");
  return true;
}

bool cub_histogram(CudaBackend& backend, int device, const HistogramCall& call) {
  const CubApi& c = loaded_api();
  if (!c.error.empty()) return false;  // the sort-based histogram does it
  ndgpu_cub_histogram_call cc{};
  cc.type = int(call.type);
  cc.n = call.n;
  cc.samples = call.samples;
  cc.levels = call.levels;
  cc.bins = call.bins;
  cc.counts = call.counts;
  run_cub(backend, device, call.stream, cc, c.histogram, "CUB histogram failed: ");
  return true;
}

}  // namespace cuda
}  // namespace ndgpu
