// The module-level RandomState and numpy.random.Generator, both over the Philox stream.
#include <memory>
#include <mutex>

#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"

namespace ndgpu::random {
namespace {

std::mutex state_mu;
std::shared_ptr<RandomState> global_state;

// NumPy's out=: `make(size)` alone, or made with out's shape and copied into it.
template <class Make>
NDArray into(const OptArray& out, const Size& size, DType dtype, Make make) {
  float_dtype(dtype);  // TypeError first, as NumPy
  if (!out) return make(size);
  if (size && *size != out->shape())
    throw ValueError("size must match out.shape when used together");
  if (out->dtype() != dtype)
    throw TypeError(std::string("Supplied output array has the wrong type. Expected ") +
                    dtype_name(dtype) + ", got " + dtype_name(out->dtype()));
  if (!out->c_contiguous())
    throw ValueError(
        "Supplied output array must be C-contiguous, writable, aligned, and in machine "
        "byte-order.");
  NDArray target = *out;  // shares out's storage
  copy_into(target, make(Size(out->shape())));
  return target;
}

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

NDArray Generator::random(const Size& size, DType dtype, const OptArray& out) {
  return into(out, size, dtype,
              [&](const Size& s) { return random_sample(s.value_or(Shape{}), dtype); });
}

NDArray Generator::standard_normal(const Size& size, DType dtype, const OptArray& out) {
  // The standard sampler, as RandomState's: the same numbers as normal(0, 1) less a multiply
  // and an add per value (and the kernel the packs hold for it).
  return into(out, size, dtype, [&](const Size& s) {
    return RandomState::standard_normal(s.value_or(Shape{}), dtype);
  });
}

NDArray Generator::standard_exponential(const Size& size, DType dtype, const OptArray& out) {
  return into(out, size, dtype, [&](const Size& s) { return exponential(1.0, s, dtype); });
}

NDArray Generator::standard_gamma(Param shape, const Size& size, DType dtype, const OptArray& out) {
  return into(out, size, dtype, [&](const Size& s) { return gamma(shape, 1.0, s, dtype); });
}

NDArray Generator::integers(IntParam low, std::optional<IntParam> high, const Size& size,
                            DType dtype, bool endpoint) {
  return bounded_integers(*bit_generator(), low, high, size, dtype, endpoint);
}

Generator default_rng(std::optional<uint64_t> seed) {
  return Generator(seed);
}

}  // namespace ndgpu::random
