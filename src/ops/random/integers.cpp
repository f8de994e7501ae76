// RandomState's integers and orderings: randint (Generator.integers), random_integers,
// permutation, shuffle and choice. Orderings are drawn on the host from the same Philox stream
// (Fisher-Yates).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.cuh"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"
#include "ops/random/params.hpp"

namespace ndgpu::random {
namespace {

const Sampler kIntegers{"integers", SamplerKind::Integer, "int64 low, uint64 range", ""};
const Sampler kWideIntegers{"wide_integers", SamplerKind::WideInteger, "int64 low, uint64 range",
                            ""};

// The inclusive bounds of an integer dtype, as doubles are not exact: in two int64s.
void integer_bounds(DType t, int64_t& lo, int64_t& hi) {
  const int bits = int(itemsize(t)) * 8;
  if (t == DType::Bool) {
    lo = 0, hi = 1;
  } else if (kind(t) == DTypeKind::Int) {
    hi = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
    lo = -hi - 1;
  } else {
    lo = 0;
    hi = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << bits) - 1;
  }
}

}  // namespace

NDArray bounded_integers(BitGenerator& bits, const IntParam& low_or_high,
                         const std::optional<IntParam>& high_arg, const Size& size, DType dtype,
                         bool endpoint) {
  if (!is_integer(dtype) && dtype != DType::Bool)
    throw TypeError(std::string("Unsupported dtype ") + dtype_name(dtype) + " for randint");
  const IntParam low = high_arg ? low_or_high : IntParam(0);
  const IntParam& high = high_arg ? *high_arg : low_or_high;
  int64_t lo, hi;
  integer_bounds(dtype, lo, hi);
  const std::string name = dtype_name(dtype);
  // The largest value drawn (exclusive high: high - 1, kept from wrapping below INT64_MIN).
  auto last = [endpoint](int64_t h) {
    return endpoint || h == std::numeric_limits<int64_t>::min() ? h : h - 1;
  };
  require_each([lo](int64_t l) { return l >= lo; }, "low is out of bounds for " + name, low);
  require_each([&](int64_t h) { return last(h) <= hi; }, "high is out of bounds for " + name, high);
  require_each([&](int64_t l, int64_t h) { return endpoint ? l <= h : l < h; },
               endpoint ? "low > high" : "low >= high", low, high);
  // Each element's range as uint64 (0 stands for 2^64); above 2^32 anywhere takes 64-bit words.
  const Shape shape = param_shape(low, high).value_or(Shape{});
  std::vector<int64_t> lows = spread_values(low, shape), highs = spread_values(high, shape);
  const size_t n = std::max(lows.size(), highs.size());
  std::vector<uint64_t> ranges(n);
  bool wide = false;
  for (size_t k = 0; k < n; ++k) {
    const int64_t l = lows[lows.size() == 1 ? 0 : k], h = last(highs[highs.size() == 1 ? 0 : k]);
    ranges[k] = uint64_t(h) - uint64_t(l) + 1;
    wide = wide || ranges[k] == 0 || ranges[k] > (uint64_t(1) << 32);
  }
  const Sampler& s = wide ? kWideIntegers : kIntegers;
  if (!low.array && !high.array)
    return generate(s, bits, size, dtype,
                    {Scalar::py_int(low.value), Scalar::typed_uint(DType::UInt64, ranges[0])});
  if (lows.size() == 1) lows = std::vector<int64_t>(n, lows[0]);
  return generate(s, bits, size, dtype,
                  {from_host(lows.data(), shape, DType::Int64),
                   from_host(ranges.data(), shape, DType::UInt64)});
}

NDArray RandomState::randint(IntParam low, std::optional<IntParam> high, const Size& size,
                             DType dtype) {
  return bounded_integers(*bits_, low, high, size, dtype, false);
}

NDArray RandomState::random_integers(int64_t low, std::optional<int64_t> high, const Shape& size) {
  if (!high) high = low, low = 1;
  return bounded_integers(*bits_, low, *high, size, DType::Int64, true);
}

NDArray RandomState::tomaxint(const Shape& size) {
  return bounded_integers(*bits_, int64_t(0), std::numeric_limits<int64_t>::max(), size,
                          DType::Int64, true);
}

// Fisher-Yates: swap j draws the first words of element j's stream (Philox: counter
// (j, 0, call)), so the order is the same on every backend.
std::vector<int64_t> RandomState::host_permutation(int64_t n) {
  std::vector<int64_t> order(size_t(std::max<int64_t>(n, 0)));
  std::iota(order.begin(), order.end(), int64_t(0));
  const uint64_t call = bits_->next_call(), seed = bits_->seed_value();
  for (int64_t j = n - 1; j > 0; --j) {
    rng::Words w =
        bits_->engine() == Engine::XORWOW     ? rng::XorwowEngine(seed, call, uint64_t(j)).next4()
        : bits_->engine() == Engine::MRG32k3a ? rng::Mrg32k3aEngine(seed, call, uint64_t(j)).next4()
                                              : rng::draw(seed, call, uint64_t(j), 0);
    const uint64_t word = (uint64_t(w.v[0]) << 32) | w.v[1];
    std::swap(order[size_t(j)], order[size_t(word % uint64_t(j + 1))]);
  }
  return order;
}

NDArray RandomState::permutation(int64_t n) {
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  std::vector<int64_t> order = host_permutation(n);
  return from_host(order.data(), Shape{n}, DType::Int64);
}

NDArray RandomState::permutation(const NDArray& a) {
  NDArray copy = a.copy();
  shuffle(copy);
  return copy;
}

void RandomState::shuffle(NDArray& a) {
  if (a.ndim() == 0) throw TypeError("object of type 'ndarray' has no len()");
  const int64_t n = a.shape()[0];
  std::vector<int64_t> order = host_permutation(n);
  const size_t row = size_t(a.nbytes() / std::max<int64_t>(n, 1));
  std::vector<char> host(size_t(a.nbytes())), shuffled(host.size());
  a.to_host(host.data());
  for (int64_t k = 0; k < n; ++k)
    std::memcpy(shuffled.data() + size_t(k) * row, host.data() + size_t(order[size_t(k)]) * row,
                row);
  NDArray back = from_host(shuffled.data(), a.shape(), a.dtype());
  copy_into(a, back);
}

// `count` distinct indices drawn by weight, as NumPy: rounds of uniforms through the CDF of
// the weights not yet taken, keeping each round's first occurrences, until enough are found.
std::vector<int64_t> RandomState::weighted_distinct(std::vector<double> w, int64_t count) {
  int64_t nonzero = 0;
  for (double x : w) nonzero += x > 0;
  if (nonzero < count) throw ValueError("Fewer non-zero entries in p than size");
  std::vector<int64_t> found;
  std::vector<char> taken(w.size(), 0);
  while (int64_t(found.size()) < count) {
    std::vector<double> u(size_t(count) - found.size()), cdf(w.size());
    random_sample(Shape{int64_t(u.size())}, DType::Float64).to_host(u.data());
    double total = 0;
    for (size_t k = 0; k < w.size(); ++k) cdf[k] = total += w[k];
    for (double x : u) {
      const auto it = std::upper_bound(cdf.begin(), cdf.end(), x * total);
      const size_t pick = std::min<size_t>(size_t(it - cdf.begin()), w.size() - 1);
      if (!taken[pick]) taken[pick] = 1, found.push_back(int64_t(pick));
    }
    for (int64_t k : found) w[size_t(k)] = 0;
  }
  return found;
}

NDArray RandomState::choice(int64_t a, const Shape& size, bool replace, const OptArray& p) {
  int64_t count = 1;
  for (int64_t d : size) count *= d;
  if (a < 0 || (a == 0 && count > 0))
    throw ValueError("a must be greater than 0 unless no samples are taken");
  std::vector<double> cdf;
  if (p) {
    if (p->ndim() != 1) throw ValueError("p must be 1-dimensional");
    if (p->size() != a) throw ValueError("a and p must have same size");
    std::vector<double> w(static_cast<size_t>(a));
    p->astype(DType::Float64).to_host(w.data());
    double total = 0;
    for (double x : w) {
      if (!(x >= 0)) throw ValueError("probabilities are not non-negative");
      total += x;
      cdf.push_back(total);
    }
    if (std::abs(total - 1) > 1e-8) throw ValueError("probabilities do not sum to 1");
  }
  if (!replace) {
    if (count > a)
      throw ValueError("Cannot take a larger sample than population when 'replace=False'");
    if (p) {
      std::vector<double> w(cdf.size());
      for (size_t k = 0; k < w.size(); ++k) w[k] = cdf[k] - (k ? cdf[k - 1] : 0.0);
      std::vector<int64_t> picks = weighted_distinct(w, count);
      return from_host(picks.data(), size, DType::Int64);
    }
    std::vector<int64_t> order = host_permutation(a);
    return from_host(order.data(), size, DType::Int64);
  }
  if (!p) return randint(0, a, size, DType::Int64);
  // Inverse CDF on the host over uniforms drawn on the device.
  std::vector<double> u(static_cast<size_t>(count));
  random_sample(size, DType::Float64).to_host(u.data());
  std::vector<int64_t> picks(u.size());
  for (size_t k = 0; k < u.size(); ++k) {
    auto it = std::upper_bound(cdf.begin(), cdf.end(), u[k] * cdf.back());
    picks[k] = std::min<int64_t>(it - cdf.begin(), a - 1);
  }
  return from_host(picks.data(), size, DType::Int64);
}

NDArray RandomState::choice(const NDArray& a, const Shape& size, bool replace, const OptArray& p) {
  if (a.ndim() != 1) throw ValueError("a must be 1-dimensional");
  NDArray picks = choice(a.size(), size, replace, p);
  std::vector<int64_t> idx(size_t(picks.size()));
  picks.to_host(idx.data());
  const size_t item = size_t(a.itemsize());
  std::vector<char> host(size_t(a.nbytes())), out(idx.size() * item);
  a.to_host(host.data());
  for (size_t k = 0; k < idx.size(); ++k)
    std::memcpy(out.data() + k * item, host.data() + size_t(idx[k]) * item, item);
  return from_host(out.data(), size, a.dtype());
}

}  // namespace ndgpu::random
