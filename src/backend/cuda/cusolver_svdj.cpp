// The SVD by cuSOLVER's one-sided Jacobi (gesvdj): on a GPU much faster than the bidiagonal
// gesvd for the matrices most programs hand it. gesvdj returns V, so cuBLAS's geam writes the
// Vᴴ the Backend promises. NDGPU_SVD=gesvd or =gesvdj overrides the choice by size.
#include <algorithm>
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
using SvdjSize = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, int,
                                      const void*, int, const void*, const void*, int, const void*,
                                      int, int*, gesvdjInfo_t);
using Svdj = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, int, void*, int,
                                  void*, void*, int, void*, int, void*, int, int*, gesvdjInfo_t);
using Geam = int (*)(void*, int, int, int, int, const void*, const void*, int, const void*,
                     const void*, int, void*, int);

struct Jacobi {
  SvdjSize size[4] = {};
  Svdj svd[4] = {};
  Geam geam[4] = {};
  decltype(&::cusolverDnCreateGesvdjInfo) create = nullptr;
  decltype(&::cusolverDnDestroyGesvdjInfo) destroy = nullptr;
  bool ok = false;
};

const Jacobi& api() {
  static const Jacobi j = [] {
    Jacobi j;
    const SharedLibrary lib = open_cuda_library(kCusolverLibrary);
    if (!lib.handle) return j;
    j.ok = true;
    const char* letters = "SDCZ";
    for (int k = 0; k < 4; ++k) {
      const std::string dn = std::string("cusolverDn") + letters[k] + "gesvdj";
      j.size[k] = reinterpret_cast<SvdjSize>(lib.symbol((dn + "_bufferSize").c_str()));
      j.svd[k] = reinterpret_cast<Svdj>(lib.symbol(dn.c_str()));
      j.geam[k] = reinterpret_cast<Geam>(
          cublas_symbol((std::string("cublas") + letters[k] + "geam").c_str()));
      j.ok = j.ok && j.size[k] && j.svd[k] && j.geam[k];
    }
    j.create = reinterpret_cast<decltype(j.create)>(lib.symbol("cusolverDnCreateGesvdjInfo"));
    j.destroy = reinterpret_cast<decltype(j.destroy)>(lib.symbol("cusolverDnDestroyGesvdjInfo"));
    j.ok = j.ok && j.create && j.destroy;
    return j;
  }();
  return j;
}

void check(int status, const char* call) {
  if (status != 0)
    throw BackendError(std::string(call) + " failed: status " + std::to_string(status));
}

// The default up to order kJacobiMaxOrder (H200, float32 1024x1024: 53 ms against gesvd's
// 138); NDGPU_SVD=gesvd or =gesvdj chooses for every size.
constexpr int64_t kJacobiMaxOrder = 2048;

bool wanted(const SolverCall& s) {
  const char* env = std::getenv("NDGPU_SVD");
  if (env && std::strcmp(env, "gesvdj") == 0) return true;
  if (env && std::strcmp(env, "gesvd") == 0) return false;
  return std::min(s.m, s.n) <= kJacobiMaxOrder;
}

}  // namespace

bool cusolver_gesvdj(CudaBackend& be, int device, void* handle, const SolverCall& s, int* dinfo) {
  const Jacobi& j = api();
  if (!j.ok || !wanted(s)) return false;
  const int k = s.type == BlasType::F32   ? 0
                : s.type == BlasType::F64 ? 1
                : s.type == BlasType::C64 ? 2
                                          : 3;
  const size_t isz = s.type == BlasType::F32 ? 4 : s.type == BlasType::C128 ? 16 : 8;
  auto h = static_cast<cusolverDnHandle_t>(handle);
  const bool vectors = s.job != 'N';
  const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // Without vectors, gesvdj still writes an identity into U and V (an illegal access through
  // null pointers on the H200): economy-size scratch for both.
  const int econ = s.job == 'A' ? 0 : 1, m = int(s.m), n = int(s.n);
  const int ldu = std::max(m, 1), ldv = std::max(n, 1);
  Scratch v(be, device, s.stream, size_t(n) * size_t(n) * isz);
  Scratch u_scratch(be, device, s.stream, vectors ? 0 : size_t(m) * size_t(n) * isz);
  void* u = vectors ? s.u : u_scratch.ptr;
  gesvdjInfo_t params = nullptr;
  check(j.create(&params), "cusolverDnCreateGesvdjInfo");
  int lwork = 0;
  int status =
      j.size[k](h, jobz, econ, m, n, s.a, int(s.lda), s.w, u, ldu, v.ptr, ldv, &lwork, params);
  if (status == 0) {
    Scratch work(be, device, s.stream, size_t(lwork) * isz);
    status = j.svd[k](h, jobz, econ, m, n, s.a, int(s.lda), s.w, u, ldu, v.ptr, ldv, work.ptr,
                      lwork, dinfo, params);
  }
  j.destroy(params);
  check(status, "cusolverDn gesvdj");
  if (!vectors) return true;
  // Vᴴ = 1·op(V) + 0·Vᴴ, in place over the output (geam's documented in-place form).
  const double d1[2] = {1, 0}, d0[2] = {0, 0};
  const float f1[2] = {1, 0}, f0[2] = {0, 0};
  const bool single = s.type == BlasType::F32 || s.type == BlasType::C64;
  const void* one = single ? static_cast<const void*>(f1) : d1;
  const void* zero = single ? static_cast<const void*>(f0) : d0;
  check(j.geam[k](cublas_handle(be, device, s.stream), 2 /* CUBLAS_OP_C */, 0 /* CUBLAS_OP_N */, n,
                  n, one, v.ptr, ldv, zero, s.vt, int(s.ldvt), s.vt, int(s.ldvt)),
        "cublas geam");
  return true;
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
bool cusolver_gesvdj(CudaBackend&, int, void*, const SolverCall&, int*) {
  return false;
}
}  // namespace ndgpu::cuda

#endif
