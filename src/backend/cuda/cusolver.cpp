#include "backend/cuda/cusolver.hpp"

#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/device_scratch.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cusolverDn.h>

#include "backend/cuda/driver.hpp"

namespace ndgpu::cuda {
namespace {

// The typed orgqr/ungqr entry points, their array arguments as void* (one ABI for all four).
using OrgqrSize = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, int, const void*, int,
                                       const void*, int*);
using Orgqr = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, int, void*, int, const void*,
                                   void*, int, int*);
// getrf/getrs with 32-bit pivots (the Backend's), typed as orgqr.
using GetrfSize = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, void*, int, int*);
using Getrf = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, void*, int, void*, int*, int*);
using Getrs = cusolverStatus_t (*)(cusolverDnHandle_t, cublasOperation_t, int, int, const void*,
                                   int, const int*, void*, int, int*);

struct Cusolver {
  decltype(&::cusolverDnCreate) create = nullptr;
  decltype(&::cusolverDnSetStream) set_stream = nullptr;
  decltype(&::cusolverDnCreateParams) create_params = nullptr;
  decltype(&::cusolverDnXpotrf_bufferSize) potrf_size = nullptr;
  decltype(&::cusolverDnXpotrf) potrf = nullptr;
  decltype(&::cusolverDnXgeqrf_bufferSize) geqrf_size = nullptr;
  decltype(&::cusolverDnXgeqrf) geqrf = nullptr;
  decltype(&::cusolverDnXgesvd_bufferSize) gesvd_size = nullptr;
  decltype(&::cusolverDnXgesvd) gesvd = nullptr;
  decltype(&::cusolverDnXsyevd_bufferSize) syevd_size = nullptr;
  decltype(&::cusolverDnXsyevd) syevd = nullptr;
  // orgqr/ungqr have no 64-bit form: the typed 32-bit ones, indexed by BlasType's S/D/C/Z.
  OrgqrSize orgqr_size[4] = {};
  Orgqr orgqr[4] = {};
  GetrfSize getrf_size[4] = {};
  Getrf getrf[4] = {};
  Getrs getrs[4] = {};
  // Xgeev arrived in CUDA 12.6: optional, eig names what is missing when it is absent.
  decltype(&::cusolverDnXgeev_bufferSize) geev_size = nullptr;
  decltype(&::cusolverDnXgeev) geev = nullptr;
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
    load(c.potrf_size, "cusolverDnXpotrf_bufferSize");
    load(c.potrf, "cusolverDnXpotrf");
    load(c.geqrf_size, "cusolverDnXgeqrf_bufferSize");
    load(c.geqrf, "cusolverDnXgeqrf");
    load(c.gesvd_size, "cusolverDnXgesvd_bufferSize");
    load(c.gesvd, "cusolverDnXgesvd");
    load(c.syevd_size, "cusolverDnXsyevd_bufferSize");
    load(c.syevd, "cusolverDnXsyevd");
    const char* orgqr_names[4][2] = {{"cusolverDnSorgqr_bufferSize", "cusolverDnSorgqr"},
                                     {"cusolverDnDorgqr_bufferSize", "cusolverDnDorgqr"},
                                     {"cusolverDnCungqr_bufferSize", "cusolverDnCungqr"},
                                     {"cusolverDnZungqr_bufferSize", "cusolverDnZungqr"}};
    const std::string letters = "SDCZ";
    for (int k = 0; k < 4; ++k) {
      load(c.orgqr_size[k], orgqr_names[k][0]);
      load(c.orgqr[k], orgqr_names[k][1]);
      const std::string lu = std::string("cusolverDn") + letters[size_t(k)];
      load(c.getrf_size[k], (lu + "getrf_bufferSize").c_str());
      load(c.getrf[k], (lu + "getrf").c_str());
      load(c.getrs[k], (lu + "getrs").c_str());
    }
    c.geev_size = reinterpret_cast<decltype(c.geev_size)>(lib.symbol("cusolverDnXgeev_bufferSize"));
    c.geev = reinterpret_cast<decltype(c.geev)>(lib.symbol("cusolverDnXgeev"));
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

cudaDataType real_type(BlasType t) {
  return t == BlasType::F32 || t == BlasType::C64 ? CUDA_R_32F : CUDA_R_64F;
}

int typed_index(BlasType t) {
  return t == BlasType::F32 ? 0 : t == BlasType::F64 ? 1 : t == BlasType::C64 ? 2 : 3;
}

size_t element_size(BlasType t) {
  return t == BlasType::F32 ? 4 : t == BlasType::C128 ? 16 : 8;
}

// One problem of a stack; its info goes to `dinfo` (device memory), read back by the caller.
void run_one(CudaBackend& be, int device, const Handle& h, const SolverCall& s, int* dinfo) {
  const Cusolver& c = api();
  const cudaDataType t = data_type(s.type);
  size_t dev_bytes = 0, host_bytes = 0;
  auto run = [&](auto&& size_query, auto&& call) {
    check(size_query(&dev_bytes, &host_bytes), "cusolverDn bufferSize");
    Scratch work(be, device, s.stream, dev_bytes);
    std::vector<char> host(std::max<size_t>(host_bytes, 1));
    check(call(work.ptr, host.data()), "cusolverDn call");
  };
  const cublasFillMode_t uplo = s.lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  const int k = typed_index(s.type);
  switch (s.op) {
    case SolverOp::Getrf: {
      int lwork = 0;
      check(c.getrf_size[k](h.handle, int(s.n), int(s.n), s.a, int(s.lda), &lwork),
            "cusolverDn getrf_bufferSize");
      Scratch work(be, device, s.stream, size_t(lwork) * element_size(s.type));
      check(c.getrf[k](h.handle, int(s.n), int(s.n), s.a, int(s.lda), work.ptr, s.ipiv, dinfo),
            "cusolverDn getrf");
      break;
    }
    case SolverOp::Getrs:
      check(c.getrs[k](h.handle, s.trans ? CUBLAS_OP_T : CUBLAS_OP_N, int(s.n), int(s.nrhs), s.a,
                       int(s.lda), s.ipiv, s.b, int(s.ldb), dinfo),
            "cusolverDn getrs");
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
    case SolverOp::Geqrf:
      run(
          [&](size_t* d, size_t* hb) {
            return c.geqrf_size(h.handle, h.params, s.m, s.n, t, s.a, s.lda, t, s.tau, t, d, hb);
          },
          [&](void* w, void* hw) {
            return c.geqrf(h.handle, h.params, s.m, s.n, t, s.a, s.lda, t, s.tau, t, w, dev_bytes,
                           hw, host_bytes, dinfo);
          });
      break;
    case SolverOp::Orgqr: {
      int lwork = 0;
      check(c.orgqr_size[k](h.handle, int(s.m), int(s.n), int(s.nrhs), s.a, int(s.lda), s.tau,
                            &lwork),
            "cusolverDn orgqr_bufferSize");
      Scratch work(be, device, s.stream, size_t(lwork) * element_size(s.type));
      check(c.orgqr[k](h.handle, int(s.m), int(s.n), int(s.nrhs), s.a, int(s.lda), s.tau, work.ptr,
                       lwork, dinfo),
            "cusolverDn orgqr");
      break;
    }
    case SolverOp::Gesvd: {
      if (cusolver_gesvdj(be, device, h.handle, s, dinfo)) break;
      const signed char job = static_cast<signed char>(s.job);
      const cudaDataType r = real_type(s.type);
      run(
          [&](size_t* d, size_t* hb) {
            return c.gesvd_size(h.handle, h.params, job, job, s.m, s.n, t, s.a, s.lda, r, s.w, t,
                                s.u, s.ldu, t, s.vt, s.ldvt, t, d, hb);
          },
          [&](void* w, void* hw) {
            return c.gesvd(h.handle, h.params, job, job, s.m, s.n, t, s.a, s.lda, r, s.w, t, s.u,
                           s.ldu, t, s.vt, s.ldvt, t, w, dev_bytes, hw, host_bytes, dinfo);
          });
      break;
    }
    case SolverOp::Syevd: {
      const cusolverEigMode_t jobz =
          s.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
      const cudaDataType r = real_type(s.type);
      run(
          [&](size_t* d, size_t* hb) {
            return c.syevd_size(h.handle, h.params, jobz, uplo, s.n, t, s.a, s.lda, r, s.w, t, d,
                                hb);
          },
          [&](void* w, void* hw) {
            return c.syevd(h.handle, h.params, jobz, uplo, s.n, t, s.a, s.lda, r, s.w, t, w,
                           dev_bytes, hw, host_bytes, dinfo);
          });
      break;
    }
    case SolverOp::Geev: {
      if (!c.geev)
        throw NotImplementedError("linalg.eig on CUDA needs cusolverDnXgeev (CUDA 12.6 or later)");
      const cusolverEigMode_t jobvr =
          s.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
      const int64_t ldvr = s.vectors ? s.ldu : 1;
      // Real A: W as 2n reals (real parts, then imaginary parts), as the Backend promises.
      run(
          [&](size_t* d, size_t* hb) {
            return c.geev_size(h.handle, h.params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, s.n, t, s.a,
                               s.lda, t, s.w, t, nullptr, 1, t, s.u, ldvr, t, d, hb);
          },
          [&](void* w, void* hw) {
            return c.geev(h.handle, h.params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, s.n, t, s.a, s.lda,
                          t, s.w, t, nullptr, 1, t, s.u, ldvr, t, w, dev_bytes, hw, host_bytes,
                          dinfo);
          });
      break;
    }
    case SolverOp::Gelsd:
      throw NotImplementedError("cuSOLVER has no gelsd: least squares on CUDA go through the SVD");
  }
}

}  // namespace

int cusolver_run(CudaBackend& be, int device, const SolverCall& s) {
  if (s.batch <= 0) return 0;
  make_current(device);
  const Handle h = handle_for(device, s.stream);
  // One info per problem, read back once for the stack (or never, without `check`).
  Scratch info(be, device, s.stream, size_t(s.batch) * sizeof(int));
  int* dinfo = static_cast<int*>(info.ptr);
  be.memset_async(device, dinfo, 0, size_t(s.batch) * sizeof(int), s.stream);
  if (!solver_batched(be, device, h.handle, s, dinfo))
    for (int64_t i = 0; i < s.batch; ++i) run_one(be, device, h, s.at(i), dinfo + i);
  if (!s.check) return 0;
  std::vector<int> host(size_t(s.batch));
  be.copy_to_host(device, host.data(), dinfo, host.size() * sizeof(int), s.stream);
  for (int v : host)
    if (v != 0) return v;
  return 0;
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
int cusolver_run(CudaBackend&, int, const SolverCall&) {
  throw BackendError("ndgpu was built without the CUDA headers: no cuSOLVER");
}
}  // namespace ndgpu::cuda

#endif
