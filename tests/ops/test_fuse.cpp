// ndgpu::fuse through the C++ API: fused functions against values computed by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/fuse.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

NDArray f64(std::vector<double> v, Shape shape) {
  return from_host(v.data(), shape, DType::Float64);
}

}  // namespace

TEST(Fuse, ElementwiseIsOneKernelWithWeakScalars) {
  fuse::Trace t("axpy");
  fuse::Var x = t.array(DType::Float32, 1), y = t.array(DType::Float32, 1);
  fuse::Var a = t.scalar(DType::Float64, true);  // a Python float: float32 stays float32
  fuse::Var r = x * y + a * 2.0;
  EXPECT_EQ(r.dtype(), DType::Float32);
  fuse::Function f = t.compile(std::vector<fuse::Var>{r});
  std::vector<float> xs{1, 2, 3}, ys{4, 5, 6};
  NDArray xa = from_host(xs.data(), {3}, DType::Float32),
          ya = from_host(ys.data(), {3}, DType::Float32);
  for (double av : {0.5, -1.0}) {  // the second call runs the same kernel with a new scalar
    auto out = f(std::vector<Operand>{xa, ya, Scalar::py_float(av)});
    ASSERT_EQ(out[0].dtype(), DType::Float32);
    auto v = host<float>(out[0]);
    for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(v[i], xs[i] * ys[i] + float(av * 2));
  }
}

TEST(Fuse, ElementwiseAfterReductions) {
  fuse::Trace t("centre");
  fuse::Var x = t.array(DType::Float64, 2);
  fuse::Var centred = x - fuse::sum(x, std::vector<int64_t>{1}, true) * (1.0 / 3);
  fuse::Var norms = fuse::sqrt(fuse::sum(x * x, std::vector<int64_t>{1}));
  EXPECT_EQ(norms.ndim(), 1);
  fuse::Function f = t.compile(std::vector<fuse::Var>{centred, norms});
  auto out = f(std::vector<Operand>{f64({1, 2, 6, 0, 3, 4}, {2, 3})});
  std::vector<double> expected{-2, -1, 3, -7.0 / 3, 2.0 / 3, 5.0 / 3}, c = host<double>(out[0]);
  for (size_t i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(c[i], expected[i]);
  auto n = host<double>(out[1]);
  EXPECT_DOUBLE_EQ(n[0], std::sqrt(41.0));
  EXPECT_DOUBLE_EQ(n[1], 5.0);
}

TEST(Fuse, InPlaceUpdateWhereAndIndexing) {
  fuse::Trace t("update");
  fuse::Var x = t.array(DType::Int32, 1), y = t.array(DType::Int32, 1);
  std::vector<IndexItem> tail{Slice{1, {}, {}}}, head{Slice{{}, -1, {}}};
  fuse::Var d = t.index(y, tail) - t.index(y, head);
  fuse::Var zero = t.constant(Scalar::py_int(0));
  t.assign(x, fuse::where(d > zero, d, -d));
  fuse::Function f = t.compile({});
  std::vector<int32_t> xs{9, 9, 9}, ys{1, 4, 2, 7};
  NDArray xa = from_host(xs.data(), {3}, DType::Int32),
          ya = from_host(ys.data(), {4}, DType::Int32);
  EXPECT_TRUE(f(std::vector<Operand>{xa, ya}).empty());
  EXPECT_EQ(host<int32_t>(xa), (std::vector<int32_t>{3, 2, 5}));
}

TEST(Fuse, RulesComeFromTheCore) {
  fuse::Trace t("rules");
  fuse::Var x = t.array(DType::UInt8, 1);
  // NumPy 2: a comparison with an int outside uint8 answers for every element...
  fuse::Var below = x < t.constant(Scalar::py_int(300));
  EXPECT_EQ(below.dtype(), DType::Bool);
  // ...arithmetic with it raises, and max of nothing has no identity.
  EXPECT_THROW(x + t.constant(Scalar::py_int(-1)), OverflowError);
  EXPECT_THROW(t.ufunc("matmul", std::vector<fuse::Var>{x, x}), NotImplementedError);
  fuse::Function f = t.compile(std::vector<fuse::Var>{below, fuse::amax(x)});
  std::vector<uint8_t> none;
  EXPECT_THROW(f(std::vector<Operand>{from_host(none.data(), {0}, DType::UInt8)}), ValueError);
  std::vector<uint8_t> xs{3, 250};
  auto out = f(std::vector<Operand>{from_host(xs.data(), {2}, DType::UInt8)});
  EXPECT_EQ(host<uint8_t>(out[0]), (std::vector<uint8_t>{1, 1}));
  EXPECT_EQ(host<uint8_t>(out[1]), std::vector<uint8_t>{250});
}

TEST(Fuse, ReductionsOfIntegersFollowNumPy) {
  fuse::Trace t("int_stats");
  fuse::Var x = t.array(DType::Int8, 2);
  fuse::Var m = fuse::mean(x, std::vector<int64_t>{0});  // int8 -> float64, as NumPy
  fuse::Var s = fuse::sum(x * x);                        // int8 squares wrap; the sum is int64
  fuse::Var big = fuse::any(x >= t.constant(Scalar::py_int(100)), std::vector<int64_t>{1});
  EXPECT_EQ(m.dtype(), DType::Float64);
  EXPECT_EQ(s.dtype(), DType::Int64);
  EXPECT_EQ(big.ndim(), 1);
  fuse::Function f = t.compile(std::vector<fuse::Var>{m, s, big});
  std::vector<int8_t> xs{1, 100, -3, 20, 5, 7};
  auto out = f(std::vector<Operand>{from_host(xs.data(), {2, 3}, DType::Int8)});
  EXPECT_EQ(host<double>(out[0]), (std::vector<double>{10.5, 52.5, 2.0}));
  // Squares wrap in int8 as NumPy's int8 multiply does: 100 * 100 -> 16, 20 * 20 -> -112.
  EXPECT_EQ(host<int64_t>(out[1]), std::vector<int64_t>{1 + 16 + 9 - 112 + 25 + 49});
  EXPECT_EQ(host<uint8_t>(out[2]), (std::vector<uint8_t>{1, 0}));
}
