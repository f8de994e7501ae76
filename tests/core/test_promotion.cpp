#include <gtest/gtest.h>

#include "ndgpu/dtype.hpp"

using namespace ndgpu;

TEST(Promotion, KnownPairs) {
  EXPECT_EQ(promote_types(DType::UInt8, DType::Int8), DType::Int16);
  EXPECT_EQ(promote_types(DType::UInt64, DType::Int64), DType::Float64);
  EXPECT_EQ(promote_types(DType::Int16, DType::Float16), DType::Float32);
  EXPECT_EQ(promote_types(DType::Int64, DType::Complex64), DType::Complex128);
  EXPECT_EQ(promote_types(DType::Float16, DType::Complex64), DType::Complex64);
  EXPECT_EQ(promote_types(DType::Bool, DType::UInt16), DType::UInt16);
}

TEST(Promotion, IsSymmetricAndCanCastSafeMatchesIt) {
  for (int a = 0; a < kNumDTypes; ++a)
    for (int b = 0; b < kNumDTypes; ++b) {
      DType p = promote_types(DType(a), DType(b));
      EXPECT_EQ(p, promote_types(DType(b), DType(a)));
      EXPECT_TRUE(can_cast(DType(a), p, Casting::Safe));
      EXPECT_TRUE(can_cast(DType(b), p, Casting::Safe));
    }
}

TEST(Promotion, WeakScalarsFollowNep50) {
  auto rt = [](DType strong, WeakKind w) {
    PromotionOperand ops[] = {PromotionOperand::strong(strong), PromotionOperand::scalar(w)};
    return result_type(ops);
  };
  EXPECT_EQ(rt(DType::UInt8, WeakKind::Int), DType::UInt8);
  EXPECT_EQ(rt(DType::Bool, WeakKind::Int), DType::Int64);
  EXPECT_EQ(rt(DType::Int8, WeakKind::Float), DType::Float64);
  EXPECT_EQ(rt(DType::Float16, WeakKind::Float), DType::Float16);
  EXPECT_EQ(rt(DType::Float32, WeakKind::Complex), DType::Complex64);
  EXPECT_EQ(rt(DType::Int32, WeakKind::Complex), DType::Complex128);
  PromotionOperand only_scalars[] = {PromotionOperand::scalar(WeakKind::Int),
                                     PromotionOperand::scalar(WeakKind::Float)};
  EXPECT_EQ(result_type(only_scalars), DType::Float64);
}

TEST(Promotion, SameKindCasting) {
  EXPECT_TRUE(can_cast(DType::Float64, DType::Float32, Casting::SameKind));
  EXPECT_TRUE(can_cast(DType::UInt8, DType::Int8, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Int8, DType::UInt8, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Float32, DType::Int64, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Int8, DType::Int16, Casting::No));
}
