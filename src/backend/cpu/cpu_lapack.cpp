// LAPACK on the CPU backend: the Fortran entry points of the BLAS library (scipy-openblas32
// carries LAPACK), with 32-bit integers; a stack is a loop over its problems.
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

namespace {

int solve_one(const SolverCall& c) {
  const std::string t(1, lapack_letter(c.type));
  int n = lapack_int(c.n), lda = lapack_int(c.lda), info = 0;
  switch (c.op) {
    case SolverOp::Getrf:
      reinterpret_cast<Getrf>(cpu_blas_symbol(t + "getrf_"))(&n, &n, c.a, &lda, c.ipiv, &info);
      return info;
    case SolverOp::Getrs: {
      int nrhs = lapack_int(c.nrhs), ldb = lapack_int(c.ldb);
      const char trans = c.trans ? 'T' : 'N';
      reinterpret_cast<Getrs>(cpu_blas_symbol(t + "getrs_"))(&trans, &n, &nrhs, c.a, &lda, c.ipiv,
                                                             c.b, &ldb, &info, 1);
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

}  // namespace

int cpu_solver(const SolverCall& c) {
  int first = 0;
  for (int64_t i = 0; i < c.batch; ++i) {
    const int info = solve_one(c.at(i));
    if (info != 0 && first == 0) first = info;
    if (first != 0 && c.check) break;  // the caller raises: the rest is not needed
  }
  return c.check ? first : 0;
}

}  // namespace ndgpu::cpu
