#include "kernel/iteration_plan.hpp"

#include <gtest/gtest.h>

using namespace ndgpu;
using namespace ndgpu::kernel;

TEST(IterationPlan, ContiguousOperandsCollapseToOneAxis) {
  Shape shape{2, 3, 4};
  auto st = c_strides(shape, 4);
  auto p = make_plan(shape, {st, st}, {4, 4}, true, true);
  EXPECT_TRUE(p.contiguous);
  EXPECT_EQ(p.shape, Shape({24}));
  EXPECT_TRUE(p.index32);
  EXPECT_EQ(p.size, 24);
}

TEST(IterationPlan, BroadcastOperandKeepsStridedAxes) {
  // (2,5) + (5,) broadcast: the second operand has stride 0 on axis 0.
  Shape shape{2, 5};
  auto p = make_plan(shape, {c_strides(shape, 4), Strides{0, 4}}, {4, 4}, true, true);
  EXPECT_FALSE(p.contiguous);
  ASSERT_EQ(p.ndim(), 2);
  EXPECT_EQ(p.shape, Shape({2, 5}));
  EXPECT_EQ(p.strides[1], Strides({0, 4}));
}

TEST(IterationPlan, DropsSizeOneAxesAndMergesPartially) {
  // A (4,1,6) view of a (4,8) array's first 6 columns: axes 0 and 2 cannot merge.
  Shape shape{4, 1, 6};
  Strides view{32, 0, 4};
  auto p = make_plan(shape, {c_strides(shape, 4), view}, {4, 4}, true, true);
  EXPECT_EQ(p.shape, Shape({4, 6}));
  EXPECT_EQ(p.strides[1], Strides({32, 4}));
}

TEST(IterationPlan, ReordersTransposedOperandsOnlyWhenAllowed) {
  // Both operands F-ordered (3,4): reordering makes them one contiguous run.
  Shape shape{3, 4};
  auto f = f_strides(shape, 8);
  auto reordered = make_plan(shape, {f, f}, {8, 8}, true, true);
  EXPECT_TRUE(reordered.contiguous);
  auto kept = make_plan(shape, {f, f}, {8, 8}, false, true);
  EXPECT_FALSE(kept.contiguous);
  EXPECT_EQ(kept.shape, Shape({3, 4}));
}

TEST(IterationPlan, NoCollapseKeepsEveryAxis) {
  Shape shape{2, 1, 3};
  auto st = c_strides(shape, 4);
  auto p = make_plan(shape, {st}, {4}, false, false);
  EXPECT_EQ(p.ndim(), 3);
  EXPECT_FALSE(p.contiguous);
}

TEST(IterationPlan, ZeroDimensionalIsOneElement) {
  auto p = make_plan(Shape{}, {Strides{}}, {4}, true, true);
  EXPECT_TRUE(p.contiguous);
  EXPECT_EQ(p.size, 1);
  EXPECT_EQ(p.shape, Shape({1}));
}

TEST(IterationPlan, LargeExtentsNeed64BitIndex) {
  Shape shape{int64_t(1) << 31};
  auto p = make_plan(shape, {Strides{1}}, {1}, true, true);
  EXPECT_FALSE(p.index32);
  Shape small{1000};
  auto q = make_plan(small, {Strides{int64_t(1) << 22}}, {4}, true, true);  // 4 GB span
  EXPECT_FALSE(q.index32);
}
