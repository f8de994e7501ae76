// The module-level RandomState and numpy.random.Generator, both over the Philox stream.
#include <memory>
#include <mutex>

#include "ndgpu/errors.hpp"
#include "ndgpu/random.hpp"

namespace ndgpu::random {
namespace {

std::mutex state_mu;
std::shared_ptr<RandomState> global_state;

}  // namespace

std::shared_ptr<RandomState> get_random_state() {
  std::lock_guard<std::mutex> lock(state_mu);
  if (!global_state) global_state = std::make_shared<RandomState>();
  return global_state;
}

void set_random_state(std::shared_ptr<RandomState> state) {
  if (!state) throw TypeError("set_random_state: a RandomState is required");
  std::lock_guard<std::mutex> lock(state_mu);
  global_state = std::move(state);
}

void seed(std::optional<uint64_t> s) {
  get_random_state()->seed(s);
}

void reset_states() {
  std::lock_guard<std::mutex> lock(state_mu);
  global_state.reset();
}

NDArray Generator::random(const Shape& size, DType dtype) {
  return state_.random_sample(size, dtype);
}

NDArray Generator::standard_normal(const Shape& size, DType dtype) {
  return state_.standard_normal(size, dtype);
}

NDArray Generator::normal(double loc, double scale, const Shape& size) {
  return state_.normal(loc, scale, size);
}

NDArray Generator::uniform(double low, double high, const Shape& size) {
  return state_.uniform(low, high, size);
}

NDArray Generator::exponential(double scale, const Shape& size) {
  return state_.exponential(scale, size);
}

NDArray Generator::integers(int64_t low, std::optional<int64_t> high, const Shape& size,
                            DType dtype, bool endpoint) {
  if (!high) high = low, low = 0;
  if (endpoint) {
    if (low > *high) throw ValueError("low > high");
    return state_.randint(low, *high + 1, size, dtype);
  }
  return state_.randint(low, *high, size, dtype);
}

NDArray Generator::choice(int64_t a, const Shape& size, bool replace, const OptArray& p) {
  return state_.choice(a, size, replace, p);
}

NDArray Generator::permutation(int64_t n) {
  return state_.permutation(n);
}

NDArray Generator::permutation(const NDArray& a) {
  return state_.permutation(a);
}

void Generator::shuffle(NDArray& a) {
  state_.shuffle(a);
}

Generator default_rng(std::optional<uint64_t> seed) {
  return Generator(seed);
}

}  // namespace ndgpu::random
