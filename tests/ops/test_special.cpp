// cupyx.scipy.special's functions (include/ndgpu/special.hpp) against values from mpmath.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "host_values.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/special.hpp"

using namespace ndgpu;

TEST(Special, ValuesDtypesAndOptions) {
  std::vector<double> x{0.5, 1.0, 10.0};
  NDArray xa = from_host(x.data(), {3}, DType::Float64);
  const std::vector<double> erf = host<double>(special::erf(xa));
  EXPECT_NEAR(erf[0], 0.52049987781304654, 1e-16);
  EXPECT_NEAR(erf[1], 0.84270079294971487, 1e-16);
  const std::vector<double> lg = host<double>(special::gammaln(xa));
  EXPECT_NEAR(lg[2], 12.801827480081469, 1e-14);                       // log(9!)
  EXPECT_EQ(host<double>(special::psi(xa))[1], -0.57721566490153286);  // -gamma, exactly
  EXPECT_NEAR(host<double>(special::psi(xa))[0], -1.9635100260214235, 4e-16);
  EXPECT_NEAR(host<double>(special::i0e(xa))[2], 0.12783333716342861, 2e-16);
  // xlogy is 0 where x is 0, even at y = 0.
  std::vector<double> zero{0.0, 2.0};
  NDArray z = from_host(zero.data(), {2}, DType::Float64);
  EXPECT_EQ(host<double>(special::xlogy(z, z)), (std::vector<double>{0.0, 2 * std::log(2.0)}));
  // float32 stays float32; int32 computes in float64, as SciPy's loops; out= is written.
  std::vector<float> xf{0.5f};
  NDArray f = from_host(xf.data(), {1}, DType::Float32);
  EXPECT_EQ(special::expit(f).dtype(), DType::Float32);
  EXPECT_NEAR(host<float>(special::expit(f))[0], 0.62245933f, 1e-7f);
  std::vector<int32_t> xi{1};
  EXPECT_EQ(special::erf(from_host(xi.data(), {1}, DType::Int32)).dtype(), DType::Float64);
  NDArray out = NDArray::empty({3}, DType::Float64);
  special::erfc(xa, {.out = out});
  EXPECT_NEAR(host<double>(out)[0], 1 - 0.52049987781304654, 1e-16);
}

TEST(Special, LogSumExpAndSoftmaxShiftByTheMaximum) {
  std::vector<double> x{1000.0, 1001.0, 1002.0};  // exp alone overflows
  NDArray xa = from_host(x.data(), {3}, DType::Float64);
  const double lse = 1002.0 + std::log(std::exp(-2.0) + std::exp(-1.0) + 1.0);
  EXPECT_NEAR(host<double>(special::logsumexp(xa))[0], lse, 1e-12);
  const std::vector<double> s = host<double>(special::softmax(xa));
  EXPECT_NEAR(s[2], std::exp(1002.0 - lse), 1e-12);  // lse itself is within 1 ulp of 1002
  EXPECT_NEAR(host<double>(special::log_softmax(xa))[0], 1000.0 - lse, 1e-12);
  std::vector<double> w{1.0, -1.0, 0.0};
  auto [value, sign] =
      special::logsumexp_with_sign(xa, {}, from_host(w.data(), {3}, DType::Float64));
  EXPECT_EQ(host<double>(sign)[0], -1.0);  // e^1000 - e^1001 < 0
  EXPECT_NEAR(host<double>(value)[0], 1000.0 + std::log(std::exp(1.0) - 1.0), 1e-12);
}

// The incomplete gamma, Hurwitz zeta, E1 and K (values from mpmath), and multigammaln's sum
// of gammaln with its domain check.
TEST(Special, IncompleteGammaZetaIntegralsAndMultigammaln) {
  std::vector<double> a{2.5}, x{3.0}, s{3.5}, q{2.5}, m{0.5};
  auto arr = [](std::vector<double>& v) { return from_host(v.data(), {1}, DType::Float64); };
  EXPECT_NEAR(host<double>(special::gammainc(arr(a), arr(x)))[0], 0.6937810815867216, 2e-15);
  EXPECT_NEAR(host<double>(special::gammaincc(arr(a), arr(x)))[0], 1 - 0.6937810815867216, 2e-15);
  EXPECT_NEAR(host<double>(special::zeta(arr(s), arr(q)))[0], 0.06517125158965971, 2e-16);
  EXPECT_NEAR(host<double>(special::exp1(arr(m)))[0], 0.5597735947761608, 2e-16);
  EXPECT_NEAR(host<double>(special::ellipk(arr(m)))[0], 1.854074677301372, 5e-16);
  std::vector<double> three{3.0};
  EXPECT_NEAR(host<double>(special::multigammaln(arr(three), 3))[0], 2.6949248798069647, 2e-15);
  EXPECT_THROW(special::multigammaln(arr(m), 3), ValueError);  // 0.5 <= (3 - 1) / 2
}

// The incomplete beta (three inputs) and its inverse, against mpmath.
TEST(Special, IncompleteBetaAndItsInverse) {
  std::vector<double> a{2.0}, b{3.0}, x{0.4};
  auto arr = [](std::vector<double>& v) { return from_host(v.data(), {1}, DType::Float64); };
  const double y = host<double>(special::betainc(arr(a), arr(b), arr(x)))[0];
  EXPECT_NEAR(y, 0.5248, 1e-15);  // 1 - (1 - x)^3 (1 + 3x) = 0.5248
  std::vector<double> yv{y};
  EXPECT_NEAR(host<double>(special::betaincinv(arr(a), arr(b), arr(yv)))[0], 0.4, 1e-14);
}
