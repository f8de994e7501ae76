// Generation kernels of ndgpu::random: one ElementwiseDefinition per sampler and dtype, run
// with `i` as the Philox counter, the seed and the state's call number as scalar parameters.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/random.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::random {

// How a sampler turns Philox words into values.
enum class SamplerKind {
  Uniform,      // `value` of `u`, a uniform in [0, 1) ((0, 1) if `open`): 4 float32 / 2 float64
  Normal,       // `value` of `z`, a standard normal: 4 float32 (inversion) / 2 float64 (a pair)
  Integer,      // low + a word below range (params "int64 low, uint64 range"): 4 per call
  WideInteger,  // the same for ranges above 2^32, from 64-bit words: 2 per call
  Stream,       // `value` of `_s`, the element's own ndgpu::rng::BasicStream: one per element
  Raw,          // the words themselves: 4 per call
};

struct Sampler {
  std::string name;  // unique per sampler: names the kernel and its cached definition
  SamplerKind kind;
  std::string params;  // extra scalar parameters, e.g. "float64 loc, float64 scale"
  std::string value;   // the value's expression (see SamplerKind)
  bool open = false;   // Uniform: u in (0, 1), safe under log
};

// A new C-contiguous array of `dtype`, filled by `sampler` from the next call of `bits`;
// `args` are the values of `sampler.params`, in order: numbers, or arrays that broadcast
// together and with `size` as NumPy's parameters (size none: their broadcast shape; all
// numbers: one value). With arrays, element k reads element k of each broadcast parameter
// through the sampler's second kernel; its numbers are the numbers-only kernel's.
NDArray generate(const Sampler& sampler, BitGenerator& bits, const Size& size, DType dtype,
                 std::vector<Operand> args = {});

// Generator.integers and RandomState.randint: integers in [low, high) ([low, high] with
// `endpoint`; high none: from 0 to low), low and high numbers or arrays.
NDArray bounded_integers(BitGenerator& bits, const IntParam& low,
                         const std::optional<IntParam>& high, const Size& size, DType dtype,
                         bool endpoint);

// NumPy's parameter checks raise ValueError with its message.
inline void require(bool ok, const char* message) {
  if (!ok) throw ValueError(message);
}

// CuPy's dtype= accepts float32 and float64 only.
inline DType float_dtype(DType t) {
  if (t != DType::Float32 && t != DType::Float64)
    throw TypeError(std::string("ndgpu.random only supports float32 and float64, not ") +
                    dtype_name(t));
  return t;
}

// The device type of an engine, for generated sources: "ndgpu::rng::PhiloxEngine", ...
const char* engine_type(Engine engine);

}  // namespace ndgpu::random
