// Scans and differences (src/ops/scans.cpp): cumsum, cumprod, their nan forms, diff and
// ufunc.accumulate.
#include "ndgpu/reductions.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;
using test::iota;

TEST(Scans, CumsumFlatAndAlongAnAxis) {
  NDArray a = iota({2, 3});  // [[0, 1, 2], [3, 4, 5]]
  EXPECT_EQ(host<double>(cumsum(a)), std::vector<double>({0, 1, 3, 6, 10, 15}));
  EXPECT_EQ(host<double>(cumsum(a, 0)), std::vector<double>({0, 1, 2, 3, 5, 7}));
  EXPECT_EQ(host<double>(cumsum(a, 1)), std::vector<double>({0, 1, 3, 3, 7, 12}));
  EXPECT_EQ(cumsum(a, 1).shape(), Shape({2, 3}));
  NDArray b = device_array(std::vector<int8_t>{100, 100}, {2}, DType::Int8);
  EXPECT_EQ(cumsum(b).dtype(), DType::Int64);  // small integers accumulate in int64
  EXPECT_EQ(host<int64_t>(cumsum(b)), std::vector<int64_t>({100, 200}));
  EXPECT_THROW(cumsum(a, 2), IndexError);
}

TEST(Scans, CumprodAndNanForms) {
  NDArray a = device_array(std::vector<double>{1, 2, NAN, 4}, {4}, DType::Float64);
  EXPECT_EQ(host<double>(nancumsum(a)), std::vector<double>({1, 3, 3, 7}));
  EXPECT_EQ(host<double>(nancumprod(a)), std::vector<double>({1, 2, 2, 8}));
  std::vector<double> p = host<double>(cumprod(a));
  EXPECT_EQ(p[1], 2.0);
  EXPECT_TRUE(std::isnan(p[2]) && std::isnan(p[3]));
}

TEST(Scans, DiffAndAccumulate) {
  NDArray a = device_array(std::vector<double>{1, 4, 9, 16}, {4}, DType::Float64);
  EXPECT_EQ(host<double>(diff(a)), std::vector<double>({3, 5, 7}));
  EXPECT_EQ(host<double>(diff(a, 2)), std::vector<double>({2, 2}));
  EXPECT_EQ(host<double>(diff(iota({2, 2}), 1, 0)), std::vector<double>({2, 2}));
  EXPECT_THROW(diff(a, -1), ValueError);
  NDArray m = device_array(std::vector<double>{3, 1, 4, 1, 5}, {5}, DType::Float64);
  EXPECT_EQ(host<double>(ufunc_accumulate("maximum", m, 0, {}, {})),
            std::vector<double>({3, 3, 4, 4, 5}));
  EXPECT_THROW(ufunc_accumulate("exp", m, 0, {}, {}), ValueError);  // binary only, as NumPy
}
