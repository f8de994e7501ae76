// RandomState's continuous and discrete distributions: parameters (numbers or arrays) checked
// as NumPy, then one generation kernel each (ops/random/generate.hpp).
#include <cmath>
#include <utility>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"
#include "ops/random/params.hpp"

namespace ndgpu::random {
namespace {

// NumPy's constraints, one value at a time. NaN passes those that do not name it, as in
// NumPy, and -0.0 counts as negative (NumPy tests the sign bit).
bool nonnegative(double x) {
  return std::isnan(x) || !std::signbit(x);
}
bool positive(double x) {
  return !(x <= 0);
}
bool probability(double p) {
  return p >= 0 && p <= 1;
}
// The largest Poisson mean NumPy samples: int64's maximum less ten of its standard deviations.
constexpr double kPoissonLamMax = 9.2233720064847708e18;
// Generator.negative_binomial's bound: the Poisson's mean, gamma(n) (1 - p) / p, stays within
// kPoissonLamMax for a gamma ten standard deviations up (NaN passes, as NumPy's).
bool poisson_mean_fits(double n, double p) {
  return !((1 - p) / p * (n + 10 * std::sqrt(n)) > kPoissonLamMax);
}
// Generator.hypergeometric's bound on ngood and nbad.
constexpr int64_t kHypergeometricMax = 1000000000;

const Sampler kUniform{"uniform", SamplerKind::Uniform, "T low, T high", "u * (high - low) + low"};
const Sampler kNormal{"normal", SamplerKind::Normal, "T loc, T scale", "z * scale + loc"};
// The standard forms skip the scale and shift: the same numbers (u * 1 + 0 == u) with two
// operations fewer per value, which the 2^28-value rows measure (about 7%).
const Sampler kStandardUniform{"standard_uniform", SamplerKind::Uniform, "", "u"};
const Sampler kStandardNormal{"standard_normal", SamplerKind::Normal, "", "z"};
const Sampler kLognormal{"lognormal", SamplerKind::Normal, "T mean, T sigma",
                         "ndgpu::rng::exp_(z * sigma + mean)"};
const Sampler kExponential{"exponential", SamplerKind::Uniform, "T scale",
                           "-ndgpu::rng::log_(u) * scale", true};
const Sampler kLaplace{
    "laplace", SamplerKind::Uniform, "T loc, T scale",
    "u < 0.5 ? loc + scale * ndgpu::rng::log_(u + u) : loc - scale * ndgpu::rng::log_(2 - u - u)",
    true};
const Sampler kLogistic{"logistic", SamplerKind::Uniform, "T loc, T scale",
                        "loc + scale * ndgpu::rng::log_(u / (1 - u))", true};
const Sampler kGumbel{"gumbel", SamplerKind::Uniform, "T loc, T scale",
                      "loc - scale * ndgpu::rng::log_(-ndgpu::rng::log_(u))", true};
const Sampler kRayleigh{"rayleigh", SamplerKind::Uniform, "T scale",
                        "scale * sqrt(-2 * ndgpu::rng::log_(u))", true};
const Sampler kWeibull{"weibull", SamplerKind::Uniform, "float64 a",
                       "a == 0 ? 0 : ndgpu::rng::pow_(-ndgpu::rng::log_((double)u), 1 / a)", true};
const Sampler kPareto{"pareto", SamplerKind::Uniform, "float64 a",
                      "ndgpu::rng::exp_(-ndgpu::rng::log_((double)u) / a) - 1", true};
const Sampler kPower{"power", SamplerKind::Uniform, "float64 a",
                     "ndgpu::rng::pow_(1 - (double)u, 1 / a)", true};
const Sampler kCauchy{"cauchy", SamplerKind::Stream, "", "_s.normal() / _s.normal()"};
// log1p(-p) is computed once on the host, so every backend divides by the same number.
const Sampler kGeometric{"geometric", SamplerKind::Uniform, "float64 log1mp",
                         "log1mp == 0 ? 1.0 : ceil(ndgpu::rng::log_(u) / log1mp)", true};
const Sampler kGamma{"gamma", SamplerKind::Stream, "float64 shape, T scale",
                     "ndgpu::rng::standard_gamma(_s, shape) * scale"};
const Sampler kBeta{"beta", SamplerKind::Stream, "float64 a, float64 b",
                    "ndgpu::rng::beta(_s, a, b)"};
const Sampler kPoisson{"poisson", SamplerKind::Stream, "float64 lam",
                       "ndgpu::rng::poisson(_s, lam)"};
const Sampler kBinomial{"binomial", SamplerKind::Stream, "int64 trials, float64 p",
                        "ndgpu::rng::binomial(_s, trials, p)"};
const Sampler kStandardT{"standard_t", SamplerKind::Stream, "float64 df",
                         "ndgpu::rng::standard_t(_s, df)"};
const Sampler kF{"f", SamplerKind::Stream, "float64 dfnum, float64 dfden",
                 "(ndgpu::rng::standard_gamma(_s, dfnum / 2) * dfden) / "
                 "(ndgpu::rng::standard_gamma(_s, dfden / 2) * dfnum)"};
const Sampler kWald{"wald", SamplerKind::Stream, "float64 mean, float64 scale",
                    "ndgpu::rng::wald(_s, mean, scale)"};
const Sampler kTriangular{"triangular", SamplerKind::Uniform,
                          "float64 left, float64 mode, float64 right",
                          "u <= (mode - left) / (right - left) ? "
                          "left + sqrt(u * (right - left) * (mode - left)) : "
                          "right - sqrt((1 - u) * (right - left) * (right - mode))"};
const Sampler kVonmises{"vonmises", SamplerKind::Stream, "float64 mu, float64 kappa",
                        "ndgpu::rng::vonmises(_s, mu, kappa)"};
const Sampler kNoncentralChisquare{"noncentral_chisquare", SamplerKind::Stream,
                                   "float64 df, float64 nonc",
                                   "ndgpu::rng::noncentral_chisquare(_s, df, nonc)"};
const Sampler kNoncentralF{"noncentral_f", SamplerKind::Stream,
                           "float64 dfnum, float64 dfden, float64 nonc",
                           "(ndgpu::rng::noncentral_chisquare(_s, dfnum, nonc) * dfden) / "
                           "(2.0 * ndgpu::rng::standard_gamma(_s, dfden / 2) * dfnum)"};
const Sampler kZipf{"zipf", SamplerKind::Stream, "float64 a", "ndgpu::rng::zipf(_s, a)"};
// log1p(-p) is computed once on the host, as geometric's.
const Sampler kLogseries{"logseries", SamplerKind::Stream, "float64 p, float64 r",
                         "ndgpu::rng::logseries(_s, p, r)"};
const Sampler kHypergeometric{"hypergeometric", SamplerKind::Stream,
                              "int64 good, int64 bad, int64 sample",
                              "ndgpu::rng::hypergeometric(_s, good, bad, sample)"};
const Sampler kNegativeBinomial{"negative_binomial", SamplerKind::Stream, "float64 r, float64 p",
                                "ndgpu::rng::negative_binomial(_s, r, p)"};

// A float32/float64 distribution (TypeError otherwise). Its parameters are checked as the
// caller builds `args` (checked()), so NumPy's ValueError comes before the dtype's error.
NDArray continuous(const Sampler& s, BitGenerator& bits, const Size& size, DType dtype,
                   std::vector<Operand> args = {}) {
  return generate(s, bits, size, float_dtype(dtype), std::move(args));
}

}  // namespace

RandomState::RandomState(std::optional<uint64_t> s)
    : bits_(std::make_shared<BitGenerator>(Engine::Philox4x3210, s)) {}

RandomState::RandomState(std::shared_ptr<BitGenerator> bits) : bits_(std::move(bits)) {
  if (!bits_) throw TypeError("a BitGenerator is required");
}

void RandomState::seed(std::optional<uint64_t> s) {
  bits_->seed(s);
}

NDArray RandomState::random_sample(const Shape& size, DType dtype) {
  return continuous(kStandardUniform, *bits_, size, dtype, {});
}

NDArray RandomState::uniform(Param low, Param high, const Size& size, DType dtype) {
  require_each<OverflowError>([](double l, double h) { return std::isfinite(h - l); },
                              "Range exceeds valid bounds", low, high);
  if (!legacy_)
    require_each([](double l, double h) { return nonnegative(h - l); }, "high - low < 0", low,
                 high);
  return continuous(kUniform, *bits_, size, dtype, {operand(low), operand(high)});
}

NDArray RandomState::standard_normal(const Shape& size, DType dtype) {
  return continuous(kStandardNormal, *bits_, size, dtype, {});
}

NDArray RandomState::normal(Param loc, Param scale, const Size& size, DType dtype) {
  return continuous(kNormal, *bits_, size, dtype,
                    {operand(loc), checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::lognormal(Param mean, Param sigma, const Size& size, DType dtype) {
  return continuous(kLognormal, *bits_, size, dtype,
                    {operand(mean), checked(sigma, nonnegative, "sigma < 0")});
}

NDArray RandomState::standard_exponential(const Shape& size, DType dtype) {
  return exponential(1.0, size, dtype);
}

NDArray RandomState::exponential(Param scale, const Size& size, DType dtype) {
  return continuous(kExponential, *bits_, size, dtype, {checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::laplace(Param loc, Param scale, const Size& size, DType dtype) {
  return continuous(kLaplace, *bits_, size, dtype,
                    {operand(loc), checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::logistic(Param loc, Param scale, const Size& size, DType dtype) {
  return continuous(kLogistic, *bits_, size, dtype,
                    {operand(loc), checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::gumbel(Param loc, Param scale, const Size& size, DType dtype) {
  return continuous(kGumbel, *bits_, size, dtype,
                    {operand(loc), checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::rayleigh(Param scale, const Size& size, DType dtype) {
  return continuous(kRayleigh, *bits_, size, dtype, {checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::weibull(Param a, const Size& size, DType dtype) {
  return continuous(kWeibull, *bits_, size, dtype, {checked(a, nonnegative, "a < 0")});
}

NDArray RandomState::pareto(Param a, const Size& size, DType dtype) {
  return continuous(kPareto, *bits_, size, dtype, {checked(a, positive, "a <= 0")});
}

NDArray RandomState::power(Param a, const Size& size, DType dtype) {
  return continuous(kPower, *bits_, size, dtype, {checked(a, positive, "a <= 0")});
}

NDArray RandomState::standard_cauchy(const Shape& size, DType dtype) {
  return continuous(kCauchy, *bits_, size, dtype);
}

NDArray RandomState::standard_gamma(Param shape, const Size& size, DType dtype) {
  return gamma(std::move(shape), 1.0, size, dtype);
}

NDArray RandomState::gamma(Param shape, Param scale, const Size& size, DType dtype) {
  return continuous(
      kGamma, *bits_, size, dtype,
      {checked(shape, nonnegative, "shape < 0"), checked(scale, nonnegative, "scale < 0")});
}

NDArray RandomState::beta(Param a, Param b, const Size& size, DType dtype) {
  return continuous(kBeta, *bits_, size, dtype,
                    {checked(a, positive, "a <= 0"), checked(b, positive, "b <= 0")});
}

NDArray RandomState::chisquare(Param df, const Size& size, DType dtype) {
  require_each(positive, "df <= 0", df);
  return gamma(map_param(df, [](double x) { return x / 2; }), 2.0, size, dtype);
}

NDArray RandomState::poisson(Param lam, const Size& size, DType dtype) {
  require_each([](double x) { return x >= 0; }, "lam < 0 or lam is NaN", lam);
  require_each([](double x) { return x <= kPoissonLamMax; }, "lam value too large", lam);
  return generate(kPoisson, *bits_, size, dtype, {operand(lam)});
}

NDArray RandomState::binomial(IntParam n, Param p, const Size& size, DType dtype) {
  require_each([](int64_t x) { return x >= 0; }, "n < 0", n);
  require_each(probability, "p < 0, p > 1 or p is NaN", p);
  return generate(kBinomial, *bits_, size, dtype, {operand(n), operand(p)});
}

NDArray RandomState::geometric(Param p, const Size& size, DType dtype) {
  require_each([](double x) { return x > 0 && x <= 1; }, "p <= 0, p > 1 or p contains NaNs", p);
  const Param log1mp = map_param(p, [](double x) { return x >= 1 ? 0.0 : std::log1p(-x); });
  return generate(kGeometric, *bits_, size, dtype, {operand(log1mp)});
}

NDArray RandomState::standard_t(Param df, const Size& size, DType dtype) {
  return continuous(kStandardT, *bits_, size, dtype, {checked(df, positive, "df <= 0")});
}

NDArray RandomState::f(Param dfnum, Param dfden, const Size& size, DType dtype) {
  return continuous(
      kF, *bits_, size, dtype,
      {checked(dfnum, positive, "dfnum <= 0"), checked(dfden, positive, "dfden <= 0")});
}

NDArray RandomState::wald(Param mean, Param scale, const Size& size, DType dtype) {
  return continuous(kWald, *bits_, size, dtype,
                    {checked(mean, positive, "mean <= 0"), checked(scale, positive, "scale <= 0")});
}

NDArray RandomState::triangular(Param left, Param mode, Param right, const Size& size,
                                DType dtype) {
  require_each([](double l, double m) { return !(l > m); }, "left > mode", left, mode);
  require_each([](double m, double r) { return !(m > r); }, "mode > right", mode, right);
  require_each([](double l, double r) { return l != r; }, "left == right", left, right);
  return continuous(kTriangular, *bits_, size, dtype,
                    {operand(left), operand(mode), operand(right)});
}

NDArray RandomState::negative_binomial(Param n, Param p, const Size& size, DType dtype) {
  if (legacy_) {
    require_each(positive, "n <= 0", n);
    require_each(probability, "p < 0, p > 1 or p is NaN", p);
  } else {
    require_each([](double x) { return !std::isnan(x); }, "n must not be NaN", n);
    require_each(positive, "n <= 0", n);
    require_each([](double x) { return x > 0 && x <= 1; }, "p <= 0, p > 1 or p contains NaNs", p);
    require_each(poisson_mean_fits,
                 "n too large or p too small, see Generator.negative_binomial Notes", n, p);
  }
  return generate(kNegativeBinomial, *bits_, size, dtype, {operand(n), operand(p)});
}

NDArray RandomState::vonmises(Param mu, Param kappa, const Size& size, DType dtype) {
  return continuous(kVonmises, *bits_, size, dtype,
                    {operand(mu), checked(kappa, nonnegative, "kappa < 0")});
}

NDArray RandomState::noncentral_chisquare(Param df, Param nonc, const Size& size, DType dtype) {
  return continuous(kNoncentralChisquare, *bits_, size, dtype,
                    {checked(df, positive, "df <= 0"), checked(nonc, nonnegative, "nonc < 0")});
}

NDArray RandomState::noncentral_f(Param dfnum, Param dfden, Param nonc, const Size& size,
                                  DType dtype) {
  return continuous(kNoncentralF, *bits_, size, dtype,
                    {checked(dfnum, positive, "dfnum <= 0"), checked(dfden, positive, "dfden <= 0"),
                     checked(nonc, nonnegative, "nonc < 0")});
}

NDArray RandomState::zipf(Param a, const Size& size, DType dtype) {
  require_each([](double x) { return x > 1; }, "a <= 1 or a is NaN", a);
  return generate(kZipf, *bits_, size, dtype, {operand(a)});
}

NDArray RandomState::logseries(Param p, const Size& size, DType dtype) {
  require_each([](double x) { return x >= 0 && x < 1; }, "p < 0, p >= 1 or p is NaN", p);
  const Param log1mp = map_param(p, [](double x) { return std::log1p(-x); });
  return generate(kLogseries, *bits_, size, dtype, {operand(p), operand(log1mp)});
}

NDArray RandomState::hypergeometric(IntParam ngood, IntParam nbad, IntParam nsample,
                                    const Size& size, DType dtype) {
  // NumPy's order: the Generator's bound, the total (summed with int64's wrap-around), then
  // each count; the Generator allows nsample = 0 (its draws are 0), RandomState not.
  if (!legacy_)
    require_each(
        [](int64_t g, int64_t b) { return g < kHypergeometricMax && b < kHypergeometricMax; },
        "both ngood and nbad must be less than 1000000000", ngood, nbad);
  require_each(
      [](int64_t g, int64_t b, int64_t n) { return int64_t(uint64_t(g) + uint64_t(b)) >= n; },
      "ngood + nbad < nsample", ngood, nbad, nsample);
  require_each([](int64_t x) { return x >= 0; }, "ngood < 0", ngood);
  require_each([](int64_t x) { return x >= 0; }, "nbad < 0", nbad);
  if (legacy_)
    require_each([](int64_t x) { return x >= 1; }, "nsample < 1 or nsample is NaN", nsample);
  else
    require_each([](int64_t x) { return x >= 0; }, "nsample < 0", nsample);
  return generate(kHypergeometric, *bits_, size, dtype,
                  {operand(ngood), operand(nbad), operand(nsample)});
}

}  // namespace ndgpu::random
