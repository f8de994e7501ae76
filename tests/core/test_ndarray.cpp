// ndarray views (src/core/ndarray.cpp): transpose, basic indexing, reshape and broadcast_to
// share storage and address the elements NumPy's views address.
#include "ndgpu/ndarray.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using test::host;
using test::iota;

TEST(NDArray, EmptyHasContiguousStridesAndFlags) {
  NDArray c = NDArray::empty(Shape{2, 3}, DType::Int32);
  EXPECT_EQ(c.strides(), Strides({12, 4}));
  EXPECT_EQ(c.nbytes(), 24);
  EXPECT_TRUE(c.c_contiguous());
  EXPECT_FALSE(c.f_contiguous());
  NDArray f = NDArray::empty(Shape{2, 3}, DType::Int32, Order::F);
  EXPECT_EQ(f.strides(), Strides({4, 8}));
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_THROW(NDArray::empty(Shape{2, -1}, DType::Int32), ValueError);
}

TEST(NDArray, TransposeIsAView) {
  NDArray a = iota({2, 3});
  NDArray t = a.transpose();
  EXPECT_EQ(t.shape(), Shape({3, 2}));
  EXPECT_EQ(t.strides(), Strides({8, 24}));
  EXPECT_EQ(t.storage(), a.storage());
  EXPECT_TRUE(t.f_contiguous());
  EXPECT_EQ(host<double>(t.copy()), std::vector<double>({0, 3, 1, 4, 2, 5}));
  std::vector<int64_t> axes{1, 0, 2};
  NDArray b = iota({2, 3, 4}).transpose(axes);
  EXPECT_EQ(b.shape(), Shape({3, 2, 4}));
  std::vector<int64_t> repeated{0, 0, 1};
  EXPECT_THROW(iota({2, 3, 4}).transpose(repeated), ValueError);
}

TEST(NDArray, BasicIndexingMatchesNumpy) {
  NDArray a = iota({3, 4});
  // a[1, ::-2] -> [7, 5]
  std::vector<IndexItem> row{int64_t(1), Slice{std::nullopt, std::nullopt, -2}};
  NDArray r = a.index(row);
  EXPECT_EQ(r.shape(), Shape({2}));
  EXPECT_EQ(host<double>(r.copy()), std::vector<double>({7, 5}));
  // a[None, ..., 1:3] -> shape (1, 3, 2), first row [1, 2]
  std::vector<IndexItem> mixed{NewAxis{}, EllipsisIndex{}, Slice{1, 3, std::nullopt}};
  NDArray m = a.index(mixed);
  EXPECT_EQ(m.shape(), Shape({1, 3, 2}));
  EXPECT_EQ(host<double>(m.copy()), std::vector<double>({1, 2, 5, 6, 9, 10}));
  // a[-1] and an empty slice a[3:1]
  std::vector<IndexItem> last{int64_t(-1)};
  EXPECT_EQ(host<double>(a.index(last).copy()), std::vector<double>({8, 9, 10, 11}));
  std::vector<IndexItem> none{Slice{3, 1, std::nullopt}};
  EXPECT_EQ(a.index(none).shape(), Shape({0, 4}));
}

TEST(NDArray, IndexingErrorsAreNumpys) {
  NDArray a = iota({3, 4});
  std::vector<IndexItem> out_of_bounds{int64_t(3)};
  try {
    a.index(out_of_bounds);
    FAIL() << "no error";
  } catch (const IndexError& e) {
    EXPECT_STREQ(e.what(), "index 3 is out of bounds for axis 0 with size 3");
  }
  std::vector<IndexItem> too_many{int64_t(0), int64_t(0), int64_t(0)};
  EXPECT_THROW(a.index(too_many), IndexError);
  std::vector<IndexItem> zero_step{Slice{std::nullopt, std::nullopt, 0}};
  EXPECT_THROW(a.index(zero_step), ValueError);
}

TEST(NDArray, ReshapeViewsWhenStridesAllowAndCopiesOtherwise) {
  NDArray a = iota({2, 6});
  NDArray r = a.reshape(Shape{3, -1});
  EXPECT_EQ(r.shape(), Shape({3, 4}));
  EXPECT_EQ(r.storage(), a.storage());
  // The transpose of a C array is not C-contiguous: a C-order reshape must copy.
  NDArray t = a.transpose();
  EXPECT_FALSE(t.reshape_view(Shape{12}).has_value());
  NDArray flat = t.reshape(Shape{12});
  EXPECT_NE(flat.storage(), a.storage());
  EXPECT_EQ(host<double>(flat), std::vector<double>({0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}));
  try {
    a.reshape(Shape{5, 2});
    FAIL() << "no error";
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "cannot reshape array of size 12 into shape (5, 2)");
  }
  EXPECT_THROW(a.reshape(Shape{-1, -1}), ValueError);
}

TEST(NDArray, BroadcastToHasZeroStrides) {
  NDArray a = iota({3});
  NDArray b = a.broadcast_to(Shape{2, 3});
  EXPECT_EQ(b.strides(), Strides({0, 8}));
  EXPECT_EQ(host<double>(b.copy()), std::vector<double>({0, 1, 2, 0, 1, 2}));
  EXPECT_THROW(a.broadcast_to(Shape{2, 4}), ValueError);
}
