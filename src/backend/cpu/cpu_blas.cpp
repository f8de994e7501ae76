#include "backend/cpu/cpu_blas.hpp"

#include <complex>
#include <cstdlib>
#include <functional>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "backend/shared_library.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/float16.cuh"  // host float16 conversion, the same code kernels use

namespace ndgpu {
namespace {

std::mutex path_mu;
std::function<std::string()> blas_locator;  // set by the Python module (scipy-openblas32)

// CBLAS's enumerations and the ?gemm entry points (blasint is 32-bit in these builds).
constexpr int kColMajor = 102, kNoTrans = 111, kTrans = 112;
using RealGemm = void (*)(int, int, int, int, int, int, const void*, const void*, int, const void*,
                          int, const void*, void*, int);
template <class T>
using TypedGemm = void (*)(int, int, int, int, int, int, T, const T*, int, const T*, int, T, T*,
                           int);

// The library and its symbol prefix (scipy-openblas prefixes its symbols with scipy_).
struct BlasLibrary {
  SharedLibrary lib;
  std::string prefix;
};
const BlasLibrary& blas_library() {
  static const BlasLibrary l = [] {
    std::vector<std::string> names;
    if (const char* e = std::getenv("NDGPU_BLAS"); e && *e) names.push_back(e);
    std::function<std::string()> locate;
    {
      std::lock_guard lk(path_mu);
      locate = blas_locator;
    }
    if (locate) names.push_back(locate());
    for (const char* n :
         {"libscipy_openblas.so", "libopenblas.so.0", "libopenblas.so", "libcblas.so.3"})
      names.push_back(n);
    BlasLibrary b{open_shared_library(names), ""};
    if (b.lib.symbol("scipy_cblas_sgemm")) b.prefix = "scipy_";
    return b;
  }();
  if (!l.lib.handle)
    throw BackendError(
        "the CPU backend needs a BLAS (pip install scipy-openblas32, or set NDGPU_BLAS to a "
        "library exporting cblas_sgemm); tried:" +
        l.lib.tried);
  return l;
}

struct Cblas {
  TypedGemm<float> sgemm = nullptr;
  TypedGemm<double> dgemm = nullptr;
  RealGemm cgemm = nullptr, zgemm = nullptr;  // alpha and beta by pointer
  std::string error;
};

const Cblas& cblas() {
  static const Cblas api = [] {
    Cblas c;
    const auto& [lib, prefix] = blas_library();
    auto sym = [&](const char* n) { return lib.symbol((prefix + n).c_str()); };
    c.sgemm = reinterpret_cast<TypedGemm<float>>(sym("cblas_sgemm"));
    c.dgemm = reinterpret_cast<TypedGemm<double>>(sym("cblas_dgemm"));
    c.cgemm = reinterpret_cast<RealGemm>(sym("cblas_cgemm"));
    c.zgemm = reinterpret_cast<RealGemm>(sym("cblas_zgemm"));
    if (!c.sgemm || !c.dgemm || !c.cgemm || !c.zgemm)
      c.error = lib.name + " lacks " + prefix + "cblas_{s,d,c,z}gemm";
    return c;
  }();
  if (!api.error.empty()) throw BackendError(api.error);
  return api;
}

int as_blasint(int64_t v, const char* what) {
  if (v > std::numeric_limits<int>::max())
    throw ValueError(std::string("matrix ") + what + " of " + std::to_string(v) +
                     " exceeds the CPU BLAS's 32-bit sizes");
  return int(v);
}

// float16 has no BLAS: products run in float32 and round once, as NumPy's loop does.
void gemm_f16(const Cblas& api, const GemmCall& c, int64_t i) {
  auto widen = [](const void* p, int64_t rows, int64_t ld, int64_t cols) {
    std::vector<float> out(size_t(ld * cols));
    const auto* h = static_cast<const uint16_t*>(p);
    for (int64_t j = 0; j < ld * (cols - 1) + rows; ++j) out[size_t(j)] = half_bits_to_float(h[j]);
    return out;
  };
  const int64_t ar = c.trans_a ? c.k : c.m, ac = c.trans_a ? c.m : c.k;
  const int64_t br = c.trans_b ? c.n : c.k, bc = c.trans_b ? c.k : c.n;
  auto a = widen(static_cast<const uint16_t*>(c.a) + i * c.stride_a, ar, c.lda, ac);
  auto b = widen(static_cast<const uint16_t*>(c.b) + i * c.stride_b, br, c.ldb, bc);
  std::vector<float> out(size_t(c.ldc * c.n));
  api.sgemm(kColMajor, c.trans_a ? kTrans : kNoTrans, c.trans_b ? kTrans : kNoTrans, int(c.m),
            int(c.n), int(c.k), 1.0f, a.data(), int(c.lda), b.data(), int(c.ldb), 0.0f, out.data(),
            int(c.ldc));
  auto* dst = static_cast<uint16_t*>(c.c) + i * c.stride_c;
  for (int64_t col = 0; col < c.n; ++col)
    for (int64_t row = 0; row < c.m; ++row)
      dst[col * c.ldc + row] = float_to_half_bits(out[size_t(col * c.ldc + row)]);
}

}  // namespace

void* cpu_blas_symbol(const std::string& name) {
  const BlasLibrary& b = blas_library();
  void* s = b.lib.symbol((b.prefix + name).c_str());
  if (!s) throw BackendError(b.lib.name + " lacks " + b.prefix + name);
  return s;
}

void set_cpu_blas_locator(std::function<std::string()> locate) {
  std::lock_guard lk(path_mu);
  blas_locator = std::move(locate);
}

namespace cpu {

void cpu_gemm(const GemmCall& c) {
  const Cblas& api = cblas();
  const int m = as_blasint(c.m, "rows"), n = as_blasint(c.n, "columns"),
            k = as_blasint(c.k, "inner dimension");
  const int ta = c.trans_a ? kTrans : kNoTrans, tb = c.trans_b ? kTrans : kNoTrans;
  const int lda = as_blasint(c.lda, "stride"), ldb = as_blasint(c.ldb, "stride"),
            ldc = as_blasint(c.ldc, "stride");
  for (int64_t i = 0; i < c.batch; ++i) {
    auto at = [&](const void* p, int64_t stride, size_t isz) {
      return static_cast<const char*>(p) + i * stride * int64_t(isz);
    };
    char* out = static_cast<char*>(c.c);
    switch (c.type) {
      case BlasType::F16:
        gemm_f16(api, c, i);
        break;
      case BlasType::F32:
        api.sgemm(kColMajor, ta, tb, m, n, k, 1.0f,
                  reinterpret_cast<const float*>(at(c.a, c.stride_a, 4)), lda,
                  reinterpret_cast<const float*>(at(c.b, c.stride_b, 4)), ldb, 0.0f,
                  reinterpret_cast<float*>(out + i * c.stride_c * 4), ldc);
        break;
      case BlasType::F64:
        api.dgemm(kColMajor, ta, tb, m, n, k, 1.0,
                  reinterpret_cast<const double*>(at(c.a, c.stride_a, 8)), lda,
                  reinterpret_cast<const double*>(at(c.b, c.stride_b, 8)), ldb, 0.0,
                  reinterpret_cast<double*>(out + i * c.stride_c * 8), ldc);
        break;
      case BlasType::C64: {
        const std::complex<float> one(1), zero(0);
        api.cgemm(kColMajor, ta, tb, m, n, k, &one, at(c.a, c.stride_a, 8), lda,
                  at(c.b, c.stride_b, 8), ldb, &zero, out + i * c.stride_c * 8, ldc);
        break;
      }
      case BlasType::C128: {
        const std::complex<double> one(1), zero(0);
        api.zgemm(kColMajor, ta, tb, m, n, k, &one, at(c.a, c.stride_a, 16), lda,
                  at(c.b, c.stride_b, 16), ldb, &zero, out + i * c.stride_c * 16, ldc);
        break;
      }
    }
  }
}

}  // namespace cpu
}  // namespace ndgpu
