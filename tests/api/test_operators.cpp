// The C++ API's sugar (include/ndgpu/ndgpu.hpp): operators, compound assignment, indexing,
// ufuncs and reductions by NumPy's names with option structs, against values NumPy gives.
#include "ndgpu/ndgpu.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "array_helpers.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;
using test::iota;

TEST(CppApi, ArithmeticWithArraysAndScalars) {
  NDArray a = iota({2, 3});  // [[0, 1, 2], [3, 4, 5]]
  NDArray b = array({10.0, 20.0, 30.0});
  EXPECT_EQ(host<double>(a + b), std::vector<double>({10, 21, 32, 13, 24, 35}));
  EXPECT_EQ(host<double>(2 * a - 1), std::vector<double>({-1, 1, 3, 5, 7, 9}));
  EXPECT_EQ(host<double>(a / 2), std::vector<double>({0, 0.5, 1, 1.5, 2, 2.5}));
  EXPECT_EQ(host<double>(-a), std::vector<double>({-0., -1, -2, -3, -4, -5}));
  // C++ numbers are weak as Python scalars: float32 stays float32, int / int is float64.
  NDArray f = a.astype(DType::Float32);
  EXPECT_EQ((f * 2.5).dtype(), DType::Float32);
  NDArray i = array({7, -7, 9});
  EXPECT_EQ(i.dtype(), DType::Int64);
  EXPECT_EQ((i / 2).dtype(), DType::Float64);
  EXPECT_EQ(host<int64_t>(i % 4), std::vector<int64_t>({3, 1, 1}));  // NumPy's sign rule
}

TEST(CppApi, ComparisonBitwiseAndUnary) {
  NDArray i = array({1, 2, 3, 4});
  NDArray lt = i < 3;
  EXPECT_EQ(lt.dtype(), DType::Bool);
  EXPECT_EQ(host<uint8_t>(lt), std::vector<uint8_t>({1, 1, 0, 0}));
  EXPECT_EQ(host<uint8_t>(i == array({1, 0, 3, 0})), std::vector<uint8_t>({1, 0, 1, 0}));
  EXPECT_EQ(host<uint8_t>(!lt), std::vector<uint8_t>({0, 0, 1, 1}));
  EXPECT_EQ(host<int64_t>((i & 6) | (i << 4)), std::vector<int64_t>({16, 34, 50, 68}));
  EXPECT_EQ(host<int64_t>(~i ^ 1), std::vector<int64_t>({-1, -4, -3, -6}));
}

TEST(CppApi, CompoundAssignmentWritesInPlace) {
  NDArray a = iota({2, 3});
  NDArray row = a(1);  // a view: a[1]
  row += 10;
  EXPECT_EQ(host<double>(a), std::vector<double>({0, 1, 2, 13, 14, 15}));
  a *= array({1.0, 0.0, -1.0});
  EXPECT_EQ(host<double>(a), std::vector<double>({0, 0, -2, 13, 0, -15}));
  // NumPy's same_kind rule: a float result does not go into an int array.
  NDArray i = array({1, 2});
  EXPECT_THROW(i += 1.5, TypeError);
  EXPECT_EQ(host<int64_t>(i), std::vector<int64_t>({1, 2}));
}

TEST(CppApi, IndexingReshapeTransposeAstype) {
  NDArray a = arange(12).reshape({3, 4});
  NDArray s = a(Slice{1}, Slice{{}, {}, 2});  // a[1:, ::2]
  EXPECT_EQ(s.shape(), Shape({2, 2}));
  EXPECT_EQ(host<int64_t>(s), std::vector<int64_t>({4, 6, 8, 10}));
  EXPECT_EQ(host<int64_t>(a(ellipsis, 3)), std::vector<int64_t>({3, 7, 11}));
  EXPECT_EQ(a(newaxis, 0).shape(), Shape({1, 4}));
  EXPECT_EQ(a.T().shape(), Shape({4, 3}));
  EXPECT_EQ(host<int64_t>(a.T()(0)), std::vector<int64_t>({0, 4, 8}));
  EXPECT_EQ(a.reshape({2, -1}).shape(), Shape({2, 6}));
  EXPECT_EQ(host<float>((a.astype(DType::Float32) / 4)(0)),
            std::vector<float>({0, 0.25f, 0.5f, 0.75f}));
}

TEST(CppApi, UfuncFunctionsByName) {
  NDArray x = array({-4.0, 0.0, 9.0});
  EXPECT_EQ(host<double>(sqrt(abs(x))), std::vector<double>({2, 0, 3}));
  EXPECT_EQ(host<double>(power(x, 2)), std::vector<double>({16, 0, 81}));
  EXPECT_EQ(host<double>(maximum(0, x)), std::vector<double>({0, 0, 9}));
  NDArray out = zeros({3});
  add(x, 1, {.out = out});
  EXPECT_EQ(host<double>(out), std::vector<double>({-3, 1, 10}));
  NDArray f = sqrt(array({4, 16}), {.dtype = DType::Float32});
  EXPECT_EQ(f.dtype(), DType::Float32);
  EXPECT_EQ(host<float>(f), std::vector<float>({2, 4}));
}

TEST(CppApi, ReductionsWithOptionStructs) {
  NDArray a = iota({2, 3});  // [[0, 1, 2], [3, 4, 5]]
  NDArray k = sum(a, {.axis = 1, .keepdims = true});
  EXPECT_EQ(k.shape(), Shape({2, 1}));
  EXPECT_EQ(host<double>(k), std::vector<double>({3, 12}));
  EXPECT_EQ(host<double>(mean(a, {.axis = {0, 1}})), std::vector<double>({2.5}));
  EXPECT_EQ(host<double>(var(a, {.axis = 0, .ddof = 1})), std::vector<double>({4.5, 4.5, 4.5}));
  EXPECT_EQ(host<double>(max(a, {.axis = 0})), std::vector<double>({3, 4, 5}));
  EXPECT_EQ(host<int64_t>(argmax(a, {.axis = -1})), std::vector<int64_t>({2, 2}));
  EXPECT_EQ(host<double>(cumsum(a, {.axis = 1})), std::vector<double>({0, 1, 3, 3, 7, 12}));
  EXPECT_EQ(sum(a, {.dtype = DType::Float32}).dtype(), DType::Float32);
  EXPECT_THROW(argmax(a, {.axis = {0, 1}}), TypeError);
  // where= and initial=: np.max(a, axis=1, where=[1, 0, 0], initial=1) is [1, 3].
  NDArray first = device_array(std::vector<uint8_t>{1, 0, 0}, {3}, DType::Bool);
  EXPECT_EQ(host<double>(max(a, {.axis = 1, .where = first, .initial = Scalar::py_int(1)})),
            std::vector<double>({1, 3}));
  EXPECT_EQ(host<double>(stddev(a, {.axis = 1, .where = first})), std::vector<double>({0, 0}));
  EXPECT_THROW(cumsum(a, {.where = first}), TypeError);
}
