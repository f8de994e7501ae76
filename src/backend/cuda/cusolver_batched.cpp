// Stacks of small matrices on the libraries' batched routines: one launch for the whole stack
// where the per-problem loop would pay a launch (and a workspace) per matrix. cuSOLVER's
// potrfBatched and syevjBatched (Jacobi, n ≤ 32); cuBLAS's getrfBatched and getrsBatched.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "backend/cuda/cublas.hpp"
#include "backend/cuda/cusolver.hpp"
#include "backend/cuda/device_scratch.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cusolverDn.h>

namespace ndgpu::cuda {
namespace {

// The typed entry points with their array arguments as void* (one ABI for S, D, C and Z).
using PotrfBatched = cusolverStatus_t (*)(cusolverDnHandle_t, cublasFillMode_t, int, void**, int,
                                          int*, int);
using SyevjSize = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int,
                                       const void*, int, const void*, int*, syevjInfo_t, int);
using Syevj = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int,
                                   void*, int, void*, void*, int, int*, syevjInfo_t, int);
using GetrfBatched = int (*)(void*, int, void**, int, int*, int*, int);
using GetrsBatched = int (*)(void*, int, int, int, void**, int, const int*, void**, int, int*, int);

struct Batched {
  PotrfBatched potrf[4] = {};
  SyevjSize syevj_size[4] = {};
  Syevj syevj[4] = {};
  decltype(&::cusolverDnCreateSyevjInfo) create_syevj = nullptr;
  decltype(&::cusolverDnDestroySyevjInfo) destroy_syevj = nullptr;
  GetrfBatched getrf[4] = {};
  GetrsBatched getrs[4] = {};
};

// Missing symbols leave their routine to the per-problem loop.
const Batched& api() {
  static const Batched b = [] {
    Batched b;
    const SharedLibrary lib = open_cuda_library(kCusolverLibrary);
    if (!lib.handle) return b;
    const char* letters = "SDCZ";
    for (int k = 0; k < 4; ++k) {
      const std::string dn = std::string("cusolverDn") + letters[k];
      const std::string eig = k < 2 ? "syevjBatched" : "heevjBatched";
      b.potrf[k] = reinterpret_cast<PotrfBatched>(lib.symbol((dn + "potrfBatched").c_str()));
      b.syevj_size[k] = reinterpret_cast<SyevjSize>(lib.symbol((dn + eig + "_bufferSize").c_str()));
      b.syevj[k] = reinterpret_cast<Syevj>(lib.symbol((dn + eig).c_str()));
      const std::string blas = std::string("cublas") + letters[k];
      b.getrf[k] = reinterpret_cast<GetrfBatched>(cublas_symbol((blas + "getrfBatched").c_str()));
      b.getrs[k] = reinterpret_cast<GetrsBatched>(cublas_symbol((blas + "getrsBatched").c_str()));
    }
    b.create_syevj =
        reinterpret_cast<decltype(b.create_syevj)>(lib.symbol("cusolverDnCreateSyevjInfo"));
    b.destroy_syevj =
        reinterpret_cast<decltype(b.destroy_syevj)>(lib.symbol("cusolverDnDestroySyevjInfo"));
    return b;
  }();
  return b;
}

void check(int status, const char* call) {
  if (status != 0)
    throw BackendError(std::string(call) + " failed: status " + std::to_string(status));
}

int typed_index(BlasType t) {
  return t == BlasType::F32 ? 0 : t == BlasType::F64 ? 1 : t == BlasType::C64 ? 2 : 3;
}

size_t element_size(BlasType t) {
  return t == BlasType::F32 ? 4 : t == BlasType::C128 ? 16 : 8;
}

// The largest order the batched LU and Cholesky take by default: beyond it a matrix fills
// the device on its own and the per-problem routines are faster.
constexpr int64_t kBatchedMaxOrder = 64;

// On by default for stacks of small matrices (H200, 4096 matrices: inv of 32x32 0.38 ms
// against 306 ms one call per matrix, eigh of 16x16 0.31 ms against 479 ms);
// NDGPU_SOLVER_BATCHED=0 turns the batched routines off, =1 allows them at every order.
bool wanted(const SolverCall& s, int64_t max_order) {
  const char* env = std::getenv("NDGPU_SOLVER_BATCHED");
  if (env && std::strcmp(env, "0") == 0) return false;
  const bool always = env && std::strcmp(env, "1") == 0;
  return s.batch >= 2 && s.n <= max_order && (always || s.n <= kBatchedMaxOrder) &&
         s.type != BlasType::F16;
}

bool potrf(CudaBackend& be, int device, void* h, const SolverCall& s, int* dinfo) {
  const auto f = api().potrf[typed_index(s.type)];
  if (!f || !wanted(s, INT32_MAX)) return false;
  PointerArray a(be, device, s.stream, s.a, s.stride_a, s.batch);
  check(f(static_cast<cusolverDnHandle_t>(h),
          s.lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER, int(s.n), a.get(), int(s.lda),
          dinfo, int(s.batch)),
        "cusolverDn potrfBatched");
  return true;
}

// Jacobi's batched eigensolver takes contiguous stacks of n ≤ 32 (its limit).
bool syevj(CudaBackend& be, int device, void* h, const SolverCall& s, int* dinfo) {
  const Batched& b = api();
  const int k = typed_index(s.type);
  const size_t real = s.type == BlasType::F32 || s.type == BlasType::C64 ? 4 : 8;
  if (!b.syevj[k] || !b.syevj_size[k] || !b.create_syevj || !wanted(s, 32) ||
      s.stride_a != s.lda * s.n * int64_t(element_size(s.type)) ||
      s.stride_w != s.n * int64_t(real))
    return false;
  auto handle = static_cast<cusolverDnHandle_t>(h);
  const cusolverEigMode_t jobz = s.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t uplo = s.lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  syevjInfo_t params = nullptr;
  check(b.create_syevj(&params), "cusolverDnCreateSyevjInfo");
  int lwork = 0;
  const int status = b.syevj_size[k](handle, jobz, uplo, int(s.n), s.a, int(s.lda), s.w, &lwork,
                                     params, int(s.batch));
  if (status == 0) {
    Scratch work(be, device, s.stream, size_t(lwork) * element_size(s.type));
    check(b.syevj[k](handle, jobz, uplo, int(s.n), s.a, int(s.lda), s.w, work.ptr, lwork, dinfo,
                     params, int(s.batch)),
          "cusolverDn syevjBatched");
  }
  b.destroy_syevj(params);
  check(status, "cusolverDn syevjBatched_bufferSize");
  return true;
}

// cuBLAS's batched LU keeps the pivots of matrix i at ipiv + i·n, as the stacks do.
bool lu(CudaBackend& be, int device, const SolverCall& s, int* dinfo) {
  const Batched& b = api();
  const int k = typed_index(s.type);
  const bool solve = s.op == SolverOp::Getrs;
  // getrfBatched divides by a zero pivot (LAPACK skips it): a singular matrix's U gets NaNs
  // where det needs its zero, so only calls that raise on singular matrices come here.
  if ((solve ? !b.getrs[k] : !b.getrf[k] || !s.check) || !wanted(s, INT32_MAX) ||
      s.stride_ipiv != s.n * int64_t(sizeof(int)))
    return false;
  void* h = cublas_handle(be, device, s.stream);
  PointerArray a(be, device, s.stream, s.a, s.stride_a, s.batch);
  if (!solve) {
    check(b.getrf[k](h, int(s.n), a.get(), int(s.lda), s.ipiv, dinfo, int(s.batch)),
          "cublas getrfBatched");
    return true;
  }
  PointerArray x(be, device, s.stream, s.b, s.stride_b, s.batch);
  int argument_info = 0;  // cuBLAS reports a bad argument here, on the host
  check(b.getrs[k](h, s.trans ? 1 : 0, int(s.n), int(s.nrhs), a.get(), int(s.lda), s.ipiv, x.get(),
                   int(s.ldb), &argument_info, int(s.batch)),
        "cublas getrsBatched");
  check(argument_info, "cublas getrsBatched argument");
  return true;
}

}  // namespace

bool solver_batched(CudaBackend& be, int device, void* h, const SolverCall& s, int* dinfo) {
  switch (s.op) {
    case SolverOp::Potrf:
      return potrf(be, device, h, s, dinfo);
    case SolverOp::Syevd:
      return syevj(be, device, h, s, dinfo);
    case SolverOp::Getrf:
    case SolverOp::Getrs:
      return lu(be, device, s, dinfo);
    default:
      return false;
  }
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
bool solver_batched(CudaBackend&, int, void*, const SolverCall&, int*) {
  return false;
}
}  // namespace ndgpu::cuda

#endif
