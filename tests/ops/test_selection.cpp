// where and clip (src/ops/fuse/selection.cpp) against values computed by hand.
#include <gtest/gtest.h>

#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {}  // namespace

TEST(Selection, WherePromotesAsNumPy) {
  std::vector<uint8_t> c{1, 0, 1};
  std::vector<int8_t> x{1, 2, 3};
  NDArray cond = from_host(c.data(), {3}, DType::Bool), xa = from_host(x.data(), {3}, DType::Int8);
  // int8 with a Python int stays int8 (NEP 50); with a Python float it is float64.
  NDArray r = where(cond, xa, Scalar::py_int(-5));
  EXPECT_EQ(r.dtype(), DType::Int8);
  EXPECT_EQ(host<int8_t>(r), (std::vector<int8_t>{1, -5, 3}));
  NDArray f = where(cond, xa, Scalar::py_float(0.5));
  EXPECT_EQ(f.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(f), (std::vector<double>{1, 0.5, 3}));
}

TEST(Selection, ClipWithOneOrTwoBounds) {
  std::vector<float> x{-2, 0.5f, 4};
  NDArray xa = from_host(x.data(), {3}, DType::Float32);
  EXPECT_EQ(host<float>(clip(xa, Scalar::py_int(0), Scalar::py_int(1))),
            (std::vector<float>{0, 0.5f, 1}));
  EXPECT_EQ(host<float>(clip(xa, std::nullopt, Scalar::py_float(2))),
            (std::vector<float>{-2, 0.5f, 2}));
  EXPECT_THROW(clip(xa, std::nullopt, std::nullopt), ValueError);
}

TEST(Selection, ClipWritesIntoOut) {
  std::vector<float> x{-2, 0.5f, 4};
  NDArray xa = from_host(x.data(), {3}, DType::Float32);
  NDArray out = NDArray::empty({2, 3}, DType::Float64);  // cast and broadcast into out
  NDArray r = clip(xa, Scalar::py_int(0), Scalar::py_int(1), out);
  EXPECT_EQ(r.data(), out.data());
  EXPECT_EQ(host<double>(out), (std::vector<double>{0, 0.5, 1, 0, 0.5, 1}));
  EXPECT_THROW(clip(xa, Scalar::py_int(0), Scalar::py_int(1), NDArray::empty({2}, DType::Float32)),
               ValueError);
  EXPECT_THROW(clip(xa, Scalar::py_int(0), Scalar::py_int(1), NDArray::empty({3}, DType::Int32)),
               TypeError);  // float32 into int32 is not 'same_kind'
}
