#include "backend/cuda/cublas.hpp"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "backend/cuda/cublaslt.hpp"
#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/device_scratch.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cublas_api.h>

#include "backend/cuda/driver.hpp"

namespace ndgpu::cuda {
namespace {

// The C entry points (cublas_api.h overloads the names for C++ with legacy signatures).
using GemmBatchedFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int,
                                         int, int, const void*, const void* const*, cudaDataType,
                                         int, const void* const*, cudaDataType, int, const void*,
                                         void* const*, cudaDataType, int, int, cublasComputeType_t,
                                         cublasGemmAlgo_t);
using GemmFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int,
                                  int, const void*, const void*, cudaDataType, int, long long,
                                  const void*, cudaDataType, int, long long, const void*, void*,
                                  cudaDataType, int, long long, int, cublasComputeType_t,
                                  cublasGemmAlgo_t);

struct Cublas {
  decltype(&::cublasCreate_v2) create = nullptr;
  decltype(&::cublasSetStream_v2) set_stream = nullptr;
  decltype(&::cublasSetWorkspace_v2) set_workspace = nullptr;
  GemmFn gemm = nullptr;
  std::string error;
};

const Cublas& api() {
  static const Cublas c = [] {
    Cublas c;
    SharedLibrary lib = open_cuda_library(kCublasLibrary);
    if (!lib.handle) {
      c.error =
          "matrix products on CUDA need cuBLAS (the CUDA toolkit's libcublas, or pip "
          "install nvidia-cublas and set NDGPU_CUBLAS to its libcublas.so); tried:" +
          lib.tried;
      return c;
    }
    c.create = reinterpret_cast<decltype(c.create)>(lib.symbol("cublasCreate_v2"));
    c.set_stream = reinterpret_cast<decltype(c.set_stream)>(lib.symbol("cublasSetStream_v2"));
    c.set_workspace =
        reinterpret_cast<decltype(c.set_workspace)>(lib.symbol("cublasSetWorkspace_v2"));
    c.gemm = reinterpret_cast<decltype(c.gemm)>(lib.symbol("cublasGemmStridedBatchedEx"));
    if (!c.create || !c.set_stream || !c.set_workspace || !c.gemm)
      c.error = lib.name + " lacks a cuBLAS entry point ndgpu uses (too old?)";
    return c;
  }();
  if (!c.error.empty()) throw BackendError(c.error);
  return c;
}

void check(cublasStatus_t s, const char* call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw BackendError(std::string(call) + " failed: cuBLAS status " + std::to_string(int(s)));
}

// Handles live for the process, one per (device, stream): a handle's stream and workspace
// are its state, and streams are per thread.
cublasHandle_t handle_for(CudaBackend& be, int device, StreamHandle stream) {
  static std::mutex mu;
  static auto* handles = new std::map<std::pair<int, StreamHandle>, cublasHandle_t>;
  std::lock_guard lk(mu);
  auto& h = (*handles)[{device, stream}];
  if (!h) {
    const Cublas& c = api();
    check(c.create(&h), "cublasCreate");
    check(c.set_stream(h, reinterpret_cast<cudaStream_t>(stream)), "cublasSetStream");
    constexpr size_t kWorkspace = size_t(32) << 20;  // cuBLAS's recommendation on Hopper
    check(c.set_workspace(h, be.allocate(device, kWorkspace, stream), kWorkspace),
          "cublasSetWorkspace");
  }
  return h;
}

bool tf32_allowed() {
  for (const char* var : {"NDGPU_TF32", "CUPY_TF32"})
    if (const char* e = std::getenv(var); e && std::strcmp(e, "1") == 0) return true;
  return false;
}

int checked_int(int64_t v) {
  if (v > std::numeric_limits<int>::max())
    throw ValueError("matrix dimension " + std::to_string(v) + " exceeds cuBLAS's 32-bit sizes");
  return int(v);
}

// NDGPU_GEMM picks how products run, for measuring: "strided" (cuBLAS's strided batched GEMM,
// the default), "pointers" (cuBLAS's GEMM over arrays of matrix pointers), "lt" (cuBLASLt,
// its heuristic's first algorithm) or "lt-tune" (cuBLASLt, the fastest of its candidates).
enum class GemmRoute { Strided, Pointers, Lt, LtTune };
GemmRoute gemm_route() {
  const char* e = std::getenv("NDGPU_GEMM");
  if (!e) return GemmRoute::Strided;
  if (std::strcmp(e, "pointers") == 0) return GemmRoute::Pointers;
  if (std::strcmp(e, "lt") == 0) return GemmRoute::Lt;
  if (std::strcmp(e, "lt-tune") == 0) return GemmRoute::LtTune;
  return GemmRoute::Strided;
}

// One pointer per matrix of the stack: cublasGemmBatchedEx's form of the same product.
void gemm_pointers(CudaBackend& be, int device, cublasHandle_t h, const GemmCall& g, cudaDataType t,
                   cublasComputeType_t compute, const void* one, const void* zero) {
  static const auto fn = reinterpret_cast<GemmBatchedFn>(cublas_symbol("cublasGemmBatchedEx"));
  if (!fn) throw BackendError("cuBLAS lacks cublasGemmBatchedEx");
  const size_t isz = g.type == BlasType::F16    ? 2
                     : g.type == BlasType::F32  ? 4
                     : g.type == BlasType::C128 ? 16
                                                : 8;
  auto bytes = [&](int64_t stride) { return stride * int64_t(isz); };
  PointerArray a(be, device, g.stream, const_cast<void*>(g.a), bytes(g.stride_a), g.batch);
  PointerArray b(be, device, g.stream, const_cast<void*>(g.b), bytes(g.stride_b), g.batch);
  PointerArray c(be, device, g.stream, g.c, bytes(g.stride_c), g.batch);
  check(fn(h, g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N, g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N,
           checked_int(g.m), checked_int(g.n), checked_int(g.k), one, a.get(), t,
           checked_int(g.lda), b.get(), t, checked_int(g.ldb), zero, c.get(), t, checked_int(g.ldc),
           checked_int(g.batch), compute, CUBLAS_GEMM_DEFAULT),
        "cublasGemmBatchedEx");
}

}  // namespace

void* cublas_handle(CudaBackend& be, int device, StreamHandle stream) {
  return handle_for(be, device, stream);
}

void* cublas_symbol(const char* name) {
  static const SharedLibrary lib = open_cuda_library(kCublasLibrary);
  return lib.handle ? lib.symbol(name) : nullptr;
}

void cublas_gemm(CudaBackend& be, int device, const GemmCall& g) {
  make_current(device);
  const Cublas& c = api();
  cublasHandle_t h = handle_for(be, device, g.stream);
  cudaDataType t = CUDA_R_32F;
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  const float f1 = 1, f0 = 0;
  const double d1 = 1, d0 = 0;
  const float c1[2] = {1, 0}, c0[2] = {0, 0};
  const double z1[2] = {1, 0}, z0[2] = {0, 0};
  const void *one = &f1, *zero = &f0;
  switch (g.type) {
    case BlasType::F16:
      t = CUDA_R_16F;
      break;  // float32 accumulation, as CuPy
    case BlasType::F32:
      compute = tf32_allowed() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
      break;
    case BlasType::F64:
      t = CUDA_R_64F, compute = CUBLAS_COMPUTE_64F, one = &d1, zero = &d0;
      break;
    case BlasType::C64:
      t = CUDA_C_32F, one = c1, zero = c0;
      break;
    case BlasType::C128:
      t = CUDA_C_64F, compute = CUBLAS_COMPUTE_64F, one = z1, zero = z0;
      break;
  }
  const GemmRoute route = gemm_route();
  if (route == GemmRoute::Lt || route == GemmRoute::LtTune) {
    cudaDataType scale = compute == CUBLAS_COMPUTE_64F ? CUDA_R_64F : CUDA_R_32F;
    if (g.type == BlasType::C64 || g.type == BlasType::C128)
      scale = g.type == BlasType::C64 ? CUDA_C_32F : CUDA_C_64F;
    const GemmTypes types{int(t), int(compute), int(scale), one, zero};
    if (cublaslt_gemm(be, device, g, types, route == GemmRoute::LtTune)) return;
  }
  if (route == GemmRoute::Pointers && g.batch > 1)
    return gemm_pointers(be, device, h, g, t, compute, one, zero);
  check(c.gemm(h, g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N, g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N,
               checked_int(g.m), checked_int(g.n), checked_int(g.k), one, g.a, t,
               checked_int(g.lda), g.stride_a, g.b, t, checked_int(g.ldb), g.stride_b, zero, g.c, t,
               checked_int(g.ldc), g.stride_c, checked_int(g.batch), compute, CUBLAS_GEMM_DEFAULT),
        "cublasGemmStridedBatchedEx");
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
void cublas_gemm(CudaBackend&, int, const GemmCall&) {
  throw BackendError("ndgpu was built without the CUDA headers: no cuBLAS");
}
void* cublas_handle(CudaBackend&, int, StreamHandle) {
  throw BackendError("ndgpu was built without the CUDA headers: no cuBLAS");
}
void* cublas_symbol(const char*) {
  return nullptr;
}
}  // namespace ndgpu::cuda

#endif
