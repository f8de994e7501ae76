// The elementwise engine through the public C++ API (ElementwiseKernel and ufuncs).
#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/elementwise_kernel.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

using test::device_array;
using test::host;

TEST(Elementwise, SquaredDiffBroadcasts) {
  ElementwiseKernel k("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff");
  std::vector<float> xs(10), ys(5);
  for (int i = 0; i < 10; ++i) xs[i] = float(i);
  for (int i = 0; i < 5; ++i) ys[i] = float(i);
  NDArray x = device_array(xs, {2, 5}, DType::Float32), y = device_array(ys, {5}, DType::Float32);
  auto out = k(std::vector<Operand>{x, y});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].shape(), Shape({2, 5}));
  auto z = host<float>(out[0]);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(z[i], 0.0f);
  for (int i = 5; i < 10; ++i) EXPECT_EQ(z[i], 25.0f);
}

TEST(Elementwise, VectorPathHandlesTailsAndOffsets) {
  // Sizes around the vector width and a misaligned view exercise both code paths.
  for (int64_t n : {1, 3, 4, 5, 1023, 4097}) {
    std::vector<float> a(size_t(n + 1)), b(size_t(n + 1));
    for (int64_t i = 0; i <= n; ++i) a[i] = float(i), b[i] = float(2 * i);
    NDArray A = device_array(a, {n + 1}, DType::Float32),
            B = device_array(b, {n + 1}, DType::Float32);
    std::vector<IndexItem> tail{Slice{1, std::nullopt, std::nullopt}};
    NDArray r = add(A.index(tail), B.index(tail));  // offset by one element: not 16-byte aligned
    auto v = host<float>(r);
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(v[i], float(3 * (i + 1))) << n << " " << i;
    auto w = host<float>(add(A, B));
    for (int64_t i = 0; i <= n; ++i) ASSERT_EQ(w[i], float(3 * i)) << n << " " << i;
  }
}

TEST(Elementwise, OutputWithAnotherDtypeIsCastOnStore) {
  std::vector<double> a{1.5, -2.5, 3.75};
  NDArray A = device_array(a, {3}, DType::Float64);
  NDArray out = NDArray::empty(Shape{3}, DType::Float32);
  std::vector<NDArray> outs{out};
  call_ufunc("add", std::vector<Operand>{A, Scalar::py_float(1.0)}, outs);
  EXPECT_EQ(host<float>(out), (std::vector<float>{2.5f, -1.5f, 4.75f}));
  NDArray ints = NDArray::empty(Shape{3}, DType::Int32);
  std::vector<NDArray> bad{ints};
  EXPECT_THROW(call_ufunc("add", std::vector<Operand>{A, A}, bad), TypeError);  // as NumPy
}

TEST(Elementwise, UnboundPlaceholderNeedsAnOutput) {
  ElementwiseKernel k("X x, Y y", "Z z", "z = x + y", "generic");
  std::vector<float> a{1, 2};
  NDArray A = device_array(a, {2}, DType::Float32);
  EXPECT_THROW(k(std::vector<Operand>{A, A}), TypeError);
  NDArray z = NDArray::empty(Shape{2}, DType::Float64);
  for (int rep = 0; rep < 2; ++rep) {  // the second call takes the dispatch shortcut
    auto out = k(std::vector<Operand>{A, A, z});
    EXPECT_EQ(host<double>(out[0]), (std::vector<double>{2, 4}));
  }
  // What calls with outputs remembered must not let a call without them guess Z.
  EXPECT_THROW(k(std::vector<Operand>{A, A}), TypeError);
}

TEST(Elementwise, OutputOverlappingAnInputReadsTheInputFirst) {
  // out = x[1:] written from x[:-1]: as NumPy, every input element is read before it is
  // overwritten (without a copy, a sequential loop would smear x[0] over the array).
  std::vector<float> a{1, 2, 3, 4, 5};
  for (int rep = 0; rep < 2; ++rep) {
    NDArray A = device_array(a, {5}, DType::Float32);
    std::vector<IndexItem> tail{Slice{1, std::nullopt, std::nullopt}};
    std::vector<IndexItem> head{Slice{std::nullopt, -1, std::nullopt}};
    std::vector<NDArray> outs{A.index(tail)};
    call_ufunc("add", std::vector<Operand>{A.index(head), Scalar::py_float(10.0)}, outs);
    EXPECT_EQ(host<float>(A), (std::vector<float>{1, 11, 12, 13, 14}));
  }
}

TEST(Elementwise, RawParameterAndSize) {
  ElementwiseKernel k("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse");
  std::vector<int64_t> a{1, 2, 3, 4};
  NDArray A = device_array(a, {4}, DType::Int64);
  NDArray y = NDArray::empty(Shape{4}, DType::Int64);
  k(std::vector<Operand>{A, y});  // the non-raw output fixes the size
  EXPECT_EQ(host<int64_t>(y), (std::vector<int64_t>{4, 3, 2, 1}));
  ElementwiseKernel k2("raw T x", "raw T y", "y[i] = x[i] * 10", "times_ten");
  EXPECT_THROW(k2(std::vector<Operand>{A, y}), ValueError);  // all raw: size= required
  k2(std::vector<Operand>{A, y}, 4);
  EXPECT_EQ(host<int64_t>(y), (std::vector<int64_t>{10, 20, 30, 40}));
}
