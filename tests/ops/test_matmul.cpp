// src/ops/linalg/matmul.cpp and dot.cpp through the C++ API, against products worked by hand.
#include <gtest/gtest.h>

#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;
using test::host;

TEST(Matmul, FloatOnBlasAndTransposedOperand) {
  const std::vector<double> av{1, 2, 3, 4, 5, 6}, bv{7, 8, 9, 10, 11, 12};
  NDArray a = from_host(av.data(), {2, 3}, DType::Float64);
  NDArray b = from_host(bv.data(), {3, 2}, DType::Float64);
  NDArray c = matmul(a, b);  // [[58, 64], [139, 154]]
  EXPECT_EQ(c.shape(), Shape({2, 2}));
  EXPECT_EQ(host<double>(c), (std::vector<double>{58, 64, 139, 154}));
  NDArray ct = matmul(b.transpose(), a.transpose());  // (AB)^T, read without a copy
  EXPECT_EQ(host<double>(ct), (std::vector<double>{58, 139, 64, 154}));
}

TEST(Matmul, IntegersExactAndStacked) {
  const std::vector<int32_t> av{1, 2, 3, 4, 5, 6, 7, 8}, bv{1, 0, 0, 1};
  NDArray a = from_host(av.data(), {2, 2, 2}, DType::Int32);
  NDArray b = from_host(bv.data(), {2, 2}, DType::Int32);
  NDArray c = matmul(a, b);  // b is the identity, broadcast over the stack
  EXPECT_EQ(c.shape(), Shape({2, 2, 2}));
  EXPECT_EQ(c.dtype(), DType::Int32);
  EXPECT_EQ(host<int32_t>(c), av);
}

TEST(Matmul, VectorsAndErrors) {
  const std::vector<float> v{1, 2, 3};
  NDArray x = from_host(v.data(), {3}, DType::Float32);
  NDArray d = dot(x, x);
  EXPECT_EQ(d.ndim(), 0);
  EXPECT_EQ(host<float>(d)[0], 14.0f);
  NDArray m = from_host(v.data(), {1, 3}, DType::Float32);
  EXPECT_THROW(matmul(m, m), ValueError);  // core dimensions 3 and 1
}

TEST(Products, TraceKronOuter) {
  const std::vector<double> v{1, 2, 3, 4};
  NDArray m = from_host(v.data(), {2, 2}, DType::Float64);
  EXPECT_EQ(host<double>(trace(m))[0], 5.0);                         // 1 + 4
  EXPECT_EQ(host<double>(trace(m, 1))[0], 2.0);                      // above the diagonal
  EXPECT_EQ(host<double>(outer(m, m)).size(), 16u);                  // flattened operands
  NDArray k = kron(m, from_host(v.data(), {1, 2}, DType::Float64));  // [[1,2,2,4],[3,6,4,8]]
  EXPECT_EQ(k.shape(), Shape({2, 4}));
  EXPECT_EQ(host<double>(k), (std::vector<double>{1, 2, 2, 4, 3, 6, 4, 8}));
  NDArray t = tensordot(m, m, 1);  // the matrix product
  EXPECT_EQ(host<double>(t), (std::vector<double>{7, 10, 15, 22}));
}
