// The module-level RandomState and numpy.random.Generator, both over the Philox stream.
#include <memory>
#include <mutex>

#include "ndgpu/errors.hpp"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"

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
  return random_sample(size, dtype);
}

NDArray Generator::integers(IntParam low, std::optional<IntParam> high, const Size& size,
                            DType dtype, bool endpoint) {
  return bounded_integers(*bit_generator(), low, high, size, dtype, endpoint);
}

Generator default_rng(std::optional<uint64_t> seed) {
  return Generator(seed);
}

}  // namespace ndgpu::random
