// The indexing routines that write, select and make index arrays (src/ops/indexing/put.cpp,
// selection.cpp, index_arrays.cpp) and scatter_add/max/min, against values by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

NDArray ints(std::vector<int64_t> v) {
  Shape s{int64_t(v.size())};
  return from_host(v.data(), s, DType::Int64);
}

template <class T>
NDArray values(std::vector<T> v, DType t) {
  Shape s{int64_t(v.size())};
  return from_host(v.data(), s, t);
}

}  // namespace

TEST(IndexingRoutines, ScatterCombinesRepeatedIndices) {
  NDArray a = zeros(Shape{4}, DType::Float32);
  std::vector<Index> idx{ints({0, 2, 2, 2, -1})};
  scatter_combine(a, idx, values<float>({1, 2, 3, 4, 5}, DType::Float32), ScatterOp::Add);
  EXPECT_EQ(host<float>(a), (std::vector<float>{1, 0, 9, 5}));
  NDArray b = zeros(Shape{3}, DType::Int8);  // 1-byte elements share a word with neighbours
  std::vector<Index> bi{ints({1, 1, 0, 2})};
  scatter_combine(b, bi, values<int8_t>({-3, 7, -1, 2}, DType::Int8), ScatterOp::Max);
  EXPECT_EQ(host<int8_t>(b), (std::vector<int8_t>{0, 7, 2}));
  scatter_combine(b, bi, values<int8_t>({-3, 7, -1, 2}, DType::Int8), ScatterOp::Min);
  EXPECT_EQ(host<int8_t>(b), (std::vector<int8_t>{-1, -3, 2}));
  NDArray c = zeros(Shape{2}, DType::Complex64);
  std::vector<Index> ci{ints({1, 1})};
  EXPECT_THROW(scatter_combine(c, ci, Operand(Scalar::py_int(1)), ScatterOp::Max), TypeError);
}

TEST(IndexingRoutines, PutWrapsClipsAndRaisesBeforeWriting) {
  NDArray a = zeros(Shape{2, 3}, DType::Int32);
  put(a, ints({-1, 7}), values<int32_t>({5, 6}, DType::Int32), ClipMode::Wrap);
  EXPECT_EQ(host<int32_t>(a), (std::vector<int32_t>{0, 6, 0, 0, 0, 5}));
  put(a, ints({-9, 0}), Operand(Scalar::py_int(3)), ClipMode::Clip);
  EXPECT_EQ(host<int32_t>(a)[0], 3);
  EXPECT_THROW(put(a, ints({1, 6}), Operand(Scalar::py_int(9)), ClipMode::Raise), IndexError);
  EXPECT_EQ(host<int32_t>(a)[1], 6);
}

TEST(IndexingRoutines, DiagonalIsAViewAndTriMasks) {
  NDArray a = arange(Scalar::py_int(0), Scalar::py_int(12), Scalar::py_int(1)).reshape({3, 4});
  NDArray d = diagonal(a, 1);
  EXPECT_EQ(host<int64_t>(d), (std::vector<int64_t>{1, 6, 11}));
  EXPECT_EQ(d.storage(), a.storage());
  EXPECT_EQ(host<int64_t>(diagonal(a, -2)), (std::vector<int64_t>{8}));
  EXPECT_THROW(diagonal(a, 0, 1, -1), ValueError);
  EXPECT_EQ(host<double>(tri(2, 3, 0)), (std::vector<double>{1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(host<int64_t>(triu(a, 1)), (std::vector<int64_t>{0, 1, 2, 3, 0, 0, 6, 7, 0, 0, 0, 11}));
}

TEST(IndexingRoutines, UnravelAndRavelAreInverse) {
  std::vector<int64_t> shape{3, 4};
  auto coords = unravel_index(ints({0, 5, 11}), shape);
  EXPECT_EQ(host<int64_t>(coords[0]), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(host<int64_t>(coords[1]), (std::vector<int64_t>{0, 1, 3}));
  std::vector<ClipMode> raise{ClipMode::Raise};
  EXPECT_EQ(host<int64_t>(ravel_multi_index(coords, shape, raise)),
            (std::vector<int64_t>{0, 5, 11}));
  EXPECT_THROW(unravel_index(ints({12}), shape), ValueError);
}
