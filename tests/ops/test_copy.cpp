// Copies and writes (src/ops/copy.cpp): copy, astype, fill, copy_into, setitem.
#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;
using test::iota;

TEST(Copy, CopyInFortranOrderKeepsValues) {
  NDArray a = iota({2, 3});
  NDArray f = a.copy(Order::F);
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_NE(f.storage(), a.storage());
  EXPECT_EQ(host<double>(f), std::vector<double>({0, 1, 2, 3, 4, 5}));  // read back in C order
}

TEST(Copy, AstypeTruncatesAndKeepsFortranLayout) {
  NDArray a = device_array(std::vector<double>{-1.5, 0.5, 2.75, 300}, {4}, DType::Float64);
  EXPECT_EQ(host<int32_t>(a.astype(DType::Int32)), std::vector<int32_t>({-1, 0, 2, 300}));
  NDArray t = iota({2, 3}).transpose();  // F-contiguous only
  NDArray c = t.astype(DType::Int32);
  EXPECT_TRUE(c.f_contiguous());
  EXPECT_EQ(host<int32_t>(c), std::vector<int32_t>({0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(a.astype(DType::Float64, false).storage(), a.storage());  // no copy asked, none made
}

TEST(Copy, AstypeHonoursOrderAndCasting) {
  NDArray a = iota({2, 3});
  NDArray f = a.astype(DType::Float32, true, Order::F);
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_EQ(host<float>(f), std::vector<float>({0, 1, 2, 3, 4, 5}));
  EXPECT_NE(a.astype(DType::Float64, false, Order::F).storage(), a.storage());
  EXPECT_EQ(a.astype(DType::Float64, false, Order::C).storage(), a.storage());
  EXPECT_EQ(a.astype(DType::Complex128, true, std::nullopt, Casting::Safe).dtype(),
            DType::Complex128);
  try {
    a.astype(DType::Int32, true, std::nullopt, Casting::SameKind);
    FAIL() << "no error";
  } catch (const TypeError& e) {
    EXPECT_STREQ(e.what(),
                 "Cannot cast array data from dtype('float64') to dtype('int32') "
                 "according to the rule 'same_kind'");
  }
}

TEST(Copy, CopyIntoBroadcastsAndCasts) {
  NDArray dst = zeros(Shape{2, 3}, DType::Int64);
  copy_into(dst, device_array(std::vector<double>{1.9, 2.1, -3.5}, {3}, DType::Float64));
  EXPECT_EQ(host<int64_t>(dst), std::vector<int64_t>({1, 2, -3, 1, 2, -3}));
  NDArray row = zeros(Shape{3});
  try {
    copy_into(row, iota({2, 3}));
    FAIL() << "no error";
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "could not broadcast input array from shape (2, 3) into shape (3,)");
  }
}

TEST(Copy, SetitemWithScalarAndArray) {
  NDArray a = zeros(Shape{3, 3});
  std::vector<IndexItem> column{Slice{}, int64_t(1)};
  setitem(a, column, Scalar::py_int(7));
  std::vector<IndexItem> last_row{int64_t(-1)};
  setitem(a, last_row, iota({3}));
  EXPECT_EQ(host<double>(a), std::vector<double>({0, 7, 0, 0, 7, 0, 0, 1, 2}));
  NDArray b = ones(Shape{2}, DType::UInt8);
  fill(b, Scalar::py_int(255));
  EXPECT_EQ(host<uint8_t>(b), std::vector<uint8_t>({255, 255}));
  EXPECT_THROW(fill(b, Scalar::py_int(256)), OverflowError);
}
