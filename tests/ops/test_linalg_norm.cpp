// linalg.norm (src/ops/linalg_norm.cpp): vector and matrix orders as NumPy computes them.
#include "ndgpu/reductions.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using linalg::NormOrder;
using test::device_array;
using test::host;

namespace {

NormOrder p(double v) {
  return {NormOrder::Number, v};
}

}  // namespace

TEST(LinalgNorm, VectorOrders) {
  NDArray v = device_array(std::vector<double>{3, -4, 0}, {3}, DType::Float64);
  EXPECT_EQ(host<double>(linalg::norm(v)), std::vector<double>({5}));
  EXPECT_EQ(host<double>(linalg::norm(v, p(1))), std::vector<double>({7}));
  EXPECT_EQ(host<double>(linalg::norm(v, p(INFINITY))), std::vector<double>({4}));
  EXPECT_EQ(host<double>(linalg::norm(v, p(-INFINITY))), std::vector<double>({0}));
  EXPECT_EQ(host<double>(linalg::norm(v, p(0))), std::vector<double>({2}));  // non-zero count
  EXPECT_DOUBLE_EQ(host<double>(linalg::norm(v, p(3)))[0], std::cbrt(27.0 + 64.0));
}

TEST(LinalgNorm, MatrixOrdersAndAxes) {
  // [[1, -2], [3, 4]]
  NDArray m = device_array(std::vector<double>{1, -2, 3, 4}, {2, 2}, DType::Float64);
  EXPECT_DOUBLE_EQ(host<double>(linalg::norm(m))[0], std::sqrt(30.0));  // Frobenius
  EXPECT_DOUBLE_EQ(host<double>(linalg::norm(m, {NormOrder::Fro}))[0], std::sqrt(30.0));
  EXPECT_EQ(host<double>(linalg::norm(m, p(1))), std::vector<double>({6}));  // max column sum
  EXPECT_EQ(host<double>(linalg::norm(m, p(INFINITY))), std::vector<double>({7}));  // max row
  NDArray rows = linalg::norm(m, p(1), std::vector<int64_t>{1}, true);
  EXPECT_EQ(rows.shape(), Shape({2, 1}));
  EXPECT_EQ(host<double>(rows), std::vector<double>({3, 7}));
  EXPECT_EQ(linalg::norm(m).dtype(), DType::Float64);
}

TEST(LinalgNorm, NumpysErrors) {
  NDArray m = device_array(std::vector<double>{1, 2, 3, 4}, {2, 2}, DType::Float64);
  EXPECT_THROW(linalg::norm(m, p(3)), ValueError);  // "Invalid norm order for matrices."
  EXPECT_NEAR(test::host<double>(linalg::norm(m, p(2)))[0], 5.464985704219043, 1e-12);  // SVD
  EXPECT_THROW(linalg::norm(m, {}, std::vector<int64_t>{0, 0}), ValueError);
  EXPECT_THROW(linalg::norm(m, {}, std::vector<int64_t>{0, 1, 1}), ValueError);
}
