// Shape arithmetic (src/core/shape.cpp): sizes, strides, contiguity, broadcasting, axes.
#include "ndgpu/shape.hpp"

#include <gtest/gtest.h>

#include "ndgpu/errors.hpp"

using namespace ndgpu;

TEST(Shape, SizeAndContiguousStrides) {
  Shape s{2, 3, 4};
  EXPECT_EQ(shape_size(s), 24);
  EXPECT_EQ(shape_size(Shape{}), 1);  // a 0-d array holds one element
  EXPECT_EQ(shape_size(Shape{3, 0}), 0);
  EXPECT_EQ(c_strides(s, 8), Strides({96, 32, 8}));
  EXPECT_EQ(f_strides(s, 8), Strides({8, 16, 48}));
  // A zero-length axis still advances the stride by one, as NumPy's empty arrays do.
  EXPECT_EQ(c_strides(Shape{0, 3}, 4), Strides({12, 4}));
}

TEST(Shape, ContiguityIgnoresLengthOneAxesAndEmptyArrays) {
  Shape s{2, 1, 3};
  EXPECT_TRUE(is_c_contiguous(s, Strides{24, 999, 8}, 8));
  EXPECT_FALSE(is_c_contiguous(s, Strides{8, 8, 16}, 8));
  EXPECT_TRUE(is_f_contiguous(s, Strides{8, 999, 16}, 8));
  EXPECT_FALSE(is_f_contiguous(s, Strides{24, 8, 8}, 8));
  EXPECT_TRUE(is_c_contiguous(Shape{0, 5}, Strides{7, 3}, 8));
}

TEST(Shape, BroadcastsAsNumpy) {
  Shape shapes[] = {{8, 1, 6, 1}, {7, 1, 5}, {}};
  EXPECT_EQ(broadcast_shapes(shapes), Shape({8, 7, 6, 5}));
  Shape with_zero[] = {{0, 1}, {1, 3}};
  EXPECT_EQ(broadcast_shapes(with_zero), Shape({0, 3}));
  Shape bad[] = {{2, 3}, {4}};
  try {
    broadcast_shapes(bad);
    FAIL() << "no error";
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "operands could not be broadcast together with shapes (2, 3) (4,)");
  }
}

TEST(Shape, StrAndNormalizeAxis) {
  EXPECT_EQ(shape_str(Shape{}), "()");
  EXPECT_EQ(shape_str(Shape{5}), "(5,)");
  EXPECT_EQ(shape_str(Shape{2, 5}), "(2, 5)");
  EXPECT_EQ(normalize_axis(-1, 3), 2);
  EXPECT_EQ(normalize_axis(0, 3), 0);
  EXPECT_THROW(normalize_axis(3, 3), IndexError);
  EXPECT_THROW(normalize_axis(-4, 3), IndexError);
}
