// cupyx.scipy.special (SciPy's special functions) as C++ functions of their SciPy names:
// `ndgpu::special::erf(x)`, `ndgpu::special::xlogy(x, y, {.out = o})`. Each is a ufunc with
// SciPy's float32 and float64 loops (src/ops/ufunc_table.cpp, device/ndgpu/ufunc_special.cuh).
#pragma once
#include <utility>

#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc_functions.hpp"

namespace ndgpu::special {

// clang-format off
#define NDGPU_SPECIAL_UNARY(X)                                                                 \
  X(erf) X(erfc) X(erfcx) X(erfinv) X(erfcinv) X(ndtr) X(ndtri) X(log_ndtr) X(expit) X(logit)  \
  X(log_expit) X(gammaln) X(gamma) X(digamma) X(i0) X(i0e) X(i1) X(i1e) X(j0) X(j1) X(y0)      \
  X(y1) X(entr) X(exp10) X(rgamma) X(k0) X(k0e) X(k1) X(k1e) X(zetac) X(exp1) X(expi) X(ellipk)   \
  X(ellipkm1) X(loggamma)
#define NDGPU_SPECIAL_BINARY(X)                                                                \
  X(xlogy) X(xlog1py) X(rel_entr) X(kl_div) X(huber) X(pseudo_huber) X(boxcox) X(boxcox1p)     \
  X(inv_boxcox) X(inv_boxcox1p) X(betaln) X(beta) X(binom) X(gammainc) X(gammaincc)            \
  X(gammaincinv) X(gammainccinv) X(zeta) X(polygamma) X(expn) X(yn) X(poch)
#define NDGPU_SPECIAL_TERNARY(X) X(betainc) X(betaincinv)
// clang-format on

#define NDGPU_DECLARE_UNARY(name) NDArray name(const Operand& x, const UfuncOptions& options = {});
#define NDGPU_DECLARE_BINARY(name) \
  NDArray name(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options = {});
#define NDGPU_DECLARE_TERNARY(name)                                     \
  NDArray name(const UfuncArg& a, const UfuncArg& b, const UfuncArg& c, \
               const UfuncOptions& options = {});
NDGPU_SPECIAL_UNARY(NDGPU_DECLARE_UNARY)
NDGPU_SPECIAL_BINARY(NDGPU_DECLARE_BINARY)
NDGPU_SPECIAL_TERNARY(NDGPU_DECLARE_TERNARY)
#undef NDGPU_DECLARE_UNARY
#undef NDGPU_DECLARE_BINARY
#undef NDGPU_DECLARE_TERNARY
inline NDArray psi(const Operand& x, const UfuncOptions& options = {}) {  // SciPy's alias
  return digamma(x, options);
}

// logsumexp(a, axis, b, keepdims): log(sum(b * exp(a))) shifted by a's maximum; the
// _with_sign form returns (log|sum|, sign(sum)), SciPy's return_sign=True. softmax and
// log_softmax over `axis` (all axes when empty).
NDArray logsumexp(const NDArray& a, const Axes& axis = {}, const std::optional<NDArray>& b = {},
                  bool keepdims = false);
std::pair<NDArray, NDArray> logsumexp_with_sign(const NDArray& a, const Axes& axis = {},
                                                const std::optional<NDArray>& b = {},
                                                bool keepdims = false);
NDArray softmax(const NDArray& x, const Axes& axis = {});
// multigammaln(a, d): the log of the multivariate gamma function of dimension d >= 1, the sum
// of gammaln(a - (j - 1)/2) over j = 1..d plus d(d-1)/4 log(pi); every a must exceed
// (d - 1)/2 (ValueError otherwise, as SciPy's).
NDArray multigammaln(const NDArray& a, int64_t d);
NDArray log_softmax(const NDArray& x, const Axes& axis = {});

}  // namespace ndgpu::special
