// src/ops/linalg's decompositions (qr_svd.cpp, eigen.cpp, solve.cpp, lstsq_gelsd.cpp) through
// the C++ API, against values known in closed form: [[2, 1], [1, 2]] has eigenvalues 1 and 3,
// singular values 3 and 1.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;
using test::host;

namespace {
NDArray sym() {
  const std::vector<double> v{2, 1, 1, 2};
  return from_host(v.data(), {2, 2}, DType::Float64);
}
}  // namespace

TEST(LinalgDecompositions, EighAndSvdOfAKnownMatrix) {
  auto [w, v] = linalg::eigh(sym());
  const std::vector<double> wv = host<double>(w), vv = host<double>(v);
  EXPECT_NEAR(wv[0], 1, 1e-14);
  EXPECT_NEAR(wv[1], 3, 1e-14);
  // The eigenvector of 3 is (1, 1)/√2 up to sign: its entries are equal.
  EXPECT_NEAR(std::fabs(vv[1]), M_SQRT1_2, 1e-14);
  EXPECT_NEAR(vv[1], vv[3], 1e-14);
  const std::vector<double> s = host<double>(linalg::svdvals(sym()));
  EXPECT_NEAR(s[0], 3, 1e-14);
  EXPECT_NEAR(s[1], 1, 1e-14);
  const std::vector<double> e = host<double>(linalg::eigvals(sym()));
  EXPECT_NEAR(std::min(e[0], e[1]), 1, 1e-14);
}

TEST(LinalgDecompositions, QrRebuildsAndErrors) {
  const std::vector<double> av{1, 2, 3, 4, 5, 6};
  NDArray a = from_host(av.data(), {3, 2}, DType::Float64);
  auto [q, r] = linalg::qr(a);
  EXPECT_EQ(q.shape(), Shape({3, 2}));
  EXPECT_EQ(r.shape(), Shape({2, 2}));
  const std::vector<double> back = host<double>(matmul(q, r));
  for (size_t k = 0; k < av.size(); ++k) EXPECT_NEAR(back[k], av[k], 1e-13);
  EXPECT_EQ(host<double>(r)[2], 0.0);  // below the diagonal
  EXPECT_THROW(linalg::qr(a, "bogus"), ValueError);
  EXPECT_THROW(linalg::eigh(a), LinAlgError);
}

// A stack is one backend call: a singular matrix anywhere in it raises; det reports it.
TEST(LinalgDecompositions, StacksRaiseForAnySingularMatrix) {
  const std::vector<double> v{1, 0, 0, 1, 1, 2, 2, 4, 2, 0, 0, 2};
  NDArray a = from_host(v.data(), {3, 2, 2}, DType::Float64);
  EXPECT_THROW(linalg::inv(a), LinAlgError);
  EXPECT_THROW(linalg::cholesky(a), LinAlgError);
  const std::vector<double> d = host<double>(linalg::det(a));
  EXPECT_NEAR(d[0], 1, 1e-14);
  EXPECT_NEAR(d[1], 0, 1e-14);
  EXPECT_NEAR(d[2], 4, 1e-14);
  const IndexItem last[1] = {int64_t(2)};
  const std::vector<double> inv2 = host<double>(linalg::inv(a.index(last)));
  EXPECT_NEAR(inv2[0], 0.5, 1e-15);
  EXPECT_NEAR(inv2[1], 0, 1e-15);
}

// NDGPU_INV=kernel: inv's warp-per-matrix Gauss-Jordan kernel (CUDA's default up to 32 on a
// side) on either backend. [[0, 2], [1, 1]] needs a pivot from its second row.
TEST(LinalgDecompositions, SmallInverseKernelPivotsAndRaises) {
  ::setenv("NDGPU_INV", "kernel", 1);
  const std::vector<float> v{0, 2, 1, 1, 1, 2, 2, 4};
  NDArray a = from_host(v.data(), {2, 2, 2}, DType::Float32);
  EXPECT_THROW(linalg::inv(a), LinAlgError);
  const IndexItem first[1] = {int64_t(0)};
  EXPECT_EQ(host<float>(linalg::inv(a.index(first))), (std::vector<float>{-0.5f, 1, 0.5f, 0}));
  ::unsetenv("NDGPU_INV");
}

// hermitian=True: |eigenvalues| in descending order, their signs moved into Vh.
TEST(LinalgDecompositions, HermitianSvdOfADiagonal) {
  const std::vector<double> v{1, 0, 0, -3};
  auto [u, s, vh] = linalg::svd(from_host(v.data(), {2, 2}, DType::Float64), true, true, true);
  const std::vector<double> sv = host<double>(s);
  EXPECT_EQ(sv, (std::vector<double>{3, 1}));
  const Operand scaled[2] = {u, s};
  const std::vector<double> back = host<double>(matmul(call_ufunc("multiply", scaled)[0], vh));
  for (size_t k = 0; k < v.size(); ++k) EXPECT_NEAR(back[k], v[k], 1e-15);
}

// [[1, 1], [1, 1]] x = [2, 2]: rank 1, singular values 2 and 0, minimum-norm x = (1, 1).
TEST(LinalgDecompositions, LstsqRankDeficient) {
  const std::vector<double> av{1, 1, 1, 1}, bv{2, 2};
  linalg::LstsqResult r = linalg::lstsq(from_host(av.data(), {2, 2}, DType::Float64),
                                        from_host(bv.data(), {2}, DType::Float64));
  EXPECT_EQ(r.rank, 1);
  const std::vector<double> x = host<double>(r.x), s = host<double>(r.s);
  EXPECT_NEAR(x[0], 1, 1e-14);
  EXPECT_NEAR(x[1], 1, 1e-14);
  EXPECT_NEAR(s[0], 2, 1e-14);
  EXPECT_NEAR(s[1], 0, 1e-14);
  EXPECT_EQ(r.residuals.shape(), Shape({0}));
}
