// The tiled transpose copy (src/ops/transpose_copy.cpp) against the plain copy's layout rules.
#include <gtest/gtest.h>

#include <vector>

#include "host_values.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

NDArray counting(int64_t n, Shape shape, DType t = DType::Int32) {
  return arange(Scalar::py_int(0), Scalar::py_int(n), Scalar::py_int(1), t).reshape(shape);
}

}  // namespace

// Every element size and a batch of matrices, with edges that are not whole tiles.
TEST(TransposeCopy, EveryElementSizeAndABatch) {
  for (DType t : {DType::Int8, DType::Int16, DType::Float32, DType::Float64, DType::Complex128}) {
    NDArray x = counting(40 * 70, {40, 70}, t);
    NDArray c = x.transpose().copy();
    NDArray back = c.transpose().copy();
    EXPECT_EQ(host<int32_t>(back.astype(DType::Int32)), host<int32_t>(x.astype(DType::Int32)));
    EXPECT_EQ(host<int32_t>(c.astype(DType::Int32))[1], 70 % 128);
  }
  NDArray b = counting(3 * 33 * 35, {3, 33, 35});
  NDArray m = swapaxes(b, 1, 2).copy();
  std::vector<int32_t> got = host<int32_t>(m);
  EXPECT_EQ(got[size_t(1 * 35 * 33 + 2 * 33 + 5)], 1 * 33 * 35 + 5 * 35 + 2);
}
