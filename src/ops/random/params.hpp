// Distribution parameters (ndgpu::random::Param): NumPy's checks over every value, and the
// operands generate() takes. The checks read array parameters on the host: they are usually
// small next to the samples they shape, and a device reduction would sync all the same.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"

namespace ndgpu::random {

template <class V>
constexpr DType param_dtype() {
  return std::is_integral_v<V> ? DType::Int64 : DType::Float64;
}

// The values of `p` in C order, converted to V; a number is one value.
template <class V>
std::vector<V> host_values(const BasicParam<V>& p) {
  if (!p.array) return {p.value};
  NDArray a = p.array->astype(param_dtype<V>(), false);
  std::vector<V> out(size_t(a.size()));
  a.to_host(out.data());
  return out;
}

// The broadcast shape of the array parameters among `ps` (ValueError as NumPy's on a
// mismatch); none when all are numbers.
template <class... V>
std::optional<Shape> param_shape(const BasicParam<V>&... ps) {
  std::vector<Shape> shapes;
  ((ps.array ? shapes.push_back(ps.array->shape()) : void()), ...);
  if (shapes.empty()) return std::nullopt;
  return broadcast_shapes(shapes);
}

// The values of `p` broadcast to `shape` in C order (a number: its one value).
template <class V>
std::vector<V> spread_values(const BasicParam<V>& p, const Shape& shape) {
  if (!p.array) return {p.value};
  return host_values(BasicParam<V>(p.array->broadcast_to(shape)));
}

// NumPy's check of every value: `ok(values...)` for each element of the parameters
// broadcast together, Error(message) (ValueError unless named) if it fails anywhere.
template <class Error = ValueError, class Ok, class... V>
void require_each(Ok ok, const std::string& message, const BasicParam<V>&... ps) {
  const std::optional<Shape> common = param_shape(ps...);
  if (!common) {
    if (!ok(ps.value...)) throw Error(message);
    return;
  }
  const auto values = std::make_tuple(spread_values(ps, *common)...);
  const size_t n = size_t(shape_size(*common));
  for (size_t k = 0; k < n; ++k) {
    const bool good =
        std::apply([&](const auto&... v) { return ok(v[v.size() == 1 ? 0 : k]...); }, values);
    if (!good) throw Error(message);
  }
}

// `p` as generate() takes it: a Python number (weak: it takes the declared type) or the array.
template <class V>
Operand operand(const BasicParam<V>& p) {
  if (p.array) return *p.array;
  if constexpr (std::is_integral_v<V>)
    return Scalar::py_int(p.value);
  else
    return Scalar::py_float(p.value);
}

// `p` as generate() takes it, once NumPy's check `ok` holds for each of its values. In a
// braced list of operands the checks run in order (list elements are sequenced).
template <class V, class Ok>
Operand checked(const BasicParam<V>& p, Ok ok, const char* message) {
  require_each(ok, message, p);
  return operand(p);
}

// `f` of each value of `p`, computed on the host so that every backend uses the same numbers.
template <class V, class F>
BasicParam<V> map_param(const BasicParam<V>& p, F f) {
  if (!p.array) return BasicParam<V>(f(p.value));
  std::vector<V> v = host_values(p);
  for (V& x : v) x = f(x);
  return BasicParam<V>(from_host(v.data(), p.array->shape(), param_dtype<V>()));
}

}  // namespace ndgpu::random
