// ufunc.at, reduceat and the folding reduce and accumulate from C++ (src/ops/ufunc_at.cpp,
// ufunc_reduceat.cpp, ufunc_reduce.cpp, scans.cpp), with values NumPy gives for the same calls.
#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;

TEST(UfuncAt, RepeatedIndicesApplyOncePerOccurrence) {
  NDArray a = device_array(std::vector<int64_t>{0, 1, 2, 3, 4}, {5}, DType::Int64);
  NDArray idx = device_array(std::vector<int64_t>{0, 0, 4, 0}, {4}, DType::Int64);
  const Index index[1] = {idx};
  ufunc_at("add", a, index, Operand(Scalar::py_int(10)));
  EXPECT_EQ(host<int64_t>(a), std::vector<int64_t>({30, 1, 2, 3, 14}));
  // power runs the indices in order: np.power.at([2., 3.], [0, 0], [2, 3]) gives 64.
  NDArray f = device_array(std::vector<double>{2, 3}, {2}, DType::Float64);
  NDArray e = device_array(std::vector<double>{2, 3}, {2}, DType::Float64);
  NDArray twice = device_array(std::vector<int64_t>{0, 0}, {2}, DType::Int64);
  const Index at0[1] = {twice};
  ufunc_at("power", f, at0, Operand(e));
  EXPECT_EQ(host<double>(f), std::vector<double>({64, 3}));
  ufunc_at("negative", f, at0);  // twice: back to itself
  EXPECT_EQ(host<double>(f), std::vector<double>({64, 3}));
  EXPECT_THROW(ufunc_at("add", f, at0), ValueError);
}

TEST(UfuncReduceat, SegmentsFollowNumPysRules) {
  NDArray a = device_array(std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7}, {8}, DType::Int32);
  NDArray idx = device_array(std::vector<int64_t>{0, 4, 1, 5}, {4}, DType::Int64);
  NDArray r = ufunc_reduceat("add", a, idx);
  EXPECT_EQ(r.dtype(), DType::Int64);                                 // add widens as sum does
  EXPECT_EQ(host<int64_t>(r), std::vector<int64_t>({6, 4, 10, 18}));  // np.add.reduceat
  NDArray m =
      ufunc_reduceat("maximum", a, device_array(std::vector<int64_t>{5, 5, 7}, {3}, DType::Int64));
  EXPECT_EQ(host<int32_t>(m), std::vector<int32_t>({5, 6, 7}));
  EXPECT_THROW(ufunc_reduceat("add", a, device_array(std::vector<int64_t>{8}, {1}, DType::Int64)),
               IndexError);
}

TEST(UfuncReduce, AnyBinaryUfuncFoldsItsAxes) {
  NDArray a = device_array(std::vector<int32_t>{1, 2, 4, 8, 16, 32}, {2, 3}, DType::Int32);
  // np.bitwise_or.reduce(a, axis=None) is 63; np.subtract.reduce(a, axis=1) is [-5, -40].
  EXPECT_EQ(host<int32_t>(ufunc_reduce("bitwise_or", a, std::nullopt, {}, {}, false)),
            std::vector<int32_t>({63}));
  EXPECT_EQ(host<int32_t>(ufunc_reduce("subtract", a, std::vector<int64_t>{1}, {}, {}, false)),
            std::vector<int32_t>({-5, -40}));
  EXPECT_THROW(ufunc_reduce("subtract", a, std::nullopt, {}, {}, false), ValueError);
}

TEST(UfuncAccumulate, AnyBinaryUfuncScansInOrder) {
  NDArray a = device_array(std::vector<int32_t>{1, 2, 4, 8, 16, 32}, {2, 3}, DType::Int32);
  // np.bitwise_or.accumulate(a, axis=1) and np.subtract.accumulate(a, axis=1).
  EXPECT_EQ(host<int32_t>(ufunc_accumulate("bitwise_or", a, 1, {}, {})),
            std::vector<int32_t>({1, 3, 7, 8, 24, 56}));
  EXPECT_EQ(host<int32_t>(ufunc_accumulate("subtract", a, 1, {}, {})),
            std::vector<int32_t>({1, -1, -5, 8, -8, -40}));
}
