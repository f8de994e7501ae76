#include "backend/cuda/cufft.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/fft_plan_cache.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cufft.h>

#include "backend/cuda/driver.hpp"

namespace ndgpu::cuda {
namespace {

struct Cufft {
  decltype(&::cufftCreate) create = nullptr;
  decltype(&::cufftDestroy) destroy = nullptr;
  decltype(&::cufftSetAutoAllocation) set_auto_allocation = nullptr;
  decltype(&::cufftMakePlanMany64) make_plan = nullptr;
  decltype(&::cufftSetWorkArea) set_work_area = nullptr;
  decltype(&::cufftSetStream) set_stream = nullptr;
  decltype(&::cufftExecC2C) exec_c2c = nullptr;
  decltype(&::cufftExecZ2Z) exec_z2z = nullptr;
  decltype(&::cufftExecR2C) exec_r2c = nullptr;
  decltype(&::cufftExecD2Z) exec_d2z = nullptr;
  decltype(&::cufftExecC2R) exec_c2r = nullptr;
  decltype(&::cufftExecZ2D) exec_z2d = nullptr;
  std::string error;
};

template <class F>
void bind(const SharedLibrary& lib, F& fn, const char* name, bool& missing) {
  fn = reinterpret_cast<F>(lib.symbol(name));
  missing = missing || !fn;
}

const Cufft& api() {
  static const Cufft c = [] {
    Cufft c;
    SharedLibrary lib = open_cuda_library(kCufftLibrary);
    if (!lib.handle) {
      c.error =
          "FFTs on CUDA need cuFFT (the CUDA toolkit's libcufft, or pip install "
          "nvidia-cufft and set NDGPU_CUFFT to its libcufft.so); tried:" +
          lib.tried;
      return c;
    }
    bool missing = false;
    bind(lib, c.create, "cufftCreate", missing);
    bind(lib, c.destroy, "cufftDestroy", missing);
    bind(lib, c.set_auto_allocation, "cufftSetAutoAllocation", missing);
    bind(lib, c.make_plan, "cufftMakePlanMany64", missing);
    bind(lib, c.set_work_area, "cufftSetWorkArea", missing);
    bind(lib, c.set_stream, "cufftSetStream", missing);
    bind(lib, c.exec_c2c, "cufftExecC2C", missing);
    bind(lib, c.exec_z2z, "cufftExecZ2Z", missing);
    bind(lib, c.exec_r2c, "cufftExecR2C", missing);
    bind(lib, c.exec_d2z, "cufftExecD2Z", missing);
    bind(lib, c.exec_c2r, "cufftExecC2R", missing);
    bind(lib, c.exec_z2d, "cufftExecZ2D", missing);
    if (missing) c.error = lib.name + " lacks a cuFFT entry point ndgpu uses (too old?)";
    return c;
  }();
  if (!c.error.empty()) throw BackendError(c.error);
  return c;
}

void check(cufftResult r, const char* call) {
  if (r != CUFFT_SUCCESS)
    throw BackendError(std::string(call) + " failed: cuFFT result " + std::to_string(int(r)));
}

cufftType type_of(const FftCall& c) {
  switch (c.kind) {
    case FftKind::C2C:
      return c.double_precision ? CUFFT_Z2Z : CUFFT_C2C;
    case FftKind::R2C:
      return c.double_precision ? CUFFT_D2Z : CUFFT_R2C;
    default:
      return c.double_precision ? CUFFT_Z2D : CUFFT_C2R;
  }
}

// A plan without a work area of its own; `mu` serialises the stream and work area a call
// sets (two threads may share a plan).
struct Plan {
  cufftHandle handle = 0;
  size_t work_bytes = 0;
  std::mutex mu;
  ~Plan() {
    if (handle) api().destroy(handle);
  }
};

std::mutex caches_mu;
FftPlanCache<Plan>& cache_for(int device) {
  static auto* caches = new std::map<int, FftPlanCache<Plan>>;
  std::lock_guard lk(caches_mu);
  return (*caches)[device];
}

std::shared_ptr<Plan> make_plan(const FftCall& c, int64_t& bytes) {
  const Cufft& f = api();
  auto plan = std::make_shared<Plan>();
  check(f.create(&plan->handle), "cufftCreate");
  check(f.set_auto_allocation(plan->handle, 0), "cufftSetAutoAllocation");
  long long n[3] = {c.n[0], c.n[1], c.n[2]};
  // Null embeddings: the basic contiguous layout, batches one after another.
  check(f.make_plan(plan->handle, c.rank, n, nullptr, 1, 0, nullptr, 1, 0, type_of(c), c.batch,
                    &plan->work_bytes),
        "cufftMakePlanMany64");
  bytes = int64_t(plan->work_bytes);
  return plan;
}

}  // namespace

void cufft_run(CudaBackend& be, int device, const FftCall& c) {
  if (c.batch == 0) return;
  make_current(device);
  const Cufft& f = api();
  std::shared_ptr<Plan> plan = cache_for(device).get(
      fft_plan_key(c, false), [&](int64_t& bytes) { return make_plan(c, bytes); });
  std::lock_guard lk(plan->mu);
  const size_t work_bytes = std::max<size_t>(plan->work_bytes, 16);
  void* work = be.allocate(device, work_bytes, c.stream);
  struct Release {
    CudaBackend& be;
    int device;
    void* ptr;
    size_t bytes;
    StreamHandle stream;
    ~Release() { be.deallocate(device, ptr, bytes, stream); }
  } release{be, device, work, work_bytes, c.stream};
  check(f.set_work_area(plan->handle, work), "cufftSetWorkArea");
  check(f.set_stream(plan->handle, reinterpret_cast<cudaStream_t>(c.stream)), "cufftSetStream");
  void* in = const_cast<void*>(c.in);  // cuFFT's signatures are not const; C2C/R2C keep it
  const int dir = c.inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
  switch (type_of(c)) {
    case CUFFT_C2C:
      check(f.exec_c2c(plan->handle, static_cast<cufftComplex*>(in),
                       static_cast<cufftComplex*>(c.out), dir),
            "cufftExecC2C");
      break;
    case CUFFT_Z2Z:
      check(f.exec_z2z(plan->handle, static_cast<cufftDoubleComplex*>(in),
                       static_cast<cufftDoubleComplex*>(c.out), dir),
            "cufftExecZ2Z");
      break;
    case CUFFT_R2C:
      check(
          f.exec_r2c(plan->handle, static_cast<cufftReal*>(in), static_cast<cufftComplex*>(c.out)),
          "cufftExecR2C");
      break;
    case CUFFT_D2Z:
      check(f.exec_d2z(plan->handle, static_cast<cufftDoubleReal*>(in),
                       static_cast<cufftDoubleComplex*>(c.out)),
            "cufftExecD2Z");
      break;
    case CUFFT_C2R:
      check(
          f.exec_c2r(plan->handle, static_cast<cufftComplex*>(in), static_cast<cufftReal*>(c.out)),
          "cufftExecC2R");
      break;
    default:
      check(f.exec_z2d(plan->handle, static_cast<cufftDoubleComplex*>(in),
                       static_cast<cufftDoubleReal*>(c.out)),
            "cufftExecZ2D");
  }
}

FftPlanCacheInfo cufft_plan_cache(int device, const FftPlanCacheChange& change) {
  return cache_for(device).control(change);
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
void cufft_run(CudaBackend&, int, const FftCall&) {
  throw BackendError("ndgpu was built without the CUDA headers: no cuFFT");
}
FftPlanCacheInfo cufft_plan_cache(int, const FftPlanCacheChange&) {
  return {};
}
}  // namespace ndgpu::cuda

#endif
