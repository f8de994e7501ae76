// ndgpu.random: RandomState, Generator and the module state (include/ndgpu/random.hpp).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>

#include "convert.hpp"
#include "ndgpu/random.hpp"

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

using random::Generator;
using random::RandomState;

// size=None is one value: a 0-d array, as CuPy returns.
Shape size_of(nb::handle size) {
  return size.is_none() ? Shape{} : to_shape(size);
}

DType dtype_or(nb::handle dtype, DType dflt) {
  return dtype.is_none() ? dflt : to_dtype(dtype);
}

std::optional<NDArray> probabilities(nb::handle p) {
  if (p.is_none()) return std::nullopt;
  NDArray holder;
  return array_arg(p, holder).astype(DType::Float64);
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
template <class C>
void def_plain(nb::class_<C>& c, const char* name, NDArray (C::*f)(const Shape&, DType)) {
  c.def(
      name,
      [f](C& s, nb::handle size, nb::handle dtype) {
        return (s.*f)(size_of(size), dtype_or(dtype, DType::Float64));
      },
      nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
}

using Two = NDArray (RandomState::*)(double, double, const Shape&, DType);
using One = NDArray (RandomState::*)(double, const Shape&, DType);

void def_two(nb::class_<RandomState>& c, const char* name, Two f, const char* a,
             std::optional<double> da, const char* b, std::optional<double> db,
             DType dflt = DType::Float64) {
  auto body = [f, dflt](RandomState& s, double x, double y, nb::handle size, nb::handle dtype) {
    return (s.*f)(x, y, size_of(size), dtype_or(dtype, dflt));
  };
  if (da && db)
    c.def(name, body, nb::arg(a) = *da, nb::arg(b) = *db, nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
  else
    c.def(name, body, nb::arg(a), nb::arg(b), nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
}

void def_one(nb::class_<RandomState>& c, const char* name, One f, const char* a,
             std::optional<double> da, DType dflt = DType::Float64) {
  auto body = [f, dflt](RandomState& s, double x, nb::handle size, nb::handle dtype) {
    return (s.*f)(x, size_of(size), dtype_or(dtype, dflt));
  };
  if (da)
    c.def(name, body, nb::arg(a) = *da, nb::arg("size") = nb::none(),
          nb::arg("dtype") = nb::none());
  else
    c.def(name, body, nb::arg(a), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
}

void bind_random_state(nb::module_& m) {
  nb::class_<RandomState> c(m, "RandomState");
  c.def(nb::init<std::optional<uint64_t>>(), nb::arg("seed") = nb::none());
  c.def("seed", &RandomState::seed, nb::arg("seed") = nb::none());
  for (const char* name : {"random_sample", "random", "ranf", "sample"})
    def_plain(c, name, &RandomState::random_sample);
  def_plain(c, "standard_normal", &RandomState::standard_normal);
  def_plain(c, "standard_exponential", &RandomState::standard_exponential);
  def_plain(c, "standard_cauchy", &RandomState::standard_cauchy);
  def_two(c, "uniform", &RandomState::uniform, "low", 0.0, "high", 1.0);
  def_two(c, "normal", &RandomState::normal, "loc", 0.0, "scale", 1.0);
  def_two(c, "lognormal", &RandomState::lognormal, "mean", 0.0, "sigma", 1.0);
  def_two(c, "laplace", &RandomState::laplace, "loc", 0.0, "scale", 1.0);
  def_two(c, "logistic", &RandomState::logistic, "loc", 0.0, "scale", 1.0);
  def_two(c, "gumbel", &RandomState::gumbel, "loc", 0.0, "scale", 1.0);
  def_two(c, "gamma", &RandomState::gamma, "shape", 1.0, "scale", 1.0);
  def_two(c, "f", &RandomState::f, "dfnum", std::nullopt, "dfden", std::nullopt);
  def_two(c, "wald", &RandomState::wald, "mean", std::nullopt, "scale", std::nullopt);
  def_two(c, "negative_binomial", &RandomState::negative_binomial, "n", std::nullopt, "p",
          std::nullopt, DType::Int64);
  c.def(
      "triangular",
      [](RandomState& s, double l, double m, double r, nb::handle size, nb::handle dtype) {
        return s.triangular(l, m, r, size_of(size), dtype_or(dtype, DType::Float64));
      },
      nb::arg("left"), nb::arg("mode"), nb::arg("right"), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none());
  def_one(c, "standard_t", &RandomState::standard_t, "df", std::nullopt);
  def_two(c, "beta", &RandomState::beta, "a", std::nullopt, "b", std::nullopt);
  def_one(c, "exponential", &RandomState::exponential, "scale", 1.0);
  def_one(c, "rayleigh", &RandomState::rayleigh, "scale", 1.0);
  def_one(c, "weibull", &RandomState::weibull, "a", std::nullopt);
  def_one(c, "pareto", &RandomState::pareto, "a", std::nullopt);
  def_one(c, "power", &RandomState::power, "a", std::nullopt);
  def_one(c, "standard_gamma", &RandomState::standard_gamma, "shape", std::nullopt);
  def_one(c, "chisquare", &RandomState::chisquare, "df", std::nullopt);
  def_one(c, "poisson", &RandomState::poisson, "lam", 1.0, DType::Int64);
  def_one(c, "geometric", &RandomState::geometric, "p", std::nullopt, DType::Int64);
  c.def(
      "binomial",
      [](RandomState& s, Int64 n, double p, nb::handle size, nb::handle dtype) {
        return s.binomial(n, p, size_of(size), dtype_or(dtype, DType::Int64));
      },
      nb::arg("n"), nb::arg("p"), nb::arg("size") = nb::none(), nb::arg("dtype") = nb::none());
  c.def(
      "randint",
      [](RandomState& s, Int64 low, std::optional<Int64> high, nb::handle size, nb::handle dtype) {
        return s.randint(low, high, size_of(size), dtype_or(dtype, DType::Int64));
      },
      nb::arg("low"), nb::arg("high") = nb::none(), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none());
  c.def(
      "random_integers",
      [](RandomState& s, Int64 low, std::optional<Int64> high, nb::handle size) {
        return s.random_integers(low, high, size_of(size));
      },
      nb::arg("low"), nb::arg("high") = nb::none(), nb::arg("size") = nb::none());
  c.def(
      "choice",
      [](RandomState& s, nb::handle a, nb::handle size, bool replace, nb::handle p) {
        return choose(s, a, size, replace, p);
      },
      nb::arg("a"), nb::arg("size") = nb::none(), nb::arg("replace") = true,
      nb::arg("p") = nb::none());
  c.def("permutation", &permute, nb::arg("x"));
  c.def(
      "shuffle", [](RandomState& s, NDArray& a) { s.shuffle(a); }, nb::arg("x"));
}

void bind_generator(nb::module_& m) {
  nb::class_<Generator> g(m, "Generator");
  g.def(nb::init<std::optional<uint64_t>>(), nb::arg("seed") = nb::none());
  def_plain(g, "random", &Generator::random);
  def_plain(g, "standard_normal", &Generator::standard_normal);
  g.def(
      "normal",
      [](Generator& r, double loc, double scale, nb::handle size) {
        return r.normal(loc, scale, size_of(size));
      },
      nb::arg("loc") = 0.0, nb::arg("scale") = 1.0, nb::arg("size") = nb::none());
  g.def(
      "uniform",
      [](Generator& r, double low, double high, nb::handle size) {
        return r.uniform(low, high, size_of(size));
      },
      nb::arg("low") = 0.0, nb::arg("high") = 1.0, nb::arg("size") = nb::none());
  g.def(
      "exponential",
      [](Generator& r, double scale, nb::handle size) {
        return r.exponential(scale, size_of(size));
      },
      nb::arg("scale") = 1.0, nb::arg("size") = nb::none());
  g.def(
      "integers",
      [](Generator& r, Int64 low, std::optional<Int64> high, nb::handle size, nb::handle dtype,
         bool endpoint) {
        return r.integers(low, high, size_of(size), dtype_or(dtype, DType::Int64), endpoint);
      },
      nb::arg("low"), nb::arg("high") = nb::none(), nb::arg("size") = nb::none(),
      nb::arg("dtype") = nb::none(), nb::arg("endpoint") = false);
  g.def(
      "choice",
      [](Generator& r, nb::handle a, nb::handle size, bool replace, nb::handle p) {
        return choose(r.state(), a, size, replace, p);
      },
      nb::arg("a"), nb::arg("size") = nb::none(), nb::arg("replace") = true,
      nb::arg("p") = nb::none());
  g.def(
      "permutation", [](Generator& r, nb::handle a) { return permute(r.state(), a); },
      nb::arg("x"));
  g.def(
      "shuffle", [](Generator& r, NDArray& a) { r.shuffle(a); }, nb::arg("x"));
  m.def("default_rng", &random::default_rng, nb::arg("seed") = nb::none());
}

}  // namespace

void bind_random(nb::module_& m) {
  nb::module_ r = m.def_submodule("_random", "ndgpu.random's C++ half");
  bind_random_state(r);
  bind_generator(r);
  r.def("get_random_state", &random::get_random_state);
  r.def("set_random_state", &random::set_random_state, nb::arg("rs"));
  r.def("seed", &random::seed, nb::arg("seed") = nb::none());
  r.def("reset_states", &random::reset_states);
}

}  // namespace ndgpu::py
