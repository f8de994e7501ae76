// ndgpu::random: Philox's known answers, the stream's layout (computed here on the host, so a
// GPU run checks bit-identity with the CPU), reproducibility and argument checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.cuh"
#include "ndgpu/random.hpp"

namespace ndgpu {
namespace {

using test::host;

// Random123's known-answer vectors for philox4x32_10 (kat_vectors).
TEST(Random, PhiloxKnownAnswers) {
  rng::Words z = rng::philox4x32_10(0, 0, 0, 0, 0, 0);
  EXPECT_EQ(z.v[0], 0x6627e8d5u);
  EXPECT_EQ(z.v[1], 0xe169c58du);
  EXPECT_EQ(z.v[2], 0xbc57ac4cu);
  EXPECT_EQ(z.v[3], 0x9b00dbd8u);
  const uint32_t f = 0xffffffffu;
  rng::Words o = rng::philox4x32_10(f, f, f, f, f, f);
  EXPECT_EQ(o.v[0], 0x408f276du);
  EXPECT_EQ(o.v[1], 0x41c83b0eu);
  EXPECT_EQ(o.v[2], 0xa20bc7c6u);
  EXPECT_EQ(o.v[3], 0x6d5451fdu);
  rng::Words pi =
      rng::philox4x32_10(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0);
  EXPECT_EQ(pi.v[0], 0xd16cfe09u);
  EXPECT_EQ(pi.v[3], 0x24126ea1u);
}

// Element k of a float32 uniform call is word k % 4 of counter (k / 4, 0, call).
TEST(Random, UniformFollowsTheStreamLayout) {
  random::RandomState rs(1234);
  rs.random_sample({3});                                           // call 0
  auto f32 = host<float>(rs.random_sample({10}, DType::Float32));  // call 1
  for (int k = 0; k < 10; ++k) {
    rng::Words w = rng::draw(1234, 1, uint64_t(k / 4), 0);
    EXPECT_EQ(f32[size_t(k)], rng::u01f(w.v[k % 4])) << k;
  }
  auto f64 = host<double>(rs.random_sample({5}));  // call 2: two per counter
  for (int k = 0; k < 5; ++k) {
    rng::Words w = rng::draw(1234, 2, uint64_t(k / 2), 0);
    EXPECT_EQ(f64[size_t(k)], rng::u01d(w.v[2 * (k % 2)], w.v[2 * (k % 2) + 1])) << k;
  }
  EXPECT_EQ(rs.calls(), 3u);
}

// The samplers' own functions stay within a few ulp of the C library's.
TEST(Random, ElementaryFunctionsAreAccurate) {
  double worst = 0;
  for (int k = 1; k < 4000; ++k) {
    const double x = k / 4000.0, y = (k - 2000) / 50.0;
    worst = std::max(worst, std::abs(rng::log_(x) - std::log(x)) / std::abs(std::log(x)));
    worst = std::max(worst, std::abs(rng::exp_(y) - std::exp(y)) / std::exp(y));
    double s, c;
    rng::sincos_2pi(x, &s, &c);
    worst = std::max(worst,
                     std::abs(s - std::sin(2 * M_PI * x)) + std::abs(c - std::cos(2 * M_PI * x)));
    worst = std::max(worst, std::abs(rng::lgamma_(x * 50) - std::lgamma(x * 50)) /
                                std::max(1.0, std::abs(std::lgamma(x * 50))));
  }
  for (int k = -3999; k < 4000; ++k) {
    const double x = k / 4000.0;
    worst = std::max(worst, std::abs(rng::acos_(x) - std::acos(x)));
    worst = std::max(worst, std::abs(rng::atan_(std::abs(x) * 30) - std::atan(std::abs(x) * 30)));
    worst = std::max(worst, std::abs(rng::expm1_(x) - std::expm1(x)) / std::abs(std::expm1(x)));
  }
  EXPECT_LT(worst, 1e-14);
  EXPECT_NEAR(rng::log_(3.0f), std::log(3.0f), 3e-7f);
  EXPECT_NEAR(rng::exp_(-2.5f), std::exp(-2.5f), 1e-8f);
}

// -Phi^-1(v) for v in (0, 0.5]: bisection on std::erfc, then a Newton step.
static double minus_ndtri(double v) {
  double lo = 0, hi = 40;
  for (int k = 0; k < 64; ++k) {
    const double mid = (lo + hi) / 2;
    (0.5 * std::erfc(mid / std::sqrt(2.0)) > v ? lo : hi) = mid;
  }
  const double x = (lo + hi) / 2, density = std::exp(-x * x / 2) / std::sqrt(2 * M_PI);
  return x + (0.5 * std::erfc(x / std::sqrt(2.0)) - v) / density;
}

// float32 normals by inversion: word w's normal is -Phi^-1(float(2w + 1) 2^-33) signed by w's
// top bit, within 4 ulp (1.5e-8 absolute for |z| <= 0.05), over words spread across the range
// and each table row's first and last.
TEST(Random, Float32NormalsAreAccurate) {
  std::vector<uint32_t> words{0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x3FFFFFFFu};
  for (uint32_t e = 0; e < 32; ++e)
    for (uint32_t s = 0; s < 8; ++s) {
      const double lo = std::ldexp(1.0 + s / 8.0, int(e));  // the row's first float
      const uint32_t w = uint32_t(std::min(lo / 2, 2147483647.0));
      for (uint32_t x : {w, w - 1, w + 1}) words.push_back(x), words.push_back(x | 0x80000000u);
    }
  for (uint64_t w = 0; w < (uint64_t(1) << 32); w += 40009) words.push_back(uint32_t(w));
  double worst_ulp = 0, worst_small = 0;
  for (uint32_t w : words) {
    const double v = double(float(2u * w + 1u)) * 0x1p-33;
    const double want = (w >> 31 ? -1 : 1) * minus_ndtri(v);
    const float got = rng::normal_f32(w, {});
    if (std::abs(want) > 0.05) {
      const double ulp = std::nextafter(std::abs(float(want)), INFINITY) - std::abs(float(want));
      worst_ulp = std::max(worst_ulp, std::abs(got - want) / ulp);
    } else {
      worst_small = std::max(worst_small, std::abs(got - want));
    }
    EXPECT_EQ(std::signbit(got), (w >> 31) != 0) << w;
  }
  EXPECT_LT(worst_ulp, 4.0);
  EXPECT_LT(worst_small, 1.5e-8);
}

// float32 standard normals are each Philox word's normal, bit for bit: a GPU run checks that
// its kernel (the table in shared memory) agrees with the host.
TEST(Random, Float32NormalsFollowTheStreamLayout) {
  random::Generator g(uint64_t(91));
  g.random({5}, DType::Float32);                                    // call 0
  auto z = host<float>(g.standard_normal({1003}, DType::Float32));  // call 1
  const uint64_t seed = g.bit_generator()->seed_value();
  for (uint64_t k = 0; k < z.size(); ++k) {
    const rng::Words w = rng::PhiloxEngine(seed, 1, k / 4).next4();
    EXPECT_EQ(z[k], rng::normal_f32(w.v[k % 4], {})) << k;
  }
}

// A bit generator's words (random_raw) and its rejection samplers follow the element's own
// engine, computed here on the host: a GPU run checks that the backends agree.
TEST(Random, EnginesFollowTheStreamLayout) {
  auto bits = std::make_shared<random::XORWOW>(77);
  auto raw = host<uint64_t>(bits->random_raw({9}));  // call 0
  for (int k = 0; k < 9; ++k)
    EXPECT_EQ(raw[size_t(k)], rng::XorwowEngine(77, 0, uint64_t(k / 4)).next4().v[k % 4]) << k;
  random::Generator g(std::make_shared<random::MRG32k3a>(78));
  auto gam = host<double>(g.standard_gamma(0.4, {6}));   // call 0
  auto bin = host<int64_t>(g.binomial(1000, 0.3, {6}));  // call 1: BTRD
  for (int k = 0; k < 6; ++k) {
    rng::BasicStream<rng::Mrg32k3aEngine> s(78, 0, uint64_t(k)), t(78, 1, uint64_t(k));
    EXPECT_EQ(gam[size_t(k)], rng::standard_gamma(s, 0.4)) << k;
    EXPECT_EQ(bin[size_t(k)], rng::binomial(t, 1000, 0.3)) << k;
  }
}

// frexp_ reads the exponent field: the same (m, e) as the library's, subnormals included.
TEST(Random, FrexpMatchesTheLibrary) {
  for (double x : {1.0, 0.7, 3e-310, 5e-324, 1e300, 0.1, 2.5e-8, 1.7976931348623157e308}) {
    int e1, e2;
    EXPECT_EQ(rng::frexp_(x, &e1), std::frexp(x, &e2)) << x;
    EXPECT_EQ(e1, e2) << x;
    const float f = std::isfinite(float(x)) && float(x) > 0 ? float(x) : 1e-45f;
    EXPECT_EQ(rng::frexp_(f, &e1), std::frexp(f, &e2)) << f;
    EXPECT_EQ(e1, e2) << f;
  }
}

TEST(Random, SameSeedSameArrays) {
  random::RandomState a(7), b(7);
  EXPECT_EQ(host<float>(a.normal(1, 2, {1001}, DType::Float32)),
            host<float>(b.normal(1, 2, {1001}, DType::Float32)));
  EXPECT_EQ(host<double>(a.gamma(0.5, 1, {333})), host<double>(b.gamma(0.5, 1, {333})));
  EXPECT_EQ(host<int64_t>(a.permutation(50)), host<int64_t>(b.permutation(50)));
}

TEST(Random, NormalMoments) {
  random::RandomState rs(3);
  auto v = host<double>(rs.normal(2.0, 3.0, {200000}));
  double mean = 0, var = 0;
  for (double x : v) mean += x;
  mean /= double(v.size());
  for (double x : v) var += (x - mean) * (x - mean);
  var /= double(v.size());
  EXPECT_NEAR(mean, 2.0, 5 * 3.0 / std::sqrt(200000.0));
  EXPECT_NEAR(var, 9.0, 5 * 9.0 * std::sqrt(2.0 / 200000.0));
}

// An array parameter gives each element its own value; filled with one value, it gives the
// numbers of that value as a number (the same counters, the same arithmetic).
TEST(Random, ArrayParametersMatchNumbers) {
  const std::vector<double> locs(3, 1.5), shapes(3, 0.7);
  const std::vector<int64_t> highs(3, 9);
  const NDArray loc = from_host(locs.data(), {3}, DType::Float64);
  const NDArray shape = from_host(shapes.data(), {3}, DType::Float64);
  const NDArray high = from_host(highs.data(), {3}, DType::Int64);
  random::Generator a(11), b(11);
  EXPECT_EQ(host<float>(a.normal(loc, 2.0, Shape{5, 3}, DType::Float32)),
            host<float>(b.normal(1.5, 2.0, Shape{5, 3}, DType::Float32)));
  EXPECT_EQ(host<double>(a.gamma(shape, 3.0, Shape{2, 3})),
            host<double>(b.gamma(0.7, 3.0, Shape{2, 3})));
  EXPECT_EQ(host<int64_t>(a.integers(-4, high, Shape{7, 3})),
            host<int64_t>(b.integers(-4, 9, Shape{7, 3})));
  EXPECT_EQ(a.geometric(shape, std::nullopt).shape(), Shape{3});
  EXPECT_EQ(a.normal(loc, 1.0, std::nullopt).shape(), Shape{3});
  EXPECT_THROW(a.normal(loc, 1.0, Shape{2}), ValueError);  // (3,) does not broadcast to (2,)
  const std::vector<double> scales{1.0, -1.0, 2.0};
  EXPECT_THROW(a.normal(0.0, from_host(scales.data(), {3}, DType::Float64), Shape{3}),
               ValueError);  // scale < 0 in one element
}

TEST(Random, BadParametersRaise) {
  random::RandomState rs(0);
  EXPECT_THROW(rs.normal(0, -1, {2}), ValueError);
  EXPECT_THROW(rs.randint(5, 5, {2}), ValueError);
  EXPECT_THROW(rs.randint(0, 300, {2}, DType::Int8), ValueError);
  EXPECT_THROW(rs.random_sample({2}, DType::Int32), TypeError);
  EXPECT_THROW(rs.choice(3, {4}, false), ValueError);
  EXPECT_THROW(rs.zipf(0.5, {2}), ValueError);
  EXPECT_THROW(rs.hypergeometric(1, 1, 3, {2}), ValueError);
  EXPECT_THROW(rs.vonmises(0, -1, {2}), ValueError);
  EXPECT_THROW(rs.normal(0, -0.0, {2}), ValueError);  // NumPy tests the sign bit
  EXPECT_THROW(rs.uniform(0, INFINITY, {2}), OverflowError);
}

// A Generator checks as NumPy's Generator, also through a RandomState reference: nsample = 0
// draws 0 there and is refused by the legacy API. NaN passes and samples to NaN in both.
TEST(Random, GeneratorChecksAreItsOwn) {
  random::Generator g(3);
  random::RandomState& as_state = g;
  EXPECT_EQ(host<int64_t>(as_state.hypergeometric(10, 5, 0, Shape{4})), std::vector<int64_t>(4, 0));
  EXPECT_THROW(random::RandomState(3).hypergeometric(10, 5, 0, Shape{4}), ValueError);
  EXPECT_THROW(as_state.uniform(2.0, 1.0, Shape{4}), ValueError);
  EXPECT_NO_THROW(random::RandomState(3).uniform(2.0, 1.0, Shape{4}));
  for (double v : host<double>(g.vonmises(0.0, NAN, Shape{4}))) EXPECT_TRUE(std::isnan(v));
}

TEST(Random, GeneratorPermutesAlongAnAxis) {
  std::vector<int64_t> v(12);
  for (int64_t k = 0; k < 12; ++k) v[size_t(k)] = k;
  NDArray x = from_host(v.data(), {3, 4}, DType::Int64);
  random::Generator g(7);
  std::vector<int64_t> rows = host<int64_t>(g.permuted(x, 1));
  for (int64_t r = 0; r < 3; ++r) {  // each row a permutation of its own values
    std::vector<int64_t> row(rows.begin() + r * 4, rows.begin() + r * 4 + 4);
    std::sort(row.begin(), row.end());
    EXPECT_EQ(row, std::vector<int64_t>({4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3}));
  }
  std::vector<int64_t> cols = host<int64_t>(g.permutation(x, 1));  // whole columns move
  for (int64_t r = 1; r < 3; ++r)
    for (int64_t c = 0; c < 4; ++c) EXPECT_EQ(cols[size_t(r * 4 + c)], cols[size_t(c)] + 4 * r);
  EXPECT_THROW(g.permuted(from_host(v.data(), {}, DType::Int64), 0), ValueError);
}

}  // namespace
}  // namespace ndgpu
