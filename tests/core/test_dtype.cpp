// Data type facts and names (src/core/dtype.cpp); promotion is in test_promotion.cpp.
#include "ndgpu/dtype.hpp"

#include <gtest/gtest.h>

#include "ndgpu/errors.hpp"

using namespace ndgpu;

TEST(DType, SizesKindsAndNames) {
  EXPECT_EQ(itemsize(DType::Bool), 1u);
  EXPECT_EQ(itemsize(DType::Float16), 2u);
  EXPECT_EQ(itemsize(DType::UInt32), 4u);
  EXPECT_EQ(itemsize(DType::Complex128), 16u);
  EXPECT_EQ(kind(DType::UInt8), DTypeKind::UInt);
  EXPECT_EQ(kind(DType::Complex64), DTypeKind::Complex);
  EXPECT_STREQ(dtype_name(DType::Int16), "int16");
  EXPECT_STREQ(dtype_ctype(DType::Complex64), "complex<float>");
  EXPECT_EQ(dtype_char(DType::Float32), 'f');
  EXPECT_EQ(dtype_char(DType::UInt64), 'L');
  EXPECT_TRUE(is_integer(DType::UInt16));
  EXPECT_FALSE(is_integer(DType::Bool));
  EXPECT_TRUE(is_inexact(DType::Complex64));
  EXPECT_FALSE(is_floating(DType::Complex64));
}

TEST(DType, EveryNameRoundTrips) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType t = DType(i);
    EXPECT_EQ(dtype_from_name(dtype_name(t)), t) << dtype_name(t);
    EXPECT_EQ(dtype_from_name(std::string(1, dtype_char(t))), t) << dtype_name(t);
  }
}

TEST(DType, NumpyAliasesAndUnknownNames) {
  EXPECT_EQ(parse_dtype("f4"), DType::Float32);
  EXPECT_EQ(parse_dtype("int"), DType::Int64);
  EXPECT_EQ(parse_dtype("float"), DType::Float64);
  EXPECT_EQ(parse_dtype("complex"), DType::Complex128);
  EXPECT_EQ(parse_dtype("?"), DType::Bool);
  EXPECT_EQ(parse_dtype("c8"), DType::Complex64);
  EXPECT_EQ(dtype_from_name("float128"), std::nullopt);
  try {
    parse_dtype("float128");
    FAIL() << "no error";
  } catch (const TypeError& e) {
    EXPECT_STREQ(e.what(), "data type 'float128' not understood");
  }
}

TEST(DType, CastingNamesRealDtypeAndDefaults) {
  EXPECT_EQ(casting_from_name("same_kind"), Casting::SameKind);
  EXPECT_EQ(casting_from_name("unsafe"), Casting::Unsafe);
  EXPECT_EQ(casting_from_name("sometimes"), std::nullopt);
  EXPECT_EQ(real_dtype(DType::Complex64), DType::Float32);
  EXPECT_EQ(real_dtype(DType::Complex128), DType::Float64);
  EXPECT_EQ(real_dtype(DType::Int8), DType::Int8);
  EXPECT_EQ(default_dtype(WeakKind::Int), DType::Int64);
  EXPECT_EQ(default_dtype(WeakKind::Complex), DType::Complex128);
}
