// Advanced indexing and the indexing routines (src/ops/indexing/) against values by hand.
#include <gtest/gtest.h>

#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

// 0, 1, ..., 11 as int32 in shape (3, 4).
NDArray grid() {
  std::vector<int32_t> v(12);
  for (int i = 0; i < 12; ++i) v[size_t(i)] = i;
  return from_host(v.data(), {3, 4}, DType::Int32);
}

NDArray ints(std::vector<int64_t> v) {
  Shape s{int64_t(v.size())};
  return from_host(v.data(), s, DType::Int64);
}

}  // namespace

TEST(Indexing, IntegerArraysBroadcastAndSeparatedMoveToFront) {
  NDArray a = grid();
  std::vector<Index> rows{ints({2, -3})};
  EXPECT_EQ(host<int32_t>(getitem(a, rows)), (std::vector<int32_t>{8, 9, 10, 11, 0, 1, 2, 3}));
  std::vector<Index> cols{Slice{}, ints({3, 0})};
  NDArray c = getitem(a, cols);
  EXPECT_EQ(c.shape(), (Shape{3, 2}));
  EXPECT_EQ(host<int32_t>(c), (std::vector<int32_t>{3, 0, 7, 4, 11, 8}));
  std::vector<Index> pairs{ints({0, 2}), ints({1, 3})};
  EXPECT_EQ(host<int32_t>(getitem(a, pairs)), (std::vector<int32_t>{1, 11}));
}

TEST(Indexing, MaskCompactsAndOutOfBoundsRaisesBeforeWriting) {
  NDArray a = grid();
  std::vector<uint8_t> m{1, 0, 0, 1};
  std::vector<Index> cols{Slice{}, from_host(m.data(), {4}, DType::Bool)};
  EXPECT_EQ(host<int32_t>(getitem(a, cols)), (std::vector<int32_t>{0, 3, 4, 7, 8, 11}));
  std::vector<Index> bad{ints({0, 3})};
  // On CUDA a gather's bad index raises at the next wait on the device (docs/user_guide.md).
  EXPECT_THROW(host<int32_t>(getitem(a, bad)), IndexError);
  EXPECT_THROW(setitem(a, bad, Operand(Scalar::py_int(-1))), IndexError);
  EXPECT_EQ(host<int32_t>(a)[0], 0);
  std::vector<Index> dup{ints({1, 1})};
  setitem(a, dup, Operand(Scalar::py_int(-1)));
  EXPECT_EQ(host<int32_t>(a)[4], -1);
}

TEST(Indexing, NonzeroTakeModes) {
  std::vector<int32_t> v{0, 5, 0, 7};
  NDArray a = from_host(v.data(), {2, 2}, DType::Int32);
  auto nz = nonzero(a);
  EXPECT_EQ(host<int64_t>(nz[0]), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(host<int64_t>(nz[1]), (std::vector<int64_t>{1, 1}));
  auto w = where(a);  // the one-argument where is nonzero
  EXPECT_EQ(host<int64_t>(w[1]), (std::vector<int64_t>{1, 1}));
  NDArray idx = ints({-1, 4});
  EXPECT_EQ(host<int32_t>(take(a, idx, std::nullopt, ClipMode::Wrap)),
            (std::vector<int32_t>{7, 0}));
  EXPECT_EQ(host<int32_t>(take(a, idx, std::nullopt, ClipMode::Clip)),
            (std::vector<int32_t>{0, 7}));
  EXPECT_THROW(host<int32_t>(take(a, idx)), IndexError);  // by the next read, on CUDA
}
