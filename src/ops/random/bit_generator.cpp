// numpy.random.BitGenerator's state (engine, seed, calls) and random_raw.
#include <random>

#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"

namespace ndgpu::random {
namespace {

const Sampler kRaw{"raw", SamplerKind::Raw, "", ""};

}  // namespace

BitGenerator::BitGenerator(Engine engine, std::optional<uint64_t> s) : engine_(engine) {
  seed(s);
}

void BitGenerator::seed(std::optional<uint64_t> s) {
  if (s) {
    seed_ = *s;
  } else {
    std::random_device os;
    seed_ = (uint64_t(os()) << 32) | os();
  }
  calls_ = 0;
}

NDArray BitGenerator::random_raw(const Shape& size) {
  return generate(kRaw, *this, size, DType::UInt64);
}

}  // namespace ndgpu::random
