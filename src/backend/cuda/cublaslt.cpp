#include "backend/cuda/cublaslt.hpp"

#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/device_scratch.hpp"
#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cublasLt.h>

#include "backend/cuda/driver.hpp"

namespace ndgpu::cuda {
namespace {

struct CublasLt {
  decltype(&::cublasLtCreate) create = nullptr;
  decltype(&::cublasLtMatmulDescCreate) desc_create = nullptr;
  decltype(&::cublasLtMatmulDescSetAttribute) desc_set = nullptr;
  decltype(&::cublasLtMatrixLayoutCreate) layout_create = nullptr;
  decltype(&::cublasLtMatrixLayoutSetAttribute) layout_set = nullptr;
  decltype(&::cublasLtMatmulPreferenceCreate) pref_create = nullptr;
  decltype(&::cublasLtMatmulPreferenceSetAttribute) pref_set = nullptr;
  decltype(&::cublasLtMatmulPreferenceDestroy) pref_destroy = nullptr;
  decltype(&::cublasLtMatmulAlgoGetHeuristic) heuristic = nullptr;
  decltype(&::cublasLtMatmul) matmul = nullptr;
  bool ok = false;
};

const CublasLt& api() {
  static const CublasLt c = [] {
    CublasLt c;
    const SharedLibrary lib = open_cuda_library(kCublasLtLibrary);
    if (!lib.handle) return c;
    auto load = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(lib.symbol(name));
      return fn != nullptr;
    };
    c.ok = load(c.create, "cublasLtCreate") && load(c.desc_create, "cublasLtMatmulDescCreate") &&
           load(c.desc_set, "cublasLtMatmulDescSetAttribute") &&
           load(c.layout_create, "cublasLtMatrixLayoutCreate") &&
           load(c.layout_set, "cublasLtMatrixLayoutSetAttribute") &&
           load(c.pref_create, "cublasLtMatmulPreferenceCreate") &&
           load(c.pref_set, "cublasLtMatmulPreferenceSetAttribute") &&
           load(c.pref_destroy, "cublasLtMatmulPreferenceDestroy") &&
           load(c.heuristic, "cublasLtMatmulAlgoGetHeuristic") && load(c.matmul, "cublasLtMatmul");
    return c;
  }();
  return c;
}

void check(cublasStatus_t s, const char* call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw BackendError(std::string(call) + " failed: cuBLASLt status " + std::to_string(int(s)));
}

constexpr size_t kWorkspace = size_t(32) << 20;  // as the cuBLAS handles'

// A shape's descriptors and chosen algorithm, kept for the process.
struct Plan {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulHeuristicResult_t candidates[8] = {};
  int count = 0, chosen = 0;
};

cublasLtMatrixLayout_t layout(const CublasLt& lt, cudaDataType t, int64_t rows, int64_t cols,
                              int64_t ld, int64_t batch, int64_t stride) {
  cublasLtMatrixLayout_t l = nullptr;
  check(lt.layout_create(&l, t, uint64_t(rows), uint64_t(cols), ld), "cublasLtMatrixLayoutCreate");
  const int32_t count = int32_t(batch);
  check(lt.layout_set(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof(count)),
        "cublasLtMatrixLayoutSetAttribute");
  check(lt.layout_set(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride)),
        "cublasLtMatrixLayoutSetAttribute");
  return l;
}

Plan make_plan(const CublasLt& lt, cublasLtHandle_t h, const GemmCall& g, const GemmTypes& ty) {
  Plan p;
  const auto t = cudaDataType(ty.data);
  check(lt.desc_create(&p.desc, cublasComputeType_t(ty.compute), cudaDataType(ty.scale)),
        "cublasLtMatmulDescCreate");
  const int32_t ta = g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N,
                tb = g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  check(lt.desc_set(p.desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta)), "cublasLt TRANSA");
  check(lt.desc_set(p.desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb)), "cublasLt TRANSB");
  // Stored shapes: op(A) is m×k, so A itself is k×m when transposed.
  p.a = layout(lt, t, g.trans_a ? g.k : g.m, g.trans_a ? g.m : g.k, g.lda, g.batch, g.stride_a);
  p.b = layout(lt, t, g.trans_b ? g.n : g.k, g.trans_b ? g.k : g.n, g.ldb, g.batch, g.stride_b);
  p.c = layout(lt, t, g.m, g.n, g.ldc, g.batch, g.stride_c);
  cublasLtMatmulPreference_t pref = nullptr;
  check(lt.pref_create(&pref), "cublasLtMatmulPreferenceCreate");
  const uint64_t ws = kWorkspace;
  check(lt.pref_set(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws)),
        "cublasLtMatmulPreferenceSetAttribute");
  if (lt.heuristic(h, p.desc, p.a, p.b, p.c, p.c, pref, 8, p.candidates, &p.count) !=
      CUBLAS_STATUS_SUCCESS)
    p.count = 0;
  lt.pref_destroy(pref);
  return p;
}

void run(const CublasLt& lt, cublasLtHandle_t h, const Plan& p, int which, const GemmCall& g,
         const GemmTypes& ty, void* workspace) {
  check(lt.matmul(h, p.desc, ty.one, g.a, p.a, g.b, p.b, ty.zero, g.c, p.c, g.c, p.c,
                  &p.candidates[which].algo, workspace, kWorkspace,
                  reinterpret_cast<cudaStream_t>(g.stream)),
        "cublasLtMatmul");
}

// Times each candidate (a warm-up, then 5 runs) and returns the fastest's index.
int fastest(CudaBackend& be, int device, const CublasLt& lt, cublasLtHandle_t h, const Plan& p,
            const GemmCall& g, const GemmTypes& ty, void* workspace) {
  EventHandle start = be.create_event_flags(device, true, false);
  EventHandle end = be.create_event_flags(device, true, false);
  int best = 0;
  float best_ms = 0;
  for (int i = 0; i < p.count; ++i) {
    run(lt, h, p, i, g, ty, workspace);
    be.record_event(device, start, g.stream);
    for (int r = 0; r < 5; ++r) run(lt, h, p, i, g, ty, workspace);
    be.record_event(device, end, g.stream);
    be.synchronize_event(device, end);
    const float ms = be.elapsed_ms(device, start, end);
    if (i == 0 || ms < best_ms) best = i, best_ms = ms;
  }
  be.destroy_event(device, start);
  be.destroy_event(device, end);
  return best;
}

using Key = std::tuple<int, int, int, bool, bool, int64_t, int64_t, int64_t, int64_t, int64_t,
                       int64_t, int64_t, int64_t, int64_t, int64_t, bool>;

}  // namespace

bool cublaslt_gemm(CudaBackend& be, int device, const GemmCall& g, const GemmTypes& ty, bool tune) {
  const CublasLt& lt = api();
  // A stride of 0 (one matrix for the stack) is left to cuBLAS, which documents it.
  if (!lt.ok || (g.batch > 1 && (g.stride_a == 0 || g.stride_b == 0))) return false;
  make_current(device);
  static std::mutex mu;
  static auto* handles = new std::map<int, cublasLtHandle_t>;
  static auto* plans = new std::map<Key, Plan>;
  std::unique_lock lk(mu);
  cublasLtHandle_t& h = (*handles)[device];
  if (!h) check(lt.create(&h), "cublasLtCreate");
  const Key key{device,  ty.data, ty.compute, g.trans_a, g.trans_b,  g.m,        g.n,        g.k,
                g.batch, g.lda,   g.ldb,      g.ldc,     g.stride_a, g.stride_b, g.stride_c, tune};
  auto it = plans->find(key);
  const bool fresh = it == plans->end();
  if (fresh) it = plans->emplace(key, make_plan(lt, h, g, ty)).first;
  Plan& p = it->second;
  if (p.count == 0) return false;
  Scratch workspace(be, device, g.stream, kWorkspace);
  if (fresh && tune && p.count > 1 && !be.is_capturing(device, g.stream))
    p.chosen = fastest(be, device, lt, h, p, g, ty, workspace.ptr);
  const int which = p.chosen;
  lk.unlock();
  run(lt, h, p, which, g, ty, workspace.ptr);
  return true;
}

}  // namespace ndgpu::cuda

#else

namespace ndgpu::cuda {
bool cublaslt_gemm(CudaBackend&, int, const GemmCall&, const GemmTypes&, bool) {
  return false;
}
}  // namespace ndgpu::cuda

#endif
