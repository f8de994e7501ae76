// Joining, splitting, repetition and views (src/ops/manipulation/) against values by hand.
#include <gtest/gtest.h>

#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

NDArray ints(std::vector<int32_t> v, Shape shape) {
  return from_host(v.data(), shape, DType::Int32);
}

}  // namespace

TEST(Manipulation, ConcatenatePromotesAndChecksShapes) {
  NDArray a = ints({1, 2, 3, 4}, {2, 2});
  std::vector<double> f{0.5, 1.5};
  NDArray b = from_host(f.data(), {2, 1}, DType::Float64);
  std::vector<NDArray> both{a, b};
  NDArray r = concatenate(both, 1);
  EXPECT_EQ(r.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(r), (std::vector<double>{1, 2, 0.5, 3, 4, 1.5}));
  EXPECT_THROW(concatenate(both, 0), ValueError);
  std::vector<NDArray> one{b};
  EXPECT_THROW(concatenate(one, 0, DType::Int32), TypeError);
}

TEST(Manipulation, SplitRepeatTileFlip) {
  NDArray a = ints({1, 2, 3, 4, 5}, {5});
  auto parts = array_split(a, 2);
  EXPECT_EQ(host<int32_t>(parts[0]), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(host<int32_t>(parts[1]), (std::vector<int32_t>{4, 5}));
  EXPECT_THROW(split(a, 2), ValueError);
  NDArray two = ints({1, 2}, {2});
  EXPECT_EQ(host<int32_t>(repeat(two, 2)), (std::vector<int32_t>{1, 1, 2, 2}));
  EXPECT_EQ(host<int32_t>(repeat(two, AxisList{0, 3})), (std::vector<int32_t>{2, 2, 2}));
  EXPECT_EQ(host<int32_t>(tile(two, AxisList{2})), (std::vector<int32_t>{1, 2, 1, 2}));
  EXPECT_EQ(host<int32_t>(flip(two)), (std::vector<int32_t>{2, 1}));
  EXPECT_EQ(moveaxis(ints({0, 0, 0, 0, 0, 0}, {1, 2, 3}), {0}, {-1}).shape(), (Shape{2, 3, 1}));
}
