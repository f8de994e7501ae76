// ndgpu.random: RandomState, Generator and the module state (include/ndgpu/random.hpp).
#include <type_traits>
#include <utility>

#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>

#include "convert.hpp"
#include "ndgpu/random.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

using random::BitGenerator;
using random::Generator;
using random::RandomState;

// size=None is one value: a 0-d array, as CuPy returns.
Shape size_of(nb::handle size) {
  return size.is_none() ? Shape{} : to_shape(size);
}

// A distribution's size=: None is the parameters' broadcast shape.
random::Size size_opt(nb::handle size) {
  if (size.is_none()) return std::nullopt;
  return to_shape(size);
}

// A distribution parameter: a Python number, or any array_like (ndgpu or NumPy arrays,
// lists, NumPy scalars), which ndgpu::random broadcasts.
random::Param param(nb::handle h) {
  if (nb::isinstance<nb::float_>(h) || nb::isinstance<nb::int_>(h)) return nb::cast<double>(h);
  return random::Param(as_array(h));
}

// An integer parameter; a Python int past int64 raises as `read` does (to_int64: OverflowError,
// to_dim: ValueError, NumPy's for integers' bounds).
random::IntParam int_param(nb::handle h, int64_t (*read)(nb::handle) = to_int64) {
  if (nb::isinstance<nb::int_>(h)) return read(h);
  return random::IntParam(as_array(h));
}

// integers' and randint's bounds.
random::IntParam bound(nb::handle h) {
  return int_param(h, to_dim);
}

std::optional<random::IntParam> opt_bound(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return bound(h);
}

DType dtype_or(nb::handle dtype, DType dflt) {
  return dtype.is_none() ? dflt : to_dtype(dtype);
}

// p as any array_like (a list, as NumPy and CuPy take it).
std::optional<NDArray> probabilities(nb::handle p) {
  if (p.is_none()) return std::nullopt;
  return as_array(p).astype(DType::Float64);
}

// A choice over arange(a) or over the elements of an array.
NDArray choose(RandomState& s, nb::handle a, nb::handle size, bool replace, nb::handle p) {
  if (nb::isinstance<nb::int_>(a))
    return s.choice(nb::cast<int64_t>(a), size_of(size), replace, probabilities(p));
  NDArray holder;
  return s.choice(array_arg(a, holder), size_of(size), replace, probabilities(p));
}

NDArray permute(RandomState& s, nb::handle a) {
  if (nb::isinstance<nb::int_>(a)) return s.permutation(nb::cast<int64_t>(a));
  NDArray holder;
  return s.permutation(array_arg(a, holder));
}

// Methods with (size, dtype), (a, size, dtype) and (a, b, size, dtype) signatures.
template <class C, class Method>
void def_plain(nb::class_<C>& c, const char* name, Method f) {
  c.def(
      name,
      [f](C& s, nb::handle size, nb::handle dtype) {
        return (s.*f)(size_of(size), dtype_or(dtype, DType::Float64));
      },
      nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
}

using random::Param;
using Two = NDArray (RandomState::*)(Param, Param, const random::Size&, DType);
using One = NDArray (RandomState::*)(Param, const random::Size&, DType);

template <class C>
void def_two(nb::class_<C>& c, const char* name, Two f, const char* a, std::optional<double> da,
             const char* b, std::optional<double> db, DType dflt = DType::Float64) {
  auto body = [f, dflt](C& s, nb::handle x, nb::handle y, nb::handle size, nb::handle dtype) {
    return (s.*f)(param(x), param(y), size_opt(size), dtype_or(dtype, dflt));
  };
  if (da && db)
    c.def(name, body, nb::arg(a) = *da, nb::arg(b) = *db, nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
  else if (db)
    c.def(name, body, nb::arg(a), nb::arg(b) = *db, nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
  else
    c.def(name, body, nb::arg(a), nb::arg(b), nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
}

template <class C>
void def_one(nb::class_<C>& c, const char* name, One f, const char* a, std::optional<double> da,
             DType dflt = DType::Float64) {
  auto body = [f, dflt](C& s, nb::handle x, nb::handle size, nb::handle dtype) {
    return (s.*f)(param(x), size_opt(size), dtype_or(dtype, dflt));
  };
  if (da)
    c.def(name, body, nb::arg(a) = *da, nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
  else
    c.def(name, body, nb::arg(a), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
}

// The distributions RandomState and Generator share, on either class.
template <class C>
void bind_distributions(nb::class_<C>& c) {
  if constexpr (!std::is_same_v<C, Generator>) {  // Generator's take out= (bind_generator)
    def_plain(c, "standard_normal", &C::standard_normal);
    def_plain(c, "standard_exponential", &C::standard_exponential);
    def_one(c, "standard_gamma", &C::standard_gamma, "shape", std::nullopt);
  }
  def_plain(c, "standard_cauchy", &C::standard_cauchy);
  def_two(c, "uniform", &C::uniform, "low", 0.0, "high", 1.0);
  def_two(c, "normal", &C::normal, "loc", 0.0, "scale", 1.0);
  def_two(c, "lognormal", &C::lognormal, "mean", 0.0, "sigma", 1.0);
  def_two(c, "laplace", &C::laplace, "loc", 0.0, "scale", 1.0);
  def_two(c, "logistic", &C::logistic, "loc", 0.0, "scale", 1.0);
  def_two(c, "gumbel", &C::gumbel, "loc", 0.0, "scale", 1.0);
  def_two(c, "gamma", &C::gamma, "shape", std::nullopt, "scale", 1.0);
  def_two(c, "f", &C::f, "dfnum", std::nullopt, "dfden", std::nullopt);
  def_two(c, "wald", &C::wald, "mean", std::nullopt, "scale", std::nullopt);
  def_two(c, "vonmises", &C::vonmises, "mu", std::nullopt, "kappa", std::nullopt);
  def_two(c, "noncentral_chisquare", &C::noncentral_chisquare, "df", std::nullopt, "nonc",
          std::nullopt);
  def_two(c, "negative_binomial", &C::negative_binomial, "n", std::nullopt, "p", std::nullopt,
          DType::Int64);
  def_two(c, "beta", &C::beta, "a", std::nullopt, "b", std::nullopt);
  c.def(
      "triangular",
      [](C& s, nb::handle l, nb::handle m, nb::handle r, nb::handle size, nb::handle dtype) {
        return s.triangular(param(l), param(m), param(r), size_opt(size),
                            dtype_or(dtype, DType::Float64));
      },
      nb::arg("left"), nb::arg("mode"), nb::arg("right"), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none());
  c.def(
      "noncentral_f",
      [](C& s, nb::handle num, nb::handle den, nb::handle nonc, nb::handle size, nb::handle dtype) {
        return s.noncentral_f(param(num), param(den), param(nonc), size_opt(size),
                              dtype_or(dtype, DType::Float64));
      },
      nb::arg("dfnum"), nb::arg("dfden"), nb::arg("nonc"), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none());
  def_one(c, "standard_t", &C::standard_t, "df", std::nullopt);
  def_one(c, "exponential", &C::exponential, "scale", 1.0);
  def_one(c, "rayleigh", &C::rayleigh, "scale", 1.0);
  def_one(c, "weibull", &C::weibull, "a", std::nullopt);
  def_one(c, "pareto", &C::pareto, "a", std::nullopt);
  def_one(c, "power", &C::power, "a", std::nullopt);
  def_one(c, "chisquare", &C::chisquare, "df", std::nullopt);
  def_one(c, "poisson", &C::poisson, "lam", 1.0, DType::Int64);
  def_one(c, "geometric", &C::geometric, "p", std::nullopt, DType::Int64);
  def_one(c, "zipf", &C::zipf, "a", std::nullopt, DType::Int64);
  def_one(c, "logseries", &C::logseries, "p", std::nullopt, DType::Int64);
  c.def(
      "binomial",
      [](C& s, nb::handle n, nb::handle p, nb::handle size, nb::handle dtype) {
        return s.binomial(int_param(n), param(p), size_opt(size), dtype_or(dtype, DType::Int64));
      },
      nb::arg("n"), nb::arg("p"), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
  c.def(
      "hypergeometric",
      [](C& s, nb::handle good, nb::handle bad, nb::handle sample, nb::handle size,
         nb::handle dtype) {
        return s.hypergeometric(int_param(good), int_param(bad), int_param(sample), size_opt(size),
                                dtype_or(dtype, DType::Int64));
      },
      nb::arg("ngood"), nb::arg("nbad"), nb::arg("nsample"), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none());
  c.def(
      "dirichlet",
      [](C& s, nb::handle alpha, nb::handle size, nb::handle dtype) {
        return s.dirichlet(as_array(alpha), size_of(size), dtype_or(dtype, DType::Float64));
      },
      nb::arg("alpha"), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
  c.def(
      "multinomial",
      [](C& s, nb::handle n, nb::handle pvals, nb::handle size, nb::handle dtype) {
        return s.multinomial(int_param(n), as_array(pvals), size_opt(size),
                             dtype_or(dtype, DType::Int64));
      },
      nb::arg("n"), nb::arg("pvals"), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
  c.def(
      "multivariate_normal",
      [](C& s, nb::handle mean, nb::handle cov, nb::handle size, const std::string& check_valid,
         double tol, const std::string& method, nb::handle dtype) {
        return s.multivariate_normal(as_array(mean), as_array(cov), size_of(size), check_valid, tol,
                                     method, dtype_or(dtype, DType::Float64));
      },
      nb::arg("mean"), nb::arg("cov"), nb::arg("size") = nb::none(),
      nb::arg("check_valid") = "warn", nb::arg("tol") = 1e-8, nb::arg("method") = "cholesky",
      nb::arg("dtype") = nb::none());
  c.def(
      "bytes", [](C& s, Int64 length) { return nb::bytes(s.bytes(length).data(), size_t(length)); },
      nb::arg("length"));
  if constexpr (!std::is_same_v<C, Generator>) {  // Generator's take an axis (bind_generator)
    c.def(
        "choice",
        [](C& s, nb::handle a, nb::handle size, bool replace, nb::handle p) {
          return choose(s, a, size, replace, p);
        },
        nb::arg("a"), nb::arg("size") = nb::none(), nb::arg("replace") = true,
        nb::arg("p") = nb::none());
    c.def(
        "permutation", [](C& s, nb::handle a) { return permute(s, a); }, nb::arg("x"));
    c.def(
        "shuffle", [](C& s, NDArray& a) { s.shuffle(a); }, nb::arg("x"));
  }
}

void bind_random_state(nb::module_& m) {
  nb::class_<RandomState> c(m, "RandomState");
  c.def(nb::init<std::optional<uint64_t>>(), nb::arg("seed") = nb::none());
  c.def("seed", &RandomState::seed, nb::arg("seed") = nb::none());
  for (const char* name : {"random_sample", "random", "ranf", "sample"})
    def_plain(c, name, &RandomState::random_sample);
  bind_distributions(c);
  c.def(
      "rand",
      [](RandomState& s, nb::args size, nb::handle dtype) {
        return s.rand(to_shape(size), dtype_or(dtype, DType::Float64));
      },
      nb::arg("size"), nb::kw_only(), nb::arg("dtype") = nb::none());
  c.def(
      "randn",
      [](RandomState& s, nb::args size, nb::handle dtype) {
        return s.randn(to_shape(size), dtype_or(dtype, DType::Float64));
      },
      nb::arg("size"), nb::kw_only(), nb::arg("dtype") = nb::none());
  c.def(
      "tomaxint", [](RandomState& s, nb::handle size) { return s.tomaxint(size_of(size)); },
      nb::arg("size") = nb::none());
  c.def(
      "randint",
      [](RandomState& s, nb::handle low, nb::handle high, nb::handle size, nb::handle dtype) {
        return s.randint(bound(low), opt_bound(high), size_opt(size),
                         dtype_or(dtype, DType::Int64));
      },
      nb::arg("low"), nb::arg("high") = nb::none(), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none());
  c.def(
      "random_integers",
      [](RandomState& s, DimInt low, std::optional<DimInt> high, nb::handle size) {
        return s.random_integers(low, high, size_of(size));
      },
      nb::arg("low"), nb::arg("high") = nb::none(), nb::arg("size") = nb::none());
}

// CuPy's bit generators; `size` (CuPy's state count) is accepted and unused: every element
// has its own stream here.
template <class B>
void bind_bit_generator(nb::module_& m, const char* name) {
  nb::class_<B, BitGenerator>(m, name).def(
      "__init__", [](B* self, std::optional<uint64_t> seed, nb::handle) { new (self) B(seed); },
      nb::arg("seed") = nb::none(), nb::kw_only(), nb::arg("size") = nb::none());
}

void bind_bit_generators(nb::module_& m) {
  nb::class_<BitGenerator>(m, "BitGenerator")
      .def(
          "random_raw",
          [](BitGenerator& b, nb::handle size, bool output) -> nb::object {
            NDArray r = b.random_raw(size_of(size));
            return output ? nb::cast(r) : nb::none();
          },
          nb::arg("size") = nb::none(), nb::arg("output") = true);
  bind_bit_generator<random::XORWOW>(m, "XORWOW");
  bind_bit_generator<random::MRG32k3a>(m, "MRG32k3a");
  bind_bit_generator<random::Philox4x3210>(m, "Philox4x3210");
}

void bind_generator(nb::module_& m) {
  nb::class_<Generator> g(m, "Generator");
  g.def(nb::init<std::optional<uint64_t>>(), nb::arg("seed") = nb::none());
  g.def(nb::init<std::shared_ptr<BitGenerator>>(), nb::arg("bit_generator"));
  g.def_prop_ro("bit_generator", [](Generator& r) { return r.bit_generator(); });
  bind_distributions(g);
  using OutMethod = NDArray (Generator::*)(const random::Size&, DType, const random::OptArray&);
  for (auto [name, f] : {std::pair<const char*, OutMethod>{"random", &Generator::random},
                         {"standard_normal", &Generator::standard_normal},
                         {"standard_exponential", &Generator::standard_exponential}})
    g.def(
        name,
        [f](Generator& r, nb::handle size, nb::handle dtype, nb::handle out) {
          return result((r.*f)(size_opt(size), dtype_or(dtype, DType::Float64), to_out(out)), out);
        },
        nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none(), nb::arg("out") = nb::none());
  g.def(
      "standard_gamma",
      [](Generator& r, nb::handle shape, nb::handle size, nb::handle dtype, nb::handle out) {
        return result(r.standard_gamma(param(shape), size_opt(size),
                                       dtype_or(dtype, DType::Float64), to_out(out)),
                      out);
      },
      nb::arg("shape"), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none(),
      nb::arg("out") = nb::none());
  g.def(
      "integers",
      [](Generator& r, nb::handle low, nb::handle high, nb::handle size, nb::handle dtype,
         bool endpoint) {
        return r.integers(bound(low), opt_bound(high), size_opt(size),
                          dtype_or(dtype, DType::Int64), endpoint);
      },
      nb::arg("low"), nb::arg("high") = nb::none(), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none(), nb::arg("endpoint") = false);
  g.def(
      "choice",
      [](Generator& r, nb::handle a, nb::handle size, bool replace, nb::handle p, Int64 axis,
         bool shuffle) {
        if (nb::isinstance<nb::int_>(a)) return choose(r, a, size, replace, p);
        NDArray holder;
        return r.choice(array_arg(a, holder), size_of(size), replace, probabilities(p), axis,
                        shuffle);
      },
      nb::arg("a"), nb::arg("size") = nb::none(), nb::arg("replace") = true,
      nb::arg("p") = nb::none(), nb::arg("axis") = 0, nb::arg("shuffle") = true);
  g.def(
      "permutation",
      [](Generator& r, nb::handle x, Int64 axis) {
        if (nb::isinstance<nb::int_>(x)) return permute(r, x);
        NDArray holder;
        return r.permutation(array_arg(x, holder), axis);
      },
      nb::arg("x"), nb::arg("axis") = 0);
  g.def(
      "shuffle", [](Generator& r, NDArray& x, Int64 axis) { r.shuffle(x, axis); }, nb::arg("x"),
      nb::arg("axis") = 0);
  g.def(
      "permuted",
      [](Generator& r, nb::handle x, nb::handle axis, nb::handle out) {
        NDArray holder;
        std::optional<int64_t> ax;
        if (!axis.is_none()) ax = to_int64(axis);
        return result(r.permuted(array_arg(x, holder), ax, to_out(out)), out);
      },
      nb::arg("x"), nb::arg("axis").none() = nb::none(), nb::arg("out").none() = nb::none());
  m.def("default_rng", &random::default_rng, nb::arg("seed") = nb::none());
  m.def(
      "default_rng", [](std::shared_ptr<BitGenerator> b) { return Generator(std::move(b)); },
      nb::arg("seed"));
}

}  // namespace

void bind_random(nb::module_& m) {
  nb::module_ r = m.def_submodule("_random", "ndgpu.random's C++ half");
  bind_random_state(r);
  bind_bit_generators(r);
  bind_generator(r);
  r.def("get_random_state", &random::get_random_state);
  r.def("set_random_state", &random::set_random_state, nb::arg("rs"));
  r.def("seed", &random::seed, nb::arg("seed") = nb::none());
  r.def("reset_states", &random::reset_states);
}

}  // namespace ndgpu::py
