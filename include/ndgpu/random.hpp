// ndgpu::random: CuPy's random API on a Philox4x32-10 stream (device/ndgpu/philox.cuh).
// Each element's numbers depend only on the seed, the state's call number and the element's
// index, so every backend gives the same arrays for the same seed and calls.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ndgpu/ndarray.hpp"

namespace ndgpu::random {

using OptArray = std::optional<NDArray>;

// A distribution parameter, as NumPy's array_like ones: a number, or an array that
// broadcasts with the call's other parameters (and with `size`, when given).
template <class V>
struct BasicParam {
  BasicParam(V v) : value(v) {}  // NOLINT: numbers convert implicitly, as in Python
  BasicParam(NDArray a) : array(std::move(a)) {}  // NOLINT
  V value{};
  std::optional<NDArray> array;
};
using Param = BasicParam<double>;
using IntParam = BasicParam<int64_t>;
// A distribution's `size`: none gives the parameters' broadcast shape (one value when they
// are all numbers); given, the parameters must broadcast to it (ValueError otherwise).
struct Size : std::optional<Shape> {
  Size(std::nullopt_t = std::nullopt) {}                                            // NOLINT
  Size(Shape shape) : std::optional<Shape>(std::move(shape)) {}                     // NOLINT
  Size(std::initializer_list<int64_t> dims) : std::optional<Shape>(Shape(dims)) {}  // NOLINT
};

// The engines behind CuPy's bit generators (docs/random.md: how elements map to streams).
enum class Engine : uint8_t { Philox4x3210, XORWOW, MRG32k3a };

// numpy.random.BitGenerator: an engine, a seed and the number of generating calls made so
// far. A Generator shares its bit generator, so both advance the one stream, as NumPy's.
class BitGenerator {
 public:
  explicit BitGenerator(Engine engine = Engine::Philox4x3210,
                        std::optional<uint64_t> seed = std::nullopt);
  void seed(std::optional<uint64_t> seed = std::nullopt);  // none: from the OS's entropy
  Engine engine() const { return engine_; }
  uint64_t seed_value() const { return seed_; }
  uint64_t calls() const { return calls_; }
  uint64_t next_call() { return calls_++; }
  // The engine's 32-bit words, one per uint64 element, as NumPy's random_raw.
  NDArray random_raw(const Shape& size);

 private:
  Engine engine_;
  uint64_t seed_ = 0, calls_ = 0;
};

// CuPy's bit generator classes.
struct XORWOW : BitGenerator {
  explicit XORWOW(std::optional<uint64_t> seed = std::nullopt)
      : BitGenerator(Engine::XORWOW, seed) {}
};
struct MRG32k3a : BitGenerator {
  explicit MRG32k3a(std::optional<uint64_t> seed = std::nullopt)
      : BitGenerator(Engine::MRG32k3a, seed) {}
};
struct Philox4x3210 : BitGenerator {
  explicit Philox4x3210(std::optional<uint64_t> seed = std::nullopt)
      : BitGenerator(Engine::Philox4x3210, seed) {}
};

// numpy.random.RandomState's legacy API. Distribution parameters are numbers or arrays
// (broadcast as NumPy's); `dtype` is float32 or float64 where CuPy accepts one. Bad
// parameters, in any element, raise ValueError as NumPy (uniform's infinite range:
// OverflowError); NaN passes where NumPy lets it through, and gives NaN.
class RandomState {
 public:
  explicit RandomState(std::optional<uint64_t> seed = std::nullopt);
  explicit RandomState(uint64_t seed) : RandomState(std::optional<uint64_t>(seed)) {}
  explicit RandomState(std::shared_ptr<BitGenerator> bits);
  void seed(std::optional<uint64_t> seed = std::nullopt);  // none: from the OS's entropy
  uint64_t seed_value() const { return bits_->seed_value(); }
  uint64_t calls() const { return bits_->calls(); }  // the stream offset: one per call
  const std::shared_ptr<BitGenerator>& bit_generator() const { return bits_; }

  NDArray random_sample(const Shape& size, DType dtype = DType::Float64);
  // rand(*size) and randn(*size): random_sample and standard_normal under NumPy's other names.
  NDArray rand(const Shape& size, DType dtype = DType::Float64) {
    return random_sample(size, dtype);
  }
  NDArray randn(const Shape& size, DType dtype = DType::Float64) {
    return standard_normal(size, dtype);
  }
  NDArray uniform(Param low, Param high, const Size& size, DType dtype = DType::Float64);
  NDArray standard_normal(const Shape& size, DType dtype = DType::Float64);
  NDArray normal(Param loc, Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray lognormal(Param mean, Param sigma, const Size& size, DType dtype = DType::Float64);
  NDArray standard_exponential(const Shape& size, DType dtype = DType::Float64);
  NDArray exponential(Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray laplace(Param loc, Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray logistic(Param loc, Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray gumbel(Param loc, Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray rayleigh(Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray weibull(Param a, const Size& size, DType dtype = DType::Float64);
  NDArray pareto(Param a, const Size& size, DType dtype = DType::Float64);
  NDArray power(Param a, const Size& size, DType dtype = DType::Float64);
  NDArray standard_cauchy(const Shape& size, DType dtype = DType::Float64);
  NDArray standard_gamma(Param shape, const Size& size, DType dtype = DType::Float64);
  NDArray gamma(Param shape, Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray beta(Param a, Param b, const Size& size, DType dtype = DType::Float64);
  NDArray chisquare(Param df, const Size& size, DType dtype = DType::Float64);
  NDArray poisson(Param lam, const Size& size, DType dtype = DType::Int64);
  NDArray binomial(IntParam n, Param p, const Size& size, DType dtype = DType::Int64);
  NDArray geometric(Param p, const Size& size, DType dtype = DType::Int64);
  NDArray negative_binomial(Param n, Param p, const Size& size, DType dtype = DType::Int64);
  NDArray standard_t(Param df, const Size& size, DType dtype = DType::Float64);
  NDArray f(Param dfnum, Param dfden, const Size& size, DType dtype = DType::Float64);
  NDArray wald(Param mean, Param scale, const Size& size, DType dtype = DType::Float64);
  NDArray triangular(Param left, Param mode, Param right, const Size& size,
                     DType dtype = DType::Float64);
  NDArray vonmises(Param mu, Param kappa, const Size& size, DType dtype = DType::Float64);
  NDArray noncentral_chisquare(Param df, Param nonc, const Size& size,
                               DType dtype = DType::Float64);
  NDArray noncentral_f(Param dfnum, Param dfden, Param nonc, const Size& size,
                       DType dtype = DType::Float64);
  NDArray zipf(Param a, const Size& size, DType dtype = DType::Int64);
  NDArray logseries(Param p, const Size& size, DType dtype = DType::Int64);
  NDArray hypergeometric(IntParam ngood, IntParam nbad, IntParam nsample, const Size& size,
                         DType dtype = DType::Int64);
  // Vector-valued: each draw is a row of the last axis (shape size + (k,)). multinomial's
  // rows broadcast n with pvals' leading axes (each row of pvals a distribution), as Generator.
  NDArray dirichlet(const NDArray& alpha, const Shape& size, DType dtype = DType::Float64);
  NDArray multinomial(IntParam n, const NDArray& pvals, const Size& size,
                      DType dtype = DType::Int64);
  // `method` "cholesky", "svd" or "eigh"; check_valid "raise" checks that cov is positive
  // semidefinite within `tol` ("warn" and "ignore" do not check).
  NDArray multivariate_normal(const NDArray& mean, const NDArray& cov, const Shape& size,
                              const std::string& check_valid = "warn", double tol = 1e-8,
                              const std::string& method = "cholesky", DType dtype = DType::Float64);
  std::string bytes(int64_t length);

  // Integers in [low, high) (high none: [0, low)); random_integers' range is closed.
  NDArray randint(IntParam low, std::optional<IntParam> high, const Size& size,
                  DType dtype = DType::Int64);
  NDArray random_integers(int64_t low, std::optional<int64_t> high, const Shape& size);
  // int64s in [0, 2^63 - 1], as CuPy's tomaxint.
  NDArray tomaxint(const Shape& size);

  // A permuted arange(n), or `a` permuted along its first axis (a copy); shuffle in place.
  NDArray permutation(int64_t n);
  NDArray permutation(const NDArray& a);
  void shuffle(NDArray& a);
  // numpy's choice over arange(a) or the elements of a 1-D array; `p` the probabilities.
  NDArray choice(int64_t a, const Shape& size, bool replace = true, const OptArray& p = {});
  NDArray choice(const NDArray& a, const Shape& size, bool replace = true, const OptArray& p = {});

 protected:
  // False in a Generator: NumPy's Generator checks uniform, negative_binomial,
  // hypergeometric and dirichlet unlike its legacy RandomState (e.g. nsample = 0 is allowed).
  bool legacy_ = true;

 private:
  std::shared_ptr<BitGenerator> bits_;
  std::vector<int64_t> host_permutation(int64_t n);
  std::vector<int64_t> weighted_distinct(std::vector<double> weights, int64_t count);
};

// The module-level state of numpy.random's functions (one per process), shared so that a
// state handed out stays valid after set_random_state or reset_states replaces it.
std::shared_ptr<RandomState> get_random_state();
void set_random_state(std::shared_ptr<RandomState> state);
void seed(std::optional<uint64_t> seed = std::nullopt);
void reset_states();

// numpy.random.Generator's API over a bit generator (Philox4x32-10 unless given, as
// default_rng). Its distributions are RandomState's with the Generator's parameter checks
// (RandomState::legacy_); `random` and `integers` are its own names.
class Generator : public RandomState {
 public:
  explicit Generator(std::optional<uint64_t> seed = std::nullopt) : RandomState(seed) {
    legacy_ = false;
  }
  explicit Generator(uint64_t seed) : Generator(std::optional<uint64_t>(seed)) {}
  explicit Generator(std::shared_ptr<BitGenerator> bits) : RandomState(std::move(bits)) {
    legacy_ = false;
  }
  // NumPy's out=: the values go into `out` (C-contiguous, of `dtype`, of shape `size` when
  // both are given; ValueError/TypeError as NumPy otherwise), which is returned.
  NDArray random(const Size& size, DType dtype = DType::Float64, const OptArray& out = {});
  NDArray standard_normal(const Size& size, DType dtype = DType::Float64, const OptArray& out = {});
  NDArray standard_exponential(const Size& size, DType dtype = DType::Float64,
                               const OptArray& out = {});
  NDArray standard_gamma(Param shape, const Size& size, DType dtype = DType::Float64,
                         const OptArray& out = {});
  NDArray integers(IntParam low, std::optional<IntParam> high, const Size& size,
                   DType dtype = DType::Int64, bool endpoint = false);
  RandomState& state() { return *this; }
  // Along `axis` of an array (NumPy's Generator; RandomState's take the first axis): choice
  // picks slices, permutation/shuffle reorder the slices, permuted shuffles every slice along
  // the axis independently (the flattened array when nullopt). A 0-d x raises ValueError.
  using RandomState::choice;
  using RandomState::permutation;
  using RandomState::shuffle;
  NDArray choice(const NDArray& a, const Shape& size, bool replace, const OptArray& p, int64_t axis,
                 bool shuffle = true);
  NDArray permutation(const NDArray& x, int64_t axis);
  void shuffle(NDArray& x, int64_t axis);
  NDArray permuted(const NDArray& x, std::optional<int64_t> axis = std::nullopt,
                   const OptArray& out = {});
};

Generator default_rng(std::optional<uint64_t> seed = std::nullopt);

}  // namespace ndgpu::random
