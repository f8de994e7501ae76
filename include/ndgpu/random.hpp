// ndgpu::random: CuPy's random API on a Philox4x32-10 stream (device/ndgpu/philox.cuh).
// Each element's numbers depend only on the seed, the state's call number and the element's
// index, so every backend gives the same arrays for the same seed and calls.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "ndgpu/ndarray.hpp"

namespace ndgpu::random {

using OptArray = std::optional<NDArray>;

// numpy.random.RandomState's legacy API. Distribution parameters are scalars; `dtype` is
// float32 or float64 where CuPy accepts one. Bad parameters raise ValueError as NumPy.
class RandomState {
 public:
  explicit RandomState(std::optional<uint64_t> seed = std::nullopt);
  void seed(std::optional<uint64_t> seed = std::nullopt);  // none: from the OS's entropy
  uint64_t seed_value() const { return seed_; }
  uint64_t calls() const { return calls_; }  // the stream offset: one per generating call

  NDArray random_sample(const Shape& size, DType dtype = DType::Float64);
  NDArray uniform(double low, double high, const Shape& size, DType dtype = DType::Float64);
  NDArray standard_normal(const Shape& size, DType dtype = DType::Float64);
  NDArray normal(double loc, double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray lognormal(double mean, double sigma, const Shape& size, DType dtype = DType::Float64);
  NDArray standard_exponential(const Shape& size, DType dtype = DType::Float64);
  NDArray exponential(double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray laplace(double loc, double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray logistic(double loc, double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray gumbel(double loc, double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray rayleigh(double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray weibull(double a, const Shape& size, DType dtype = DType::Float64);
  NDArray pareto(double a, const Shape& size, DType dtype = DType::Float64);
  NDArray power(double a, const Shape& size, DType dtype = DType::Float64);
  NDArray standard_cauchy(const Shape& size, DType dtype = DType::Float64);
  NDArray standard_gamma(double shape, const Shape& size, DType dtype = DType::Float64);
  NDArray gamma(double shape, double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray beta(double a, double b, const Shape& size, DType dtype = DType::Float64);
  NDArray chisquare(double df, const Shape& size, DType dtype = DType::Float64);
  NDArray poisson(double lam, const Shape& size, DType dtype = DType::Int64);
  NDArray binomial(int64_t n, double p, const Shape& size, DType dtype = DType::Int64);
  NDArray geometric(double p, const Shape& size, DType dtype = DType::Int64);
  NDArray negative_binomial(double n, double p, const Shape& size, DType dtype = DType::Int64);
  NDArray standard_t(double df, const Shape& size, DType dtype = DType::Float64);
  NDArray f(double dfnum, double dfden, const Shape& size, DType dtype = DType::Float64);
  NDArray wald(double mean, double scale, const Shape& size, DType dtype = DType::Float64);
  NDArray triangular(double left, double mode, double right, const Shape& size,
                     DType dtype = DType::Float64);

  // Integers in [low, high) (high none: [0, low)); random_integers' range is closed.
  NDArray randint(int64_t low, std::optional<int64_t> high, const Shape& size,
                  DType dtype = DType::Int64);
  NDArray random_integers(int64_t low, std::optional<int64_t> high, const Shape& size);

  // A permuted arange(n), or `a` permuted along its first axis (a copy); shuffle in place.
  NDArray permutation(int64_t n);
  NDArray permutation(const NDArray& a);
  void shuffle(NDArray& a);
  // numpy's choice over arange(a) or the elements of a 1-D array; `p` the probabilities.
  NDArray choice(int64_t a, const Shape& size, bool replace = true, const OptArray& p = {});
  NDArray choice(const NDArray& a, const Shape& size, bool replace = true, const OptArray& p = {});

 private:
  uint64_t seed_ = 0, calls_ = 0;
  uint64_t next_call() { return calls_++; }
  std::vector<int64_t> host_permutation(int64_t n);
};

// The module-level state of numpy.random's functions (one per process), shared so that a
// state handed out stays valid after set_random_state or reset_states replaces it.
std::shared_ptr<RandomState> get_random_state();
void set_random_state(std::shared_ptr<RandomState> state);
void seed(std::optional<uint64_t> seed = std::nullopt);
void reset_states();

// numpy.random.Generator's API over the same Philox stream (CuPy's default_rng).
class Generator {
 public:
  explicit Generator(std::optional<uint64_t> seed = std::nullopt) : state_(seed) {}
  NDArray random(const Shape& size, DType dtype = DType::Float64);
  NDArray standard_normal(const Shape& size, DType dtype = DType::Float64);
  NDArray normal(double loc, double scale, const Shape& size);
  NDArray uniform(double low, double high, const Shape& size);
  NDArray exponential(double scale, const Shape& size);
  NDArray integers(int64_t low, std::optional<int64_t> high, const Shape& size,
                   DType dtype = DType::Int64, bool endpoint = false);
  NDArray choice(int64_t a, const Shape& size, bool replace = true, const OptArray& p = {});
  NDArray permutation(int64_t n);
  NDArray permutation(const NDArray& a);
  void shuffle(NDArray& a);
  RandomState& state() { return state_; }

 private:
  RandomState state_;
};

Generator default_rng(std::optional<uint64_t> seed = std::nullopt);

}  // namespace ndgpu::random
