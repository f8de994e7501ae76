// LAPACK on the CPU backend: the Fortran entry points of the BLAS library (scipy-openblas32
// carries LAPACK), with 32-bit integers; pivots are kept as int64 as the Backend promises.
#include <limits>
#include <string>
#include <vector>

#include "backend/cpu/cpu_blas.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

using Getrf = void (*)(int*, int*, void*, int*, int*, int*);
using Getrs = void (*)(const char*, int*, int*, void*, int*, int*, void*, int*, int*, size_t);
using Potrf = void (*)(const char*, int*, void*, int*, int*, size_t);

}  // namespace

char lapack_letter(BlasType t) {
  switch (t) {
    case BlasType::F32:
      return 's';
    case BlasType::F64:
      return 'd';
    case BlasType::C64:
      return 'c';
    case BlasType::C128:
      return 'z';
    default:
      throw TypeError("array type float16 is unsupported in linalg");
  }
}

int lapack_int(int64_t v) {
  if (v > std::numeric_limits<int>::max())
    throw ValueError("matrix of size " + std::to_string(v) + " exceeds LAPACK's 32-bit sizes");
  return int(v);
}

int cpu_solver(const SolverCall& c) {
  const std::string t(1, lapack_letter(c.type));
  int n = lapack_int(c.n), lda = lapack_int(c.lda), info = 0;
  switch (c.op) {
    case SolverOp::Getrf: {
      std::vector<int> piv(size_t(std::max(n, 1)));
      reinterpret_cast<Getrf>(cpu_blas_symbol(t + "getrf_"))(&n, &n, c.a, &lda, piv.data(), &info);
      for (int k = 0; k < n; ++k) c.ipiv[k] = piv[size_t(k)];
      return info;
    }
    case SolverOp::Getrs: {
      std::vector<int> piv(size_t(std::max(n, 1)));
      for (int k = 0; k < n; ++k) piv[size_t(k)] = int(c.ipiv[k]);
      int nrhs = lapack_int(c.nrhs), ldb = lapack_int(c.ldb);
      const char trans = c.trans ? 'T' : 'N';
      reinterpret_cast<Getrs>(cpu_blas_symbol(t + "getrs_"))(&trans, &n, &nrhs, c.a, &lda,
                                                             piv.data(), c.b, &ldb, &info, 1);
      return info;
    }
    case SolverOp::Potrf: {
      const char uplo = c.lower ? 'L' : 'U';
      reinterpret_cast<Potrf>(cpu_blas_symbol(t + "potrf_"))(&uplo, &n, c.a, &lda, &info, 1);
      return info;
    }
    default:
      return cpu_decomposition(c);
  }
}

}  // namespace ndgpu::cpu
