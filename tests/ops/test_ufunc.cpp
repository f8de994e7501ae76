// Calling ufuncs (src/ops/ufunc.cpp, ufunc_table.cpp): NEP 50 type resolution, broadcasting,
// out= and dtype=, and NumPy's errors.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/ufunc.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;
using test::iota;

TEST(Ufunc, BroadcastsAndKeepsAWeakScalarsOperandDtype) {
  NDArray col = device_array(std::vector<int32_t>{10, 20}, {2, 1}, DType::Int32);
  NDArray row = device_array(std::vector<int32_t>{1, 2, 3}, {3}, DType::Int32);
  NDArray s = add(col, row);
  EXPECT_EQ(s.shape(), Shape({2, 3}));
  EXPECT_EQ(host<int32_t>(s), std::vector<int32_t>({11, 12, 13, 21, 22, 23}));
  // int32 array * Python int stays int32 (NEP 50); * Python float becomes float64.
  EXPECT_EQ(multiply(row, Scalar::py_int(2)).dtype(), DType::Int32);
  NDArray f = multiply(row, Scalar::py_float(0.5));
  EXPECT_EQ(f.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(f), std::vector<double>({0.5, 1, 1.5}));
  // int32 with a strong float32 array promotes to float64, as np.promote_types says.
  NDArray h = device_array(std::vector<float>{0.25f, 0.25f, 0.25f}, {3}, DType::Float32);
  EXPECT_EQ(add(row, h).dtype(), DType::Float64);
}

TEST(Ufunc, UnaryMathAndComparison) {
  NDArray x = iota({3});
  std::vector<double> e = host<double>(exp(x));
  EXPECT_DOUBLE_EQ(e[1], std::exp(1.0));
  EXPECT_DOUBLE_EQ(e[2], std::exp(2.0));
  EXPECT_EQ(host<double>(negative(x)), std::vector<double>({-0.0, -1, -2}));
  std::vector<Operand> in{x, Scalar::py_int(1)};
  NDArray gt = call_ufunc("greater", in)[0];
  EXPECT_EQ(gt.dtype(), DType::Bool);
  EXPECT_EQ(host<uint8_t>(gt), std::vector<uint8_t>({0, 0, 1}));
}

TEST(Ufunc, OutAndDtypeArguments) {
  NDArray x = iota({3});
  NDArray out = empty(Shape{3}, DType::Float32);
  std::vector<Operand> in{x, x};
  std::vector<NDArray> outs{out};
  NDArray r = call_ufunc("add", in, outs)[0];
  EXPECT_EQ(r.storage(), out.storage());
  EXPECT_EQ(host<float>(out), std::vector<float>({0, 2, 4}));
  // dtype= forces the loop: 7 // 2 in int64, then true_divide with dtype float32.
  std::vector<Operand> ints{Scalar::py_int(7), Scalar::py_int(2)};
  EXPECT_EQ(host<int64_t>(call_ufunc("floor_divide", ints)[0]), std::vector<int64_t>({3}));
  EXPECT_EQ(call_ufunc("true_divide", ints, {}, DType::Float32)[0].dtype(), DType::Float32);
  // A float result into an int output is refused under same_kind casting.
  NDArray iout = empty(Shape{3}, DType::Int64);
  std::vector<NDArray> bad{iout};
  EXPECT_THROW(call_ufunc("add", in, bad), TypeError);
}

TEST(Ufunc, NumpysErrors) {
  NDArray b = empty(Shape{2}, DType::Bool);
  fill(b, Scalar::py_bool(true));
  std::vector<Operand> bools{b, b};
  EXPECT_THROW(call_ufunc("subtract", bools), TypeError);
  std::vector<Operand> one{b};
  EXPECT_THROW(call_ufunc("add", one), TypeError);  // wrong number of arguments
  EXPECT_THROW(call_ufunc("no_such_ufunc", one), NotImplementedError);
  EXPECT_THROW(add(iota({2}), iota({3})), ValueError);
  EXPECT_EQ(find_ufunc("no_such_ufunc"), nullptr);
  ASSERT_NE(find_ufunc("maximum"), nullptr);
  EXPECT_EQ(find_ufunc("maximum")->nin, 2);
}

TEST(Ufunc, WhereWritesOnlySelectedOutputs) {
  // np.add([0, 1, 2, 3], 10, out=[-1] * 4, where=[1, 0, 1, 0]) gives [10, -1, 12, -1].
  NDArray out = device_array(std::vector<double>{-1, -1, -1, -1}, {4}, DType::Float64);
  NDArray mask = device_array(std::vector<uint8_t>{1, 0, 1, 0}, {4}, DType::Bool);
  const Operand in[2] = {iota({4}), Scalar::py_int(10)};
  const NDArray outs[1] = {out};
  call_ufunc("add", in, outs, std::nullopt, Casting::SameKind, mask, 'K');
  EXPECT_EQ(host<double>(out), std::vector<double>({10, -1, 12, -1}));
  const Operand m[1] = {iota({2, 3})};
  EXPECT_TRUE(call_ufunc("sin", m, {}, std::nullopt, Casting::SameKind, std::nullopt, 'F')[0]
                  .f_contiguous());
}
