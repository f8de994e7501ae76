// Overflow-checked sizes (include/ndgpu/checked_size.hpp): NumPy's errors, never a wrapped size.
#include "ndgpu/checked_size.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "ndgpu/errors.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/shape.hpp"

using namespace ndgpu;

TEST(CheckedSize, ArithmeticRaisesInsteadOfWrapping) {
  EXPECT_EQ(checked_mul(int64_t(1) << 31, int64_t(1) << 31), int64_t(1) << 62);
  EXPECT_THROW(checked_mul(int64_t(1) << 32, int64_t(1) << 31), ValueError);
  EXPECT_EQ(checked_add(INT64_MAX - 1, 1), INT64_MAX);
  EXPECT_THROW(checked_add(INT64_MAX, 1), ValueError);
}

TEST(CheckedSize, ByteCountsAsNumpy) {
  EXPECT_EQ(checked_nbytes(Shape{3, 4}, 8), 96);
  EXPECT_EQ(checked_nbytes(Shape{}, 2), 2);
  EXPECT_EQ(checked_nbytes(Shape{0, 5}, 8), 0);
  // 2**61 float64 is 2**64 bytes; NumPy checks the lengths before applying a zero.
  EXPECT_THROW(checked_nbytes(Shape{int64_t(1) << 61}, 8), ValueError);
  EXPECT_THROW(checked_nbytes(Shape{0, int64_t(1) << 62, int64_t(1) << 62}, 1), ValueError);
  EXPECT_THROW(checked_nbytes(Shape{-1}, 1), ValueError);
  EXPECT_EQ(checked_nbytes(Shape(64, 1), 1), 1);
  EXPECT_THROW(checked_nbytes(Shape(65, 1), 1), ValueError);
  EXPECT_THROW(shape_size(Shape{int64_t(1) << 32, int64_t(1) << 32}), ValueError);
  EXPECT_EQ(shape_size(Shape{int64_t(1) << 40, 0}), 0);
}

TEST(CheckedSize, ArraysThatWouldWrapAreRefused) {
  EXPECT_THROW(NDArray::empty(Shape{int64_t(1) << 61}, DType::Float64), ValueError);
  EXPECT_THROW(NDArray::empty(Shape{int64_t(1) << 31, int64_t(1) << 31}, DType::Int32), ValueError);
  EXPECT_THROW(NDArray::empty(Shape{int64_t(1) << 59}, DType::Float64), OutOfMemoryError);
}

TEST(CheckedSize, ExtremeSliceStepsKeepTheViewValid) {
  NDArray a = NDArray::empty(Shape{5}, DType::Int64);
  IndexItem items[] = {Slice{std::nullopt, std::nullopt, INT64_MIN}};
  NDArray v = a.index(items);
  EXPECT_EQ(v.shape(), Shape{1});
  EXPECT_EQ(v.offset(), 4 * 8);
  IndexItem big[] = {Slice{INT64_MAX, std::nullopt, INT64_MAX}};
  EXPECT_EQ(a.index(big).size(), 0);
}
