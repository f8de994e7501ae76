#include "kernel/reduction/plan.hpp"

#include <gtest/gtest.h>

using namespace ndgpu;
using namespace ndgpu::kernel;

namespace {
// Output strides over the input shape: the output's own strides, 0 on reduced axes.
Strides out_strides(const Shape& shape, const std::vector<bool>& red, int64_t isz) {
  Shape os;
  for (size_t d = 0; d < shape.size(); ++d)
    if (!red[d]) os.push_back(shape[d]);
  Strides c = c_strides(os, isz), s(shape.size(), 0);
  for (size_t d = 0, j = 0; d < shape.size(); ++d)
    if (!red[d]) s[d] = c[j++];
  return s;
}
}  // namespace

TEST(ReductionPlan, FullReductionOfContiguousArrayIsOneReducedAxis) {
  Shape shape{4, 5, 6};
  std::vector<bool> red{true, true, true};
  auto p = make_reduction_plan(shape, red, {out_strides(shape, red, 4), c_strides(shape, 4)},
                               {4, 4}, 1, true, true);
  EXPECT_EQ(p.out_shape, Shape{});
  EXPECT_EQ(p.red_shape, Shape({120}));
  EXPECT_EQ(p.out_size, 1);
  EXPECT_EQ(p.red_size, 120);
  EXPECT_EQ(p.strides[1], Strides({4}));
  EXPECT_TRUE(p.index32);
  EXPECT_EQ(choose_strategy(p, 1), ReduceStrategy::Rows);
}

TEST(ReductionPlan, LastAxisIsRowsFirstAxisIsColumns) {
  Shape shape{64, 32};
  std::vector<bool> last{false, true}, first{true, false};
  auto rows = make_reduction_plan(shape, last, {out_strides(shape, last, 4), c_strides(shape, 4)},
                                  {4, 4}, 1, true, true);
  EXPECT_EQ(rows.out_shape, Shape({64}));
  EXPECT_EQ(rows.red_shape, Shape({32}));
  EXPECT_EQ(rows.strides[1], Strides({128, 4}));
  EXPECT_EQ(choose_strategy(rows, 1), ReduceStrategy::Rows);
  auto cols = make_reduction_plan(shape, first, {out_strides(shape, first, 4), c_strides(shape, 4)},
                                  {4, 4}, 1, true, true);
  EXPECT_EQ(cols.out_shape, Shape({32}));
  EXPECT_EQ(cols.red_shape, Shape({64}));
  EXPECT_EQ(cols.strides[1], Strides({4, 128}));
  EXPECT_EQ(choose_strategy(cols, 1), ReduceStrategy::Columns);
}

TEST(ReductionPlan, MergesAdjacentReducedAxesAndDropsSizeOne) {
  // (2, 1, 3, 4) reduced over axes 2 and 3: they merge into one axis of 12; axis 1 vanishes.
  Shape shape{2, 1, 3, 4};
  std::vector<bool> red{false, false, true, true};
  auto p = make_reduction_plan(shape, red, {out_strides(shape, red, 8), c_strides(shape, 8)},
                               {8, 8}, 1, true, true);
  EXPECT_EQ(p.out_shape, Shape({2}));
  EXPECT_EQ(p.red_shape, Shape({12}));
  EXPECT_EQ(p.strides[0], Strides({8, 0}));
  EXPECT_EQ(p.strides[1], Strides({96, 8}));
}

TEST(ReductionPlan, NonAdjacentReducedAxesStayApart) {
  Shape shape{3, 4, 5};
  std::vector<bool> red{true, false, true};
  auto p = make_reduction_plan(shape, red, {out_strides(shape, red, 4), c_strides(shape, 4)},
                               {4, 4}, 1, true, true);
  EXPECT_EQ(p.out_shape, Shape({4}));
  EXPECT_EQ(p.red_shape, Shape({3, 5}));
  EXPECT_EQ(p.strides[1], Strides({20, 80, 4}));
}

TEST(ReductionPlan, FortranOrderSortsReducedAxesOnlyWhenAllowed) {
  Shape shape{6, 7};
  std::vector<bool> red{true, true};
  Strides f = f_strides(shape, 4);
  auto sorted = make_reduction_plan(shape, red, {Strides{0, 0}, f}, {4, 4}, 1, true, true);
  EXPECT_EQ(sorted.red_shape, Shape({42}));  // one contiguous run
  auto c_order = make_reduction_plan(shape, red, {Strides{0, 0}, f}, {4, 4}, 1, false, true);
  EXPECT_EQ(c_order.red_shape, Shape({6, 7}));  // argmax needs C order: no merge
}

TEST(ReductionPlan, BroadcastInputHasZeroStrides) {
  Shape shape{5, 8};
  std::vector<bool> red{true, false};
  auto p = make_reduction_plan(shape, red, {out_strides(shape, red, 4), Strides{0, 4}}, {4, 4}, 1,
                               true, true);
  EXPECT_EQ(p.red_shape, Shape({5}));
  EXPECT_EQ(p.strides[1], Strides({4, 0}));
}

TEST(ReductionPlan, EmptyReductionAndIndexWidth) {
  Shape shape{3, 0};
  std::vector<bool> red{false, true};
  auto p = make_reduction_plan(shape, red, {out_strides(shape, red, 4), c_strides(shape, 4)},
                               {4, 4}, 1, true, true);
  EXPECT_EQ(p.out_size, 3);
  EXPECT_EQ(p.red_size, 0);
  Shape big{int64_t(1) << 31};
  std::vector<bool> all{true};
  auto q = make_reduction_plan(big, all, {Strides{0}, Strides{1}}, {1, 1}, 1, true, true);
  EXPECT_FALSE(q.index32);
}
