// Statistics (src/ops/statistics/): cov, corrcoef, correlate and histogramdd against values
// worked out by hand (NumPy gives the same).
#include "ndgpu/statistics.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;

TEST(Statistics, CovWeightsAndCorrcoef) {
  // Two variables over three observations: x = 0, 1, 2 and y = 2, 1, 0.
  NDArray m = device_array(std::vector<double>{0, 1, 2, 2, 1, 0}, {2, 3}, DType::Float64);
  EXPECT_EQ(host<double>(cov(m)), std::vector<double>({1, -1, -1, 1}));
  EXPECT_EQ(host<double>(cov(m, {.bias = true})),
            std::vector<double>({2.0 / 3, -2.0 / 3, -2.0 / 3, 2.0 / 3}));
  // fweights 1, 0, 1 keep x = 0 and 2: mean 1, sum of squares 2 over 2 - 1.
  NDArray f = device_array(std::vector<int64_t>{1, 0, 1}, {3}, DType::Int64);
  EXPECT_EQ(host<double>(cov(m, {.fweights = f})), std::vector<double>({2, -2, -2, 2}));
  EXPECT_EQ(host<double>(corrcoef(m)), std::vector<double>({1, -1, -1, 1}));
  EXPECT_THROW(cov(m, {.ddof = 0.5}), ValueError);
  EXPECT_THROW(
      cov(m, {.fweights = device_array(std::vector<double>{1, 0.5, 1}, {3}, DType::Float64)}),
      TypeError);
}

TEST(Statistics, CorrelateModes) {
  NDArray a = device_array(std::vector<double>{1, 2}, {2}, DType::Float64);
  NDArray v = device_array(std::vector<double>{1, 10, 100}, {3}, DType::Float64);
  EXPECT_EQ(host<double>(correlate(a, v, "full")), std::vector<double>({100, 210, 21, 2}));
  // v longer than a: NumPy's 'same' window starts one later than convolve's.
  EXPECT_EQ(host<double>(correlate(a, v, "same")), std::vector<double>({210, 21, 2}));
  EXPECT_EQ(host<double>(correlate(v, a, "valid")), std::vector<double>({21, 210}));
  EXPECT_THROW(correlate(a, v, "wide"), ValueError);
}

TEST(Statistics, HistogramddCountsTheLastEdge) {
  // Points (0, 0), (1, 1), (2, 2), (2, 0) in 2 x 2 bins over [0, 2]²: the last edge counts.
  NDArray s = device_array(std::vector<double>{0, 0, 1, 1, 2, 2, 2, 0}, {4, 2}, DType::Float64);
  auto [hist, edges] = histogramdd(s, {.every = {.count = 2}});
  EXPECT_EQ(host<double>(hist), std::vector<double>({1, 0, 1, 2}));
  ASSERT_EQ(edges.size(), 2u);
  EXPECT_EQ(host<double>(edges[1]), std::vector<double>({0, 1, 2}));
  EXPECT_THROW(histogramdd(s, {.bins = {BinSpec{}}}), ValueError);
}
