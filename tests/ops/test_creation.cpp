// Array creation (src/ops/creation.cpp): values and dtypes as NumPy gives them.
#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;
using test::host;

TEST(Creation, ZerosOnesFull) {
  EXPECT_EQ(host<double>(zeros(Shape{3})), std::vector<double>({0, 0, 0}));
  NDArray o = ones(Shape{2, 2}, DType::Int64);
  EXPECT_EQ(o.dtype(), DType::Int64);
  EXPECT_EQ(host<int64_t>(o), std::vector<int64_t>({1, 1, 1, 1}));
  NDArray f = full(Shape{2}, Scalar::py_float(2.5));
  EXPECT_EQ(f.dtype(), DType::Float64);  // a Python float's default dtype
  EXPECT_EQ(host<double>(f), std::vector<double>({2.5, 2.5}));
  EXPECT_EQ(host<int64_t>(full(Shape{2}, Scalar::py_float(2.5), DType::Int64)),
            std::vector<int64_t>({2, 2}));
  EXPECT_THROW(zeros(Shape{-1}), ValueError);
}

TEST(Creation, ArangePicksNumpysDtypeAndLength) {
  NDArray a = arange(Scalar::py_int(2), Scalar::py_int(11), Scalar::py_int(3));
  EXPECT_EQ(a.dtype(), DType::Int64);
  EXPECT_EQ(host<int64_t>(a), std::vector<int64_t>({2, 5, 8}));
  NDArray down = arange(Scalar::py_int(5), Scalar::py_int(0), Scalar::py_int(-2));
  EXPECT_EQ(host<int64_t>(down), std::vector<int64_t>({5, 3, 1}));
  NDArray f = arange(Scalar::py_int(0), Scalar::py_int(1), Scalar::py_float(0.25));
  EXPECT_EQ(f.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(f), std::vector<double>({0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(arange(Scalar::py_int(3), Scalar::py_int(1), Scalar::py_int(1)).size(), 0);
  EXPECT_THROW(arange(Scalar::py_int(0), Scalar::py_int(3), Scalar::py_int(0)), ZeroDivisionError);
}

TEST(Creation, LinspaceWithAndWithoutEndpoint) {
  EXPECT_EQ(host<double>(linspace(Scalar::py_int(0), Scalar::py_int(1), 5)),
            std::vector<double>({0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(host<double>(linspace(Scalar::py_int(0), Scalar::py_int(1), 4, false)),
            std::vector<double>({0, 0.25, 0.5, 0.75}));
  // An integer dtype rounds towards -inf: np.linspace(-1, 1, 5, dtype=int) -> [-1, -1, 0, 0, 1]
  EXPECT_EQ(host<int64_t>(linspace(Scalar::py_int(-1), Scalar::py_int(1), 5, true, DType::Int64)),
            std::vector<int64_t>({-1, -1, 0, 0, 1}));
  EXPECT_THROW(linspace(Scalar::py_int(0), Scalar::py_int(1), -1), ValueError);
}

TEST(Creation, EyeWithOffsetDiagonal) {
  NDArray e = eye(2, 3, 1, DType::Int64);
  EXPECT_EQ(e.shape(), Shape({2, 3}));
  EXPECT_EQ(host<int64_t>(e), std::vector<int64_t>({0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(host<int64_t>(eye(2, std::nullopt, 0, DType::Int64)),
            std::vector<int64_t>({1, 0, 0, 1}));
  EXPECT_THROW(eye(-1), ValueError);
}
