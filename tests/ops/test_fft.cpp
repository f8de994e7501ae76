// src/ops/fft through the C++ API, against the DFT's definition summed in the test.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/fft.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;
using test::host;
using cd = std::complex<double>;

namespace {

std::vector<cd> signal(int64_t n) {
  std::vector<cd> x(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) x[size_t(j)] = cd(std::sin(0.3 * double(j)), double(j % 5));
  return x;
}

// X[k] = sum_j x[j] exp(-+2 pi i j k / n), summed directly.
std::vector<cd> dft(const std::vector<cd>& x, bool inverse) {
  const size_t n = x.size();
  const double sign = inverse ? 2.0 : -2.0, pi = std::acos(-1.0);
  std::vector<cd> r(n);
  for (size_t k = 0; k < n; ++k)
    for (size_t j = 0; j < n; ++j)
      r[k] += x[j] * std::polar(1.0, sign * pi * double((j * k) % n) / double(n));
  return r;
}

void expect_near(const std::vector<cd>& a, const std::vector<cd>& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_LT(std::abs(a[i] - b[i]), tol) << i;
}

}  // namespace

TEST(Fft, ComplexLengthsDirectAndBluestein) {
  for (int64_t n : {1, 12, 101, 211}) {  // 101 and 211 run Bluestein's algorithm
    const std::vector<cd> x = signal(n);
    NDArray a = from_host(x.data(), {n}, DType::Complex128);
    NDArray f = fft::fft(a);
    EXPECT_EQ(f.dtype(), DType::Complex128);
    expect_near(host<cd>(f), dft(x, false), 1e-9 * double(n));
    std::vector<cd> inv = dft(x, true);
    for (cd& v : inv) v /= double(n);
    expect_near(host<cd>(fft::ifft(a)), inv, 1e-9);
  }
}

TEST(Fft, RealRoundTripInSinglePrecision) {
  std::vector<float> x(10);
  for (size_t j = 0; j < x.size(); ++j) x[j] = float(j * j % 7);
  NDArray a = from_host(x.data(), {10}, DType::Float32);
  NDArray spec = fft::rfft(a);
  EXPECT_EQ(spec.shape(), Shape({6}));
  EXPECT_EQ(spec.dtype(), DType::Complex64);
  NDArray back = fft::irfft(spec);
  EXPECT_EQ(back.dtype(), DType::Float32);
  const std::vector<float> r = host<float>(back);
  for (size_t j = 0; j < x.size(); ++j) EXPECT_NEAR(r[j], x[j], 1e-5);
}

TEST(Fft, FrequenciesAndErrors) {
  EXPECT_EQ(host<double>(fft::fftfreq(4, 0.5)), (std::vector<double>{0, 0.5, -1, -0.5}));
  EXPECT_EQ(host<double>(fft::rfftfreq(5)), (std::vector<double>{0, 0.2, 0.4}));
  NDArray a = zeros({4}, DType::Complex64);
  EXPECT_THROW(fft::fft(a, 0), ValueError);
  EXPECT_THROW(fft::fft(a, {}, 1), IndexError);
  EXPECT_THROW(fft::fft(a, {}, -1, "sideways"), ValueError);
}
