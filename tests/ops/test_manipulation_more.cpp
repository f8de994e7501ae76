// roll, rot90, pad, insert/delete, copyto and block (src/ops/manipulation/) against values
// worked out by hand.
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

TEST(ManipulationMore, RollRot90AndAxisError) {
  NDArray a = ints({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(host<int32_t>(roll(a, {1})), (std::vector<int32_t>{6, 1, 2, 3, 4, 5}));
  EXPECT_EQ(host<int32_t>(roll(a, {1, -1}, {0, 1})), (std::vector<int32_t>{5, 6, 4, 2, 3, 1}));
  EXPECT_EQ(host<int32_t>(rot90(a).copy()), (std::vector<int32_t>{3, 6, 2, 5, 1, 4}));
  EXPECT_THROW(roll(a, {1}, {2}), AxisError);
  EXPECT_THROW(rot90(a, 1, {0, 0}), ValueError);
}

TEST(ManipulationMore, PadModes) {
  NDArray a = ints({1, 2, 3}, {3});
  std::vector<std::pair<int64_t, int64_t>> w{{2, 3}};
  EXPECT_EQ(host<int32_t>(pad(a, w)), (std::vector<int32_t>{0, 0, 1, 2, 3, 0, 0, 0}));
  PadOptions o;
  o.mode = PadMode::Reflect;
  EXPECT_EQ(host<int32_t>(pad(a, w, o)), (std::vector<int32_t>{3, 2, 1, 2, 3, 2, 1, 2}));
  o.mode = PadMode::Symmetric;
  EXPECT_EQ(host<int32_t>(pad(a, w, o)), (std::vector<int32_t>{2, 1, 1, 2, 3, 3, 2, 1}));
  o.mode = PadMode::Wrap;
  EXPECT_EQ(host<int32_t>(pad(a, w, o)), (std::vector<int32_t>{2, 3, 1, 2, 3, 1, 2, 3}));
  o.mode = PadMode::Edge;
  EXPECT_EQ(host<int32_t>(pad(a, w, o)), (std::vector<int32_t>{1, 1, 1, 2, 3, 3, 3, 3}));
  o.mode = PadMode::Reflect;
  o.odd_reflect = true;
  EXPECT_EQ(host<int32_t>(pad(a, w, o)), (std::vector<int32_t>{-1, 0, 1, 2, 3, 4, 5, 6}));
}

TEST(ManipulationMore, InsertDeleteResize) {
  NDArray a = ints({1, 2, 3}, {3});
  EXPECT_EQ(host<int32_t>(insert(a, {1, 1}, ints({8, 9}, {2}))),
            (std::vector<int32_t>{1, 8, 9, 2, 3}));
  EXPECT_EQ(host<int32_t>(delete_(a, {0, -1})), (std::vector<int32_t>{2}));
  EXPECT_THROW(delete_(a, {3}), IndexError);
  EXPECT_EQ(host<int32_t>(resize(a, {2, 4})), (std::vector<int32_t>{1, 2, 3, 1, 2, 3, 1, 2}));
}

TEST(ManipulationMore, CopytoWhereLeavesTheRest) {
  NDArray dst = ints({0, 0, 0}, {3});
  uint8_t m[3] = {1, 0, 1};
  copyto(dst, ints({7, 8, 9}, {3}), Casting::SameKind, from_host(m, {3}, DType::Bool));
  EXPECT_EQ(host<int32_t>(dst), (std::vector<int32_t>{7, 0, 9}));
  NDArray f = full(Shape{3}, Scalar::py_float(1.5));
  EXPECT_THROW(copyto(dst, f), TypeError);
  EXPECT_EQ(host<int32_t>(dst), (std::vector<int32_t>{7, 0, 9}));
}

TEST(ManipulationMore, Block) {
  NDArray one = ints({1}, {1, 1}), two = ints({2, 3}, {1, 2});
  BlockList b{std::vector<BlockList>{BlockList{std::vector<BlockList>{{one}, {two}}},
                                     BlockList{std::vector<BlockList>{{two}, {one}}}}};
  NDArray r = block(b);
  EXPECT_EQ(r.shape(), (Shape{2, 3}));
  EXPECT_EQ(host<int32_t>(r), (std::vector<int32_t>{1, 2, 3, 2, 3, 1}));
}

TEST(ManipulationMore, StrideTricksAreViewsInBounds) {
  NDArray x = ints({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {10});
  NDArray v = as_strided(x, Shape{3, 4}, Strides{8, 4});
  EXPECT_EQ(host<int32_t>(v), std::vector<int32_t>({0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7}));
  EXPECT_THROW(as_strided(x, Shape{11}, Strides{4}), ValueError);
  NDArray w = sliding_window_view(x, Shape{3});  // np.lib.stride_tricks.sliding_window_view
  EXPECT_EQ(w.shape(), Shape({8, 3}));
  EXPECT_EQ(host<int32_t>(w).back(), 9);
  EXPECT_THROW(sliding_window_view(x, Shape{11}), ValueError);
}
