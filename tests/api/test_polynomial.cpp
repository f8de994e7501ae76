// The polynomial routines and poly1d from C++ (include/ndgpu/polynomial.hpp), on values known
// exactly: (x - 1)(x - 2)(x - 3) = x^3 - 6x^2 + 11x - 6. Python's suite compares with NumPy.
#include "ndgpu/polynomial.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/host_numbers.hpp"
#include "ndgpu/operators.hpp"

using namespace ndgpu;
using test::host;

TEST(CppPolynomial, RootsAndCoefficientsAreInverse) {
  const NDArray c = poly(array({1, 2, 3}));
  EXPECT_EQ(c.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(c), std::vector<double>({1, -6, 11, -6}));
  std::vector<double> r = host<double>(roots(c));
  std::sort(r.begin(), r.end());
  ASSERT_EQ(r.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_NEAR(r[i], double(i + 1), 1e-12);
  EXPECT_EQ(host<double>(polyval(c, array({0.0, 4.0}))), std::vector<double>({-6, 6}));
}

TEST(CppPolynomial, ArithmeticAndCalculus) {
  const NDArray a = array({1.0, -1.0}), b = array({1.0, -2.0});  // x - 1, x - 2
  EXPECT_EQ(host<double>(polymul(a, b)), std::vector<double>({1, -3, 2}));
  EXPECT_EQ(host<double>(polyadd(a, array({1.0, 0.0, 0.0}))), std::vector<double>({1, 1, -1}));
  auto [q, r] = polydiv(array({1.0, -3.0, 2.0}), a);
  EXPECT_EQ(host<double>(q), std::vector<double>({1, -2}));
  EXPECT_EQ(host<double>(r), std::vector<double>({0}));
  EXPECT_EQ(host<double>(polyder(array({1.0, -3.0, 2.0}))), std::vector<double>({2, -3}));
  EXPECT_EQ(host<double>(polyint(array({3.0, 2.0}))), std::vector<double>({1.5, 2, 0}));
}

TEST(CppPolynomial, PolyfitRecoversAnExactCubic) {
  const NDArray x = linspace(-1.0, 2.0, 9);
  const NDArray y = polyval(array({1.0, -6.0, 11.0, -6.0}), x);
  PolyfitResult fit = polyfit(x, y, 3);
  EXPECT_EQ(fit.rank, 4);
  EXPECT_FALSE(fit.rank_deficient());
  const std::vector<double> c = host<double>(fit.coefficients);
  const double expected[4] = {1, -6, 11, -6};
  for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(c[i], expected[i], 1e-10);
}

TEST(CppPolynomial, Poly1dOperators) {
  const poly1d p(array({0.0, 1.0, -1.0}));  // leading zero trimmed: x - 1
  EXPECT_EQ(p.order(), 1);
  const poly1d sq = p * p;
  EXPECT_EQ(host<double>(sq.coeffs()), std::vector<double>({1, -2, 1}));
  EXPECT_TRUE(sq == p.pow(2));
  EXPECT_EQ(host<double>((sq - p).coeffs()), std::vector<double>({1, -3, 2}));
  EXPECT_EQ(host<double>(sq.deriv().coeffs()), std::vector<double>({2, -2}));
  EXPECT_EQ(host<double>(sq(p).coeffs()), std::vector<double>({1, -4, 4}));  // (x - 2)^2
  EXPECT_EQ(host<double>(sq[2]), std::vector<double>({1}));
  poly1d r(array({1.0, 2.0}), true, "z");  // from roots 1 and 2
  EXPECT_EQ(r.variable(), "z");
  EXPECT_EQ(host<double>(r.coeffs()), std::vector<double>({1, -3, 2}));
}
