// r_, c_ (src/ops/manipulation/index_tricks.cpp) and item() (src/ops/indexing/item.cpp),
// from C++, against values by hand; python/tests/test_index_tricks.py compares every form
// with NumPy.
#include <gtest/gtest.h>

#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/index_tricks.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

NDArray ints(std::vector<int64_t> v) {
  Shape s{int64_t(v.size())};
  return from_host(v.data(), s, DType::Int64);
}

}  // namespace

TEST(IndexTricks, RowsJoinRangesScalarsAndArrays) {
  // r_[1:4, 0, 4.5]: an int64 range, a weak int and a weak float give float64.
  std::vector<ConcatItem> items{ConcatRange{Scalar::py_int(1), Scalar::py_int(4), std::nullopt},
                                Scalar::py_int(0), Scalar::py_float(4.5)};
  NDArray r = r_(items);
  EXPECT_EQ(r.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(r), (std::vector<double>{1, 2, 3, 0, 4.5}));
  // r_[0:1:3j] is linspace(0, 1, 3).
  std::vector<ConcatItem> lin{
      ConcatRange{Scalar::py_int(0), Scalar::py_int(1), Scalar::py_complex({0, 3})}};
  EXPECT_EQ(host<double>(r_(lin)), (std::vector<double>{0, 0.5, 1}));
}

TEST(IndexTricks, DirectivesAndColumns) {
  NDArray a = ints({1, 2, 3});
  std::vector<ConcatItem> cols{a, ints({4, 5, 6})};
  NDArray c = c_(cols);
  EXPECT_EQ(c.shape(), (Shape{3, 2}));
  EXPECT_EQ(host<int64_t>(c), (std::vector<int64_t>{1, 4, 2, 5, 3, 6}));
  std::vector<ConcatItem> trans{std::string("0,2,1"), a};  // one row: axes from 1 on
  EXPECT_EQ(r_(trans).shape(), (Shape{1, 3}));
  std::vector<ConcatItem> column{std::string("c"), a};
  EXPECT_EQ(r_(column).shape(), (Shape{3, 1}));
  std::vector<ConcatItem> late{a, std::string("0")};
  EXPECT_THROW(r_(late), ValueError);
  EXPECT_THROW(r_(std::vector<ConcatItem>{}), ValueError);
}

TEST(IndexTricks, ItemReadsOneElement) {
  NDArray a = ints({7, -8, 9});
  std::vector<IndexItem> at{int64_t(1)};
  EXPECT_EQ(item(a.index(at)).as_int64(), -8);
  EXPECT_EQ(item(a.astype(DType::Float16).index(at)).as_double(), -8.0);
  EXPECT_THROW(item(a), ValueError);
}
