#include "backend/cuda/cusolver.hpp"

#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cusolverDn.h>

#include "backend/cuda/driver.hpp"

namespace ndgpu::cuda {
namespace {

struct Cusolver {
  decltype(&::cusolverDnCreate) create = nullptr;
  decltype(&::cusolverDnSetStream) set_stream = nullptr;
  decltype(&::cusolverDnCreateParams) create_params = nullptr;
  decltype(&::cusolverDnXgetrf_bufferSize) getrf_size = nullptr;
  decltype(&::cusolverDnXgetrf) getrf = nullptr;
  decltype(&::cusolverDnXgetrs) getrs = nullptr;
  decltype(&::cusolverDnXpotrf_bufferSize) potrf_size = nullptr;
  decltype(&::cusolverDnXpotrf) potrf = nullptr;
  std::string error;
};

const Cusolver& api() {
  static const Cusolver c = [] {
    Cusolver c;
    SharedLibrary lib = open_cuda_library(kCusolverLibrary);
    if (!lib.handle) {
      c.error =
          "linear algebra on CUDA needs cuSOLVER (the CUDA toolkit's libcusolver, or pip "
          "install nvidia-cusolver and set NDGPU_CUSOLVER to its libcusolver.so); tried:" +
          lib.tried;
      return c;
    }
    auto load = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(lib.symbol(name));
      if (!fn && c.error.empty()) c.error = lib.name + " lacks " + name;
    };
    load(c.create, "cusolverDnCreate");
    load(c.set_stream, "cusolverDnSetStream");
    load(c.create_params, "cusolverDnCreateParams");
    load(c.getrf_size, "cusolverDnXgetrf_bufferSize");
    load(c.getrf, "cusolverDnXgetrf");
    load(c.getrs, "cusolverDnXgetrs");
    load(c.potrf_size, "cusolverDnXpotrf_bufferSize");
    load(c.potrf, "cusolverDnXpotrf");
    return c;
  }();
  if (!c.error.empty()) throw BackendError(c.error);
  return c;
}

void check(cusolverStatus_t s, const char* call) {
  if (s != CUSOLVER_STATUS_SUCCESS)
    throw BackendError(std::string(call) + " failed: cuSOLVER status " + std::to_string(int(s)));
}

struct Handle {
  cusolverDnHandle_t handle = nullptr;
  cusolverDnParams_t params = nullptr;
};

// Handles live for the process, one per (device, stream), as cuBLAS's.
Handle handle_for(int device, StreamHandle stream) {
  static std::mutex mu;
  static auto* handles = new std::map<std::pair<int, StreamHandle>, Handle>;
  std::lock_guard lk(mu);
  Handle& h = (*handles)[{device, stream}];
  if (!h.handle) {
    const Cusolver& c = api();
    check(c.create(&h.handle), "cusolverDnCreate");
    check(c.set_stream(h.handle, reinterpret_cast<cudaStream_t>(stream)), "cusolverDnSetStream");
    check(c.create_params(&h.params), "cusolverDnCreateParams");
  }
  return h;
}

cudaDataType data_type(BlasType t) {
  switch (t) {
    case BlasType::F32:
      return CUDA_R_32F;
    case BlasType::F64:
      return CUDA_R_64F;
    case BlasType::C64:
      return CUDA_C_32F;
    case BlasType::C128:
      return CUDA_C_64F;
    default:
      throw TypeError("array type float16 is unsupported in linalg");
  }
}

// Device memory from ndgpu's pool for one call's workspace and info.
struct Scratch {
  CudaBackend& be;
  int device;
  StreamHandle stream;
  void* ptr;
  size_t bytes;
  Scratch(CudaBackend& b, int d, StreamHandle s, size_t n)
      : be(b),
        device(d),
        stream(s),
        ptr(b.allocate(d, std::max<size_t>(n, 16), s)),
        bytes(std::max<size_t>(n, 16)) {}
  ~Scratch() { be.deallocate(device, ptr, bytes, stream); }
};

}  // namespace

int cusolver_run(CudaBackend& be, int device, const SolverCall& s) {
  make_current(device);
  const Cusolver& c = api();
  Handle h = handle_for(device, s.stream);
  const cudaDataType t = data_type(s.type);
  Scratch info(be, device, s.stream, sizeof(int));
  size_t dev_bytes = 0, host_bytes = 0;
  auto run = [&](auto&& size_query, auto&& call) {
    check(size_query(&dev_bytes, &host_bytes), "cusolverDn bufferSize");
    Scratch work(be, device, s.stream, dev_bytes);
    std::vector<char> host(std::max<size_t>(host_bytes, 1));
    check(call(work.ptr, host.data()), "cusolverDn call");
  };
  const cublasFillMode_t uplo = s.lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  int* dinfo = static_cast<int*>(info.ptr);
  switch (s.op) {
    case SolverOp::Getrf:
      run(
          [&](size_t* d, size_t* hb) {
            return c.getrf_size(h.handle, h.params, s.n, s.n, t, s.a, s.lda, t, d, hb);
          },
          [&](void* w, void* hw) {
            return c.getrf(h.handle, h.params, s.n, s.n, t, s.a, s.lda, s.ipiv, t, w, dev_bytes, hw,
                           host_bytes, dinfo);
          });
      break;
    case SolverOp::Getrs:
      check(c.getrs(h.handle, h.params, s.trans ? CUBLAS_OP_T : CUBLAS_OP_N, s.n, s.nrhs, t, s.a,
                    s.lda, s.ipiv, t, s.b, s.ldb, dinfo),
            "cusolverDnXgetrs");
      break;
    case SolverOp::Potrf:
      run(
          [&](size_t* d, size_t* hb) {
            return c.potrf_size(h.handle, h.params, uplo, s.n, t, s.a, s.lda, t, d, hb);
          },
          [&](void* w, void* hw) {
            return c.potrf(h.handle, h.params, uplo, s.n, t, s.a, s.lda, t, w, dev_bytes, hw,
                           host_bytes, dinfo);
          });
      break;
  }
  int host_info = 0;
  be.copy_to_host(device, &host_info, dinfo, sizeof(int), s.stream);
  return host_info;
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
int cusolver_run(CudaBackend&, int, const SolverCall&) {
  throw BackendError("ndgpu was built without the CUDA headers: no cuSOLVER");
}
}  // namespace ndgpu::cuda

#endif
