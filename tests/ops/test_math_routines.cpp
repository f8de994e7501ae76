// The third-wave ufuncs' C++ entry points (casting rule, loop list, identity) and the math
// routines (src/ops/math/), against values NumPy gives.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/ufunc.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;

TEST(UfuncMore, DivmodGivesTwoOutputsWithPythonsSigns) {
  NDArray a = device_array(std::vector<int32_t>{7, -7, 7, -7, 5}, {5}, DType::Int32);
  NDArray b = device_array(std::vector<int32_t>{2, 2, -2, -2, 0}, {5}, DType::Int32);
  std::vector<Operand> args{a, b};
  auto r = call_ufunc("divmod", args);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(host<int32_t>(r[0]), std::vector<int32_t>({3, -4, -4, 3, 0}));  // np.divmod
  EXPECT_EQ(host<int32_t>(r[1]), std::vector<int32_t>({1, 1, -1, -1, 0}));
}

TEST(UfuncMore, CastingRulesRaiseUFuncCastingError) {
  NDArray a = device_array(std::vector<int8_t>{1, 2}, {2}, DType::Int8);
  NDArray b = device_array(std::vector<int16_t>{1, 2}, {2}, DType::Int16);
  std::vector<Operand> args{a, b};
  try {
    call_ufunc("add", args, {}, std::nullopt, Casting::No);
    FAIL() << "casting='no' accepted int8 -> int16";
  } catch (const UFuncCastingError& e) {
    EXPECT_EQ(e.input, 0);
    EXPECT_STREQ(e.what(),
                 "Cannot cast ufunc 'add' input 0 from dtype('int8') to dtype('int16') with "
                 "casting rule 'no'");
  }
  NDArray out = NDArray::empty({2}, DType::UInt8);
  const NDArray outs[1] = {out};
  const std::vector<Operand> same{a, a};
  EXPECT_THROW(call_ufunc("add", same, outs, std::nullopt, Casting::Safe), UFuncCastingError);
  call_ufunc("add", same, outs, std::nullopt, Casting::Unsafe);
  EXPECT_EQ(host<uint8_t>(out), std::vector<uint8_t>({2, 4}));
}

TEST(UfuncMore, TypesAndIdentityAreNumpys) {
  EXPECT_EQ(ufunc_types("frexp"), std::vector<std::string>({"e->ei", "f->fi", "d->di"}));
  EXPECT_EQ(ufunc_types("true_divide").front(), "ee->e");  // the int resolver rows are hidden
  EXPECT_EQ(ufunc_identity("multiply")->as_int64(), 1);
  EXPECT_FALSE(ufunc_identity("maximum").has_value());
  EXPECT_EQ(ufunc_identity("logaddexp")->as_double(), -HUGE_VAL);
}

TEST(MathRoutines, AroundRoundsHalfToEvenAtNegativeDecimals) {
  NDArray i = device_array(std::vector<int64_t>{15, 25, -15, 149}, {4}, DType::Int64);
  NDArray r = around(i, -1);
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(host<int64_t>(r), std::vector<int64_t>({20, 20, -20, 150}));
  NDArray f = device_array(std::vector<double>{1.25, -2.5, 0.125}, {3}, DType::Float64);
  EXPECT_EQ(host<double>(around(f, 1)), std::vector<double>({1.2, -2.5, 0.1}));
}

TEST(MathRoutines, RealAndImagAreViews) {
  std::vector<double> z{1, 2, 3, 4};  // 1+2j, 3+4j
  NDArray c = device_array(z, {2}, DType::Complex128);
  EXPECT_EQ(host<double>(imag(c)), std::vector<double>({2, 4}));
  set_imag(c, Scalar::py_float(-1));
  using C = std::complex<double>;
  EXPECT_EQ(host<C>(c), std::vector<C>({C(1, -1), C(3, -1)}));
  NDArray f = device_array(std::vector<double>{1, 2}, {2}, DType::Float64);
  EXPECT_THROW(set_imag(f, Scalar::py_float(1)), TypeError);
}

TEST(MathRoutines, GradientInterpConvolve) {
  NDArray f = device_array(std::vector<double>{1, 2, 4, 7, 11}, {5}, DType::Float64);
  EXPECT_EQ(host<double>(gradient(f)[0]), std::vector<double>({1, 1.5, 2.5, 3.5, 4}));
  NDArray xp = device_array(std::vector<double>{0, 1, 2}, {3}, DType::Float64);
  NDArray fp = device_array(std::vector<double>{0, 10, 0}, {3}, DType::Float64);
  NDArray x = device_array(std::vector<double>{-1, 0.5, 1.5, 3}, {4}, DType::Float64);
  EXPECT_EQ(host<double>(interp(x, xp, fp)), std::vector<double>({0, 5, 5, 0}));
  NDArray a = device_array(std::vector<int32_t>{1, 2, 3}, {3}, DType::Int32);
  NDArray v = device_array(std::vector<int32_t>{0, 1}, {2}, DType::Int32);
  EXPECT_EQ(host<int32_t>(convolve(a, v)), std::vector<int32_t>({0, 1, 2, 3}));
  EXPECT_EQ(host<int32_t>(convolve(a, v, "valid")), std::vector<int32_t>({1, 2}));
}
