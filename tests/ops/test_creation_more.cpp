// Creation routines of include/ndgpu/creation.hpp against values worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "host_values.hpp"
#include "ndgpu/creation.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

NDArray ints(std::vector<int32_t> v, Shape shape) {
  return from_host(v.data(), shape, DType::Int32);
}

}  // namespace

TEST(CreationMore, RangesGridsVanderStrings) {
  std::vector<double> l = host<double>(logspace(Scalar::py_int(0), Scalar::py_int(2), 3));
  EXPECT_EQ(l, (std::vector<double>{1, 10, 100}));
  std::vector<double> g = host<double>(geomspace(Scalar::py_int(-2), Scalar::py_int(-16), 4));
  std::vector<double> want{-2, -4, -8, -16};
  for (size_t k = 0; k < want.size(); ++k) EXPECT_NEAR(g[k], want[k], 1e-12);
  EXPECT_THROW(geomspace(Scalar::py_int(0), Scalar::py_int(1)), ValueError);
  NDArray v = vander(ints({2, 3}, {2}));
  EXPECT_EQ(host<int64_t>(v), (std::vector<int64_t>{2, 1, 3, 1}));
  GridRange r{Scalar::py_int(0), Scalar::py_int(1), Scalar::py_complex({0, 3}), true};
  EXPECT_EQ(host<double>(grid_range(r)), (std::vector<double>{0, 0.5, 1}));
  EXPECT_EQ(host<double>(fromstring("1, 2,3", DType::Float64, -1, ",")),
            (std::vector<double>{1, 2, 3}));
}
