// LAPACK's QR, SVD, eigen and least-squares drivers on the CPU backend: geqrf, orgqr/ungqr,
// gesdd (divide and conquer, as NumPy uses), syevd/heevd, geev and gelsd (NumPy's lstsq).
// Workspaces are sized by LAPACK's own query (lwork = -1) and held for the one call.
#include <string>
#include <vector>

#include "backend/cpu/cpu_blas.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

using Geqrf = void (*)(int*, int*, void*, int*, void*, void*, int*, int*);
using Orgqr = void (*)(int*, int*, int*, void*, int*, void*, void*, int*, int*);
using GesddReal = void (*)(const char*, int*, int*, void*, int*, void*, void*, int*, void*, int*,
                           void*, int*, int*, int*, size_t);
using GesddComplex = void (*)(const char*, int*, int*, void*, int*, void*, void*, int*, void*, int*,
                              void*, int*, void*, int*, int*, size_t);
using SyevdReal = void (*)(const char*, const char*, int*, void*, int*, void*, void*, int*, int*,
                           int*, int*, size_t, size_t);
using HeevdComplex = void (*)(const char*, const char*, int*, void*, int*, void*, void*, int*,
                              void*, int*, int*, int*, int*, size_t, size_t);
using GeevReal = void (*)(const char*, const char*, int*, void*, int*, void*, void*, void*, int*,
                          void*, int*, void*, int*, int*, size_t, size_t);
using GelsdReal = void (*)(int*, int*, int*, void*, int*, void*, int*, void*, const void*, int*,
                           void*, int*, int*, int*);
using GelsdComplex = void (*)(int*, int*, int*, void*, int*, void*, int*, void*, const void*, int*,
                              void*, int*, void*, int*, int*);
using GeevComplex = void (*)(const char*, const char*, int*, void*, int*, void*, void*, int*, void*,
                             int*, void*, int*, void*, int*, size_t, size_t);

bool is_complex(BlasType t) {
  return t == BlasType::C64 || t == BlasType::C128;
}
bool is_double(BlasType t) {
  return t == BlasType::F64 || t == BlasType::C128;
}

// A workspace of `count` elements of the real (or, when `element`, the full) type; room for
// LAPACK's size query first.
class Work {
 public:
  Work(BlasType t, bool element) : real_(is_double(t) ? 8 : 4) {
    bytes_ = element && is_complex(t) ? 2 * real_ : real_;
    buf_.assign(4, 0.0);
  }
  void* data() { return buf_.data(); }
  // The size LAPACK asked for in its first element, then the buffer grown to it.
  int queried() const {
    return real_ == 8 ? int(buf_[0]) : int(*reinterpret_cast<const float*>(buf_.data()));
  }
  void resize(int64_t count) {
    buf_.assign(size_t(std::max<int64_t>(count, 1) * bytes_ / 8 + 2), 0.0);
  }
  int grow_to_query() {
    const int n = std::max(queried(), 1);
    resize(n);
    return n;
  }

 private:
  size_t real_, bytes_;
  std::vector<double> buf_;  // doubles keep every element type aligned
};

void* symbol(BlasType t, const char* name) {
  return cpu_blas_symbol(std::string(1, lapack_letter(t)) + name);
}

int geqrf(const SolverCall& c) {
  int m = lapack_int(c.m), n = lapack_int(c.n), lda = lapack_int(c.lda), info = 0, lwork = -1;
  auto f = reinterpret_cast<Geqrf>(symbol(c.type, "geqrf_"));
  Work w(c.type, true);
  f(&m, &n, c.a, &lda, c.tau, w.data(), &lwork, &info);
  lwork = w.grow_to_query();
  f(&m, &n, c.a, &lda, c.tau, w.data(), &lwork, &info);
  return info;
}

int orgqr(const SolverCall& c) {
  int m = lapack_int(c.m), n = lapack_int(c.n), k = lapack_int(c.nrhs), lda = lapack_int(c.lda);
  int info = 0, lwork = -1;
  auto f = reinterpret_cast<Orgqr>(symbol(c.type, is_complex(c.type) ? "ungqr_" : "orgqr_"));
  Work w(c.type, true);
  f(&m, &n, &k, c.a, &lda, c.tau, w.data(), &lwork, &info);
  lwork = w.grow_to_query();
  f(&m, &n, &k, c.a, &lda, c.tau, w.data(), &lwork, &info);
  return info;
}

int gesdd(const SolverCall& c) {
  int m = lapack_int(c.m), n = lapack_int(c.n), lda = lapack_int(c.lda);
  int ldu = lapack_int(c.ldu), ldvt = lapack_int(c.ldvt), info = 0, lwork = -1;
  const int64_t mn = std::min(c.m, c.n), mx = std::max(c.m, c.n);
  const char job = c.job;
  std::vector<int> iwork(size_t(8 * std::max<int64_t>(mn, 1)));
  Work w(c.type, true);
  if (!is_complex(c.type)) {
    auto f = reinterpret_cast<GesddReal>(symbol(c.type, "gesdd_"));
    f(&job, &m, &n, c.a, &lda, c.w, c.u, &ldu, c.vt, &ldvt, w.data(), &lwork, iwork.data(), &info,
      1);
    lwork = w.grow_to_query();
    f(&job, &m, &n, c.a, &lda, c.w, c.u, &ldu, c.vt, &ldvt, w.data(), &lwork, iwork.data(), &info,
      1);
    return info;
  }
  // LAPACK's documented real workspace for the complex driver.
  Work rwork(c.type, false);
  rwork.resize(job == 'N' ? 7 * mn : mn * std::max(5 * mn + 7, 2 * mx + 2 * mn + 1));
  auto f = reinterpret_cast<GesddComplex>(symbol(c.type, "gesdd_"));
  f(&job, &m, &n, c.a, &lda, c.w, c.u, &ldu, c.vt, &ldvt, w.data(), &lwork, rwork.data(),
    iwork.data(), &info, 1);
  lwork = w.grow_to_query();
  f(&job, &m, &n, c.a, &lda, c.w, c.u, &ldu, c.vt, &ldvt, w.data(), &lwork, rwork.data(),
    iwork.data(), &info, 1);
  return info;
}

int syevd(const SolverCall& c) {
  int n = lapack_int(c.n), lda = lapack_int(c.lda), info = 0, lwork = -1, liwork = -1;
  const char jobz = c.vectors ? 'V' : 'N', uplo = c.lower ? 'L' : 'U';
  Work w(c.type, true);
  std::vector<int> iwork(1);
  if (!is_complex(c.type)) {
    auto f = reinterpret_cast<SyevdReal>(symbol(c.type, "syevd_"));
    f(&jobz, &uplo, &n, c.a, &lda, c.w, w.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
    lwork = w.grow_to_query();
    liwork = std::max(iwork[0], 1);
    iwork.assign(size_t(liwork), 0);
    f(&jobz, &uplo, &n, c.a, &lda, c.w, w.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
    return info;
  }
  auto f = reinterpret_cast<HeevdComplex>(symbol(c.type, "heevd_"));
  Work rwork(c.type, false);
  int lrwork = -1;
  f(&jobz, &uplo, &n, c.a, &lda, c.w, w.data(), &lwork, rwork.data(), &lrwork, iwork.data(),
    &liwork, &info, 1, 1);
  lwork = w.grow_to_query();
  lrwork = rwork.grow_to_query();
  liwork = std::max(iwork[0], 1);
  iwork.assign(size_t(liwork), 0);
  f(&jobz, &uplo, &n, c.a, &lda, c.w, w.data(), &lwork, rwork.data(), &lrwork, iwork.data(),
    &liwork, &info, 1, 1);
  return info;
}

int geev(const SolverCall& c) {
  int n = lapack_int(c.n), lda = lapack_int(c.lda), info = 0, lwork = -1, one = 1;
  int ldvr = c.vectors ? lapack_int(c.ldu) : 1;
  const char jobvl = 'N', jobvr = c.vectors ? 'V' : 'N';
  Work w(c.type, true);
  if (!is_complex(c.type)) {
    auto f = reinterpret_cast<GeevReal>(symbol(c.type, "geev_"));
    // wr and wi are the two halves of `w`.
    char* wi = static_cast<char*>(c.w) + c.n * (is_double(c.type) ? 8 : 4);
    f(&jobvl, &jobvr, &n, c.a, &lda, c.w, wi, nullptr, &one, c.u, &ldvr, w.data(), &lwork, &info, 1,
      1);
    lwork = w.grow_to_query();
    f(&jobvl, &jobvr, &n, c.a, &lda, c.w, wi, nullptr, &one, c.u, &ldvr, w.data(), &lwork, &info, 1,
      1);
    return info;
  }
  auto f = reinterpret_cast<GeevComplex>(symbol(c.type, "geev_"));
  Work rwork(c.type, false);
  rwork.resize(2 * c.n);
  f(&jobvl, &jobvr, &n, c.a, &lda, c.w, nullptr, &one, c.u, &ldvr, w.data(), &lwork, rwork.data(),
    &info, 1, 1);
  lwork = w.grow_to_query();
  f(&jobvl, &jobvr, &n, c.a, &lda, c.w, nullptr, &one, c.u, &ldvr, w.data(), &lwork, rwork.data(),
    &info, 1, 1);
  return info;
}

// rcond in the real type; rank back as the Backend's int64. The size query also returns the
// integer (and, complex, the real) workspace's length in its first element.
int gelsd(const SolverCall& c) {
  int m = lapack_int(c.m), n = lapack_int(c.n), nrhs = lapack_int(c.nrhs);
  int lda = lapack_int(c.lda), ldb = lapack_int(c.ldb), rank = 0, info = 0, lwork = -1;
  const double rcond_d = c.rcond;
  const float rcond_f = float(c.rcond);
  const void* rcond = is_double(c.type) ? static_cast<const void*>(&rcond_d) : &rcond_f;
  Work w(c.type, true), rwork(c.type, false);
  std::vector<int> iwork(1);
  if (!is_complex(c.type)) {
    auto f = reinterpret_cast<GelsdReal>(symbol(c.type, "gelsd_"));
    f(&m, &n, &nrhs, c.a, &lda, c.b, &ldb, c.w, rcond, &rank, w.data(), &lwork, iwork.data(),
      &info);
    lwork = w.grow_to_query();
    iwork.assign(size_t(std::max(iwork[0], 1)), 0);
    f(&m, &n, &nrhs, c.a, &lda, c.b, &ldb, c.w, rcond, &rank, w.data(), &lwork, iwork.data(),
      &info);
  } else {
    auto f = reinterpret_cast<GelsdComplex>(symbol(c.type, "gelsd_"));
    f(&m, &n, &nrhs, c.a, &lda, c.b, &ldb, c.w, rcond, &rank, w.data(), &lwork, rwork.data(),
      iwork.data(), &info);
    lwork = w.grow_to_query();
    rwork.grow_to_query();
    iwork.assign(size_t(std::max(iwork[0], 1)), 0);
    f(&m, &n, &nrhs, c.a, &lda, c.b, &ldb, c.w, rcond, &rank, w.data(), &lwork, rwork.data(),
      iwork.data(), &info);
  }
  if (c.rank) *c.rank = rank;
  return info;
}

}  // namespace

int cpu_decomposition(const SolverCall& c) {
  switch (c.op) {
    case SolverOp::Geqrf:
      return geqrf(c);
    case SolverOp::Orgqr:
      return orgqr(c);
    case SolverOp::Gesvd:
      return gesdd(c);
    case SolverOp::Syevd:
      return syevd(c);
    case SolverOp::Geev:
      return geev(c);
    case SolverOp::Gelsd:
      return gelsd(c);
    default:
      throw BackendError("cpu_decomposition: not a decomposition");
  }
}

}  // namespace ndgpu::cpu
