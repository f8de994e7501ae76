// Reductions (src/ops/reductions.cpp, reductions_stats.cpp, reduction_builtin.cpp): values,
// result dtypes, axes and keepdims as NumPy's.
#include "ndgpu/reductions.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;
using test::iota;

TEST(Reductions, SumOverAxesAndKeepdims) {
  NDArray a = iota({2, 3});  // [[0, 1, 2], [3, 4, 5]]
  EXPECT_EQ(host<double>(sum(a)), std::vector<double>({15}));
  EXPECT_EQ(host<double>(sum(a, std::vector<int64_t>{0})), std::vector<double>({3, 5, 7}));
  NDArray k = sum(a, std::vector<int64_t>{-1}, {}, {}, true);
  EXPECT_EQ(k.shape(), Shape({2, 1}));
  EXPECT_EQ(host<double>(k), std::vector<double>({3, 12}));
  EXPECT_EQ(host<double>(prod(a, std::vector<int64_t>{0})), std::vector<double>({0, 4, 10}));
  EXPECT_EQ(host<double>(sum(zeros(Shape{0}))), std::vector<double>({0}));
  try {  // NumPy's AxisError (raised as numpy.exceptions.AxisError in Python)
    sum(a, std::vector<int64_t>{2});
    FAIL() << "no error";
  } catch (const AxisError& e) {
    EXPECT_STREQ(e.what(), "axis 2 is out of bounds for array of dimension 2");
  }
}

TEST(Reductions, SmallIntegersSumInInt64) {
  NDArray b = device_array(std::vector<int8_t>{100, 100, 100}, {3}, DType::Int8);
  NDArray s = sum(b);
  EXPECT_EQ(s.dtype(), DType::Int64);
  EXPECT_EQ(host<int64_t>(s), std::vector<int64_t>({300}));
  EXPECT_EQ(host<int64_t>(
                count_nonzero(device_array(std::vector<int8_t>{0, 3, 0, -1}, {4}, DType::Int8))),
            std::vector<int64_t>({2}));
}

TEST(Reductions, ExtremaAndTheirIndices) {
  NDArray a = device_array(std::vector<double>{3, -1, 7, 7, 0, 2}, {2, 3}, DType::Float64);
  EXPECT_EQ(host<double>(amax(a)), std::vector<double>({7}));
  EXPECT_EQ(host<double>(amin(a, std::vector<int64_t>{1})), std::vector<double>({-1, 0}));
  EXPECT_EQ(host<int64_t>(argmax(a)), std::vector<int64_t>({2}));  // the first of equal maxima
  EXPECT_EQ(host<int64_t>(argmin(a, 0)), std::vector<int64_t>({0, 0, 1}));
  EXPECT_EQ(host<double>(ptp(a)), std::vector<double>({8}));
  NDArray n = device_array(std::vector<double>{1, NAN, 3}, {3}, DType::Float64);
  EXPECT_TRUE(std::isnan(host<double>(amax(n))[0]));  // NaN propagates, as NumPy's max
  EXPECT_EQ(host<double>(nanmax(n)), std::vector<double>({3}));
  EXPECT_THROW(amax(zeros(Shape{0})), ValueError);
}

TEST(Reductions, MeanVarStdAndAverage) {
  NDArray a = device_array(std::vector<double>{2, 4, 4, 4, 5, 5, 7, 9}, {8}, DType::Float64);
  EXPECT_EQ(host<double>(mean(a)), std::vector<double>({5}));
  EXPECT_EQ(host<double>(var(a)), std::vector<double>({4}));
  EXPECT_EQ(host<double>(stddev(a)), std::vector<double>({2}));
  EXPECT_DOUBLE_EQ(host<double>(var(a, {}, {}, {}, 1.0))[0], 32.0 / 7.0);
  NDArray w = device_array(std::vector<double>{1, 0, 0, 0, 0, 0, 0, 3}, {8}, DType::Float64);
  EXPECT_EQ(host<double>(average(a, {}, w)), std::vector<double>({(2 + 27) / 4.0}));
}

TEST(Reductions, AnyAllOnBooleansOfNumbers) {
  NDArray a = device_array(std::vector<double>{0, 1, 0, 0}, {2, 2}, DType::Float64);
  EXPECT_EQ(host<uint8_t>(any(a)), std::vector<uint8_t>({1}));
  EXPECT_EQ(host<uint8_t>(all(a)), std::vector<uint8_t>({0}));
  EXPECT_EQ(host<uint8_t>(any(a, std::vector<int64_t>{1})), std::vector<uint8_t>({1, 0}));
}

TEST(Reductions, WhereAndInitialAsNumPys) {
  NDArray a = device_array(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3}, DType::Float64);
  NDArray keep = device_array(std::vector<uint8_t>{1, 0, 1}, {3}, DType::Bool);
  // np.sum(a, axis=1, where=[1,0,1]) is [4, 10]; np.max(a, axis=1, where=.., initial=4.5) is
  // [4.5, 6]; np.mean(a, axis=0, where=[[1],[0]]) is [1, 2, 3].
  EXPECT_EQ(host<double>(reduce_with("sum", a, std::vector<int64_t>{1}, {}, {}, false, {keep, {}})),
            std::vector<double>({4, 10}));
  ReduceExtras both{keep, Scalar::py_float(4.5)};
  EXPECT_EQ(host<double>(reduce_with("max", a, std::vector<int64_t>{1}, {}, {}, false, both)),
            std::vector<double>({4.5, 6}));
  NDArray rows = device_array(std::vector<uint8_t>{1, 0}, {2, 1}, DType::Bool);
  EXPECT_EQ(
      host<double>(reduce_with("mean", a, std::vector<int64_t>{0}, {}, {}, false, {rows, {}})),
      std::vector<double>({1, 2, 3}));
  EXPECT_THROW(reduce_with("max", a, {}, {}, {}, false, {keep, {}}), ValueError);
}

TEST(Reductions, ReduceWithoutExtrasIsThePlainReduction) {
  NDArray a = device_array(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3}, DType::Float64);
  const std::vector<int64_t> rows{1};
  EXPECT_EQ(host<double>(reduce_with("sum", a, rows, {}, {}, false, {})),
            std::vector<double>({6, 15}));
  EXPECT_EQ(host<double>(reduce_with("mean", a, rows, {}, {}, false, {})),
            std::vector<double>({2, 5}));
  EXPECT_EQ(host<double>(reduce_with("nanmax", a, rows, {}, {}, false, {})),
            std::vector<double>({3, 6}));
  EXPECT_EQ(host<double>(reduce_with("std", a, std::vector<int64_t>{0}, {}, {}, false, {})),
            std::vector<double>({1.5, 1.5, 1.5}));
}
