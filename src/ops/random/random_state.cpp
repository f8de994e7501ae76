// RandomState's continuous and discrete distributions: parameters checked as NumPy, then one
// generation kernel each (ops/random/generate.hpp).
#include <cmath>
#include <limits>

#include "ndgpu/errors.hpp"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"

namespace ndgpu::random {
namespace {

Scalar f64(double v) {
  return Scalar::py_float(v);
}

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
  return generate(kStandardUniform, *bits_, size, float_dtype(dtype), {});
}

NDArray RandomState::uniform(double low, double high, const Shape& size, DType dtype) {
  require(std::isfinite(high - low), "Range exceeds valid bounds");
  return generate(kUniform, *bits_, size, float_dtype(dtype), {f64(low), f64(high)});
}

NDArray RandomState::standard_normal(const Shape& size, DType dtype) {
  return generate(kStandardNormal, *bits_, size, float_dtype(dtype), {});
}

NDArray RandomState::normal(double loc, double scale, const Shape& size, DType dtype) {
  require(scale >= 0, "scale < 0");
  return generate(kNormal, *bits_, size, float_dtype(dtype), {f64(loc), f64(scale)});
}

NDArray RandomState::lognormal(double mean, double sigma, const Shape& size, DType dtype) {
  require(sigma >= 0, "sigma < 0");
  return generate(kLognormal, *bits_, size, float_dtype(dtype), {f64(mean), f64(sigma)});
}

NDArray RandomState::standard_exponential(const Shape& size, DType dtype) {
  return exponential(1.0, size, dtype);
}

NDArray RandomState::exponential(double scale, const Shape& size, DType dtype) {
  require(scale >= 0, "scale < 0");
  return generate(kExponential, *bits_, size, float_dtype(dtype), {f64(scale)});
}

NDArray RandomState::laplace(double loc, double scale, const Shape& size, DType dtype) {
  require(scale >= 0, "scale < 0");
  return generate(kLaplace, *bits_, size, float_dtype(dtype), {f64(loc), f64(scale)});
}

NDArray RandomState::logistic(double loc, double scale, const Shape& size, DType dtype) {
  require(scale >= 0, "scale < 0");
  return generate(kLogistic, *bits_, size, float_dtype(dtype), {f64(loc), f64(scale)});
}

NDArray RandomState::gumbel(double loc, double scale, const Shape& size, DType dtype) {
  require(scale >= 0, "scale < 0");
  return generate(kGumbel, *bits_, size, float_dtype(dtype), {f64(loc), f64(scale)});
}

NDArray RandomState::rayleigh(double scale, const Shape& size, DType dtype) {
  require(scale >= 0, "scale < 0");
  return generate(kRayleigh, *bits_, size, float_dtype(dtype), {f64(scale)});
}

NDArray RandomState::weibull(double a, const Shape& size, DType dtype) {
  require(a >= 0, "a < 0");
  return generate(kWeibull, *bits_, size, float_dtype(dtype), {f64(a)});
}

NDArray RandomState::pareto(double a, const Shape& size, DType dtype) {
  require(a > 0, "a <= 0");
  return generate(kPareto, *bits_, size, float_dtype(dtype), {f64(a)});
}

NDArray RandomState::power(double a, const Shape& size, DType dtype) {
  require(a > 0, "a <= 0");
  return generate(kPower, *bits_, size, float_dtype(dtype), {f64(a)});
}

NDArray RandomState::standard_cauchy(const Shape& size, DType dtype) {
  return generate(kCauchy, *bits_, size, float_dtype(dtype));
}

NDArray RandomState::standard_gamma(double shape, const Shape& size, DType dtype) {
  return gamma(shape, 1.0, size, dtype);
}

NDArray RandomState::gamma(double shape, double scale, const Shape& size, DType dtype) {
  require(shape >= 0, "shape < 0");
  require(scale >= 0, "scale < 0");
  return generate(kGamma, *bits_, size, float_dtype(dtype), {f64(shape), f64(scale)});
}

NDArray RandomState::beta(double a, double b, const Shape& size, DType dtype) {
  require(a > 0, "a <= 0");
  require(b > 0, "b <= 0");
  return generate(kBeta, *bits_, size, float_dtype(dtype), {f64(a), f64(b)});
}

NDArray RandomState::chisquare(double df, const Shape& size, DType dtype) {
  require(df > 0, "df <= 0");
  return gamma(df / 2, 2.0, size, dtype);
}

NDArray RandomState::poisson(double lam, const Shape& size, DType dtype) {
  require(lam >= 0, "lam < 0");
  require(lam < 9.223372006484771e18, "lam value too large");
  return generate(kPoisson, *bits_, size, dtype, {f64(lam)});
}

NDArray RandomState::binomial(int64_t n, double p, const Shape& size, DType dtype) {
  require(n >= 0, "n < 0");
  require(p >= 0 && p <= 1, "p < 0, p > 1 or p is NaN");
  return generate(kBinomial, *bits_, size, dtype, {Scalar::py_int(n), f64(p)});
}

NDArray RandomState::geometric(double p, const Shape& size, DType dtype) {
  require(p > 0 && p <= 1, "p <= 0, p > 1 or p contains NaNs");
  return generate(kGeometric, *bits_, size, dtype, {f64(p >= 1 ? 0.0 : std::log1p(-p))});
}

NDArray RandomState::standard_t(double df, const Shape& size, DType dtype) {
  require(df > 0, "df <= 0");
  return generate(kStandardT, *bits_, size, float_dtype(dtype), {f64(df)});
}

NDArray RandomState::f(double dfnum, double dfden, const Shape& size, DType dtype) {
  require(dfnum > 0, "dfnum <= 0");
  require(dfden > 0, "dfden <= 0");
  return generate(kF, *bits_, size, float_dtype(dtype), {f64(dfnum), f64(dfden)});
}

NDArray RandomState::wald(double mean, double scale, const Shape& size, DType dtype) {
  require(mean > 0, "mean <= 0");
  require(scale > 0, "scale <= 0");
  return generate(kWald, *bits_, size, float_dtype(dtype), {f64(mean), f64(scale)});
}

NDArray RandomState::triangular(double left, double mode, double right, const Shape& size,
                                DType dtype) {
  require(left <= mode, "left > mode");
  require(mode <= right, "mode > right");
  require(left < right, "left == right");
  return generate(kTriangular, *bits_, size, float_dtype(dtype),
                  {f64(left), f64(mode), f64(right)});
}

NDArray RandomState::negative_binomial(double n, double p, const Shape& size, DType dtype) {
  require(n > 0, "n <= 0");
  require(p > 0 && p <= 1, "p < 0, p > 1 or p is NaN");
  return generate(kNegativeBinomial, *bits_, size, dtype, {f64(n), f64(p)});
}

NDArray RandomState::vonmises(double mu, double kappa, const Shape& size, DType dtype) {
  require(kappa >= 0, "kappa < 0");
  return generate(kVonmises, *bits_, size, float_dtype(dtype), {f64(mu), f64(kappa)});
}

NDArray RandomState::noncentral_chisquare(double df, double nonc, const Shape& size, DType dtype) {
  require(df > 0, "df <= 0");
  require(nonc >= 0, "nonc < 0");
  return generate(kNoncentralChisquare, *bits_, size, float_dtype(dtype), {f64(df), f64(nonc)});
}

NDArray RandomState::noncentral_f(double dfnum, double dfden, double nonc, const Shape& size,
                                  DType dtype) {
  require(dfnum > 0, "dfnum <= 0");
  require(dfden > 0, "dfden <= 0");
  require(nonc >= 0, "nonc < 0");
  return generate(kNoncentralF, *bits_, size, float_dtype(dtype),
                  {f64(dfnum), f64(dfden), f64(nonc)});
}

NDArray RandomState::zipf(double a, const Shape& size, DType dtype) {
  require(a > 1, "a <= 1.0");
  return generate(kZipf, *bits_, size, dtype, {f64(a)});
}

NDArray RandomState::logseries(double p, const Shape& size, DType dtype) {
  require(p > 0 && p < 1, "p <= 0.0, p >= 1.0 or p is NaN");
  return generate(kLogseries, *bits_, size, dtype, {f64(p), f64(std::log1p(-p))});
}

NDArray RandomState::hypergeometric(int64_t ngood, int64_t nbad, int64_t nsample, const Shape& size,
                                    DType dtype) {
  require(ngood >= 0, "ngood < 0");
  require(nbad >= 0, "nbad < 0");
  require(nsample >= 1, "nsample < 1");
  require(ngood <= std::numeric_limits<int64_t>::max() - nbad && ngood + nbad >= nsample,
          "ngood + nbad < nsample");
  return generate(kHypergeometric, *bits_, size, dtype,
                  {Scalar::py_int(ngood), Scalar::py_int(nbad), Scalar::py_int(nsample)});
}

}  // namespace ndgpu::random
