// C++ numbers where Python passes scalars: as weak Python scalars in operations, and as the
// values of cp.array([...]), cp.arange(...) and cp.linspace(...).
#pragma once
#include <complex>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

template <class T>
concept HostNumber = std::is_arithmetic_v<T> || std::is_same_v<T, std::complex<float>> ||
    std::is_same_v<T, std::complex<double>>;

// A C++ number as the Python scalar of its kind: bool, int, float or complex.
template <HostNumber T>
Scalar host_scalar(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return Scalar::py_bool(v);
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    return uint64_t(v) > uint64_t(INT64_MAX) ? Scalar::py_uint(uint64_t(v))
                                             : Scalar::py_int(int64_t(v));
  } else if constexpr (std::is_integral_v<T>) {
    return Scalar::py_int(int64_t(v));
  } else if constexpr (std::is_floating_point_v<T>) {
    return Scalar::py_float(double(v));
  } else {
    return Scalar::py_complex(std::complex<double>(v));
  }
}

// cp.array([1, 2, 3]): the dtype NumPy gives the Python values (int64, float64, bool,
// complex128); float and complex<float> values give float32 and complex64.
template <HostNumber T>
NDArray array(std::initializer_list<T> values) {
  using Stored = std::conditional_t<std::is_same_v<T, bool>, bool,
                                    std::conditional_t<std::is_integral_v<T>, int64_t, T>>;
  std::vector<Stored> host(values.begin(), values.end());
  DType dtype = std::is_same_v<T, bool>                  ? DType::Bool
                : std::is_integral_v<T>                  ? DType::Int64
                : std::is_same_v<T, float>               ? DType::Float32
                : std::is_floating_point_v<T>            ? DType::Float64
                : std::is_same_v<T, std::complex<float>> ? DType::Complex64
                                                         : DType::Complex128;
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<unsigned char> bytes(host.begin(), host.end());
    return from_host(bytes.data(), Shape{int64_t(bytes.size())}, dtype);
  } else {
    return from_host(host.data(), Shape{int64_t(host.size())}, dtype);
  }
}

// arange(stop), arange(start, stop[, step]) and linspace(start, stop[, num]) of numbers.
template <HostNumber T>
NDArray arange(T stop, std::optional<DType> dtype = std::nullopt) {
  return arange(host_scalar(T(0)), host_scalar(stop), host_scalar(T(1)), dtype);
}
template <HostNumber T>
NDArray arange(T start, T stop, T step = T(1), std::optional<DType> dtype = std::nullopt) {
  return arange(host_scalar(start), host_scalar(stop), host_scalar(step), dtype);
}
template <HostNumber T>
NDArray linspace(T start, T stop, int64_t num = 50, bool endpoint = true,
                 std::optional<DType> dtype = std::nullopt) {
  return linspace(host_scalar(start), host_scalar(stop), num, endpoint, dtype);
}

}  // namespace ndgpu
