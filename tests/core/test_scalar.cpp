// Host scalars (src/core/scalar.cpp): weak and typed scalars, conversion on store.
#include "ndgpu/scalar.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "ndgpu/errors.hpp"

using namespace ndgpu;

namespace {

template <class T>
T stored(const Scalar& s, DType target) {
  T v{};
  s.store_as(target, &v);
  return v;
}

}  // namespace

TEST(Scalar, PythonScalarsAreWeakTypedOnesStrong) {
  EXPECT_TRUE(Scalar::py_int(3).weak());
  EXPECT_EQ(Scalar::py_int(3).weak_kind(), WeakKind::Int);
  EXPECT_EQ(Scalar::py_float(0.5).dtype(), DType::Float64);
  EXPECT_EQ(Scalar::py_bool(true).weak_kind(), WeakKind::Bool);
  Scalar t = Scalar::typed(DType::Int16, 7.0);
  EXPECT_FALSE(t.weak());
  EXPECT_EQ(t.dtype(), DType::Int16);
  EXPECT_EQ(t.promotion().dtype, DType::Int16);
  EXPECT_FALSE(t.promotion().weak);
  EXPECT_TRUE(Scalar::py_complex({1, 2}).promotion().weak);
}

TEST(Scalar, StoresConvertedValues) {
  EXPECT_EQ(stored<int8_t>(Scalar::py_int(-5), DType::Int8), -5);
  EXPECT_EQ(stored<int32_t>(Scalar::py_float(-2.75), DType::Int32), -2);  // truncation
  EXPECT_EQ(stored<float>(Scalar::py_int(3), DType::Float32), 3.0f);
  EXPECT_EQ(stored<bool>(Scalar::py_float(0.0), DType::Bool), false);
  EXPECT_EQ(stored<bool>(Scalar::py_complex({0, 1}), DType::Bool), true);
  EXPECT_EQ(stored<uint16_t>(Scalar::py_float(1.0), DType::Float16), 0x3c00);  // 1.0 in half
  double c[2];
  Scalar::py_complex({1.5, -2}).store_as(DType::Complex128, c);
  EXPECT_EQ(c[0], 1.5);
  EXPECT_EQ(c[1], -2.0);
  EXPECT_EQ(stored<uint64_t>(Scalar::py_uint(UINT64_MAX), DType::UInt64), UINT64_MAX);
}

TEST(Scalar, WeakIntOutOfRangeRaisesOverflowError) {
  try {
    Scalar::py_int(300).store_as(DType::UInt8, nullptr);
    FAIL() << "no error";
  } catch (const OverflowError& e) {
    EXPECT_STREQ(e.what(), "Python integer 300 out of bounds for uint8");
  }
  // A typed (NumPy) scalar wraps instead, as NumPy's cast does.
  EXPECT_EQ(stored<uint8_t>(Scalar::typed_int(DType::Int64, 300), DType::UInt8), 44);
  EXPECT_THROW(Scalar::py_big_int(1e30).store_as(DType::Int64, nullptr), OverflowError);
  EXPECT_THROW(Scalar::py_big_int(1e30).as_int64(), OverflowError);
  EXPECT_EQ(stored<double>(Scalar::py_big_int(1e30), DType::Float64), 1e30);
}

TEST(Scalar, OutsideRangeAndRepr) {
  EXPECT_EQ(Scalar::py_int(-1).outside_range(DType::UInt8), -1);
  EXPECT_EQ(Scalar::py_int(128).outside_range(DType::Int8), 1);
  EXPECT_EQ(Scalar::py_int(127).outside_range(DType::Int8), 0);
  EXPECT_EQ(Scalar::py_uint(UINT64_MAX).outside_range(DType::Int64), 1);
  EXPECT_EQ(Scalar::py_uint(UINT64_MAX).outside_range(DType::UInt64), 0);
  EXPECT_EQ(Scalar::py_int(1000).outside_range(DType::Float16), 0);  // not an integer target
  EXPECT_EQ(Scalar::py_int(-42).repr(), "-42");
  EXPECT_EQ(Scalar::py_bool(true).repr(), "True");
  EXPECT_EQ(Scalar::py_int(7).as_double(), 7.0);
}
