// NumPy's window functions. The M points are computed on the host with NumPy's formulas and
// uploaded once (windows are short, and this is one transfer instead of a chain of kernels);
// kaiser's Bessel function runs on the device through ndgpu::i0, the same as numpy.i0's.
#include <cmath>
#include <functional>
#include <numbers>
#include <vector>

#include "ndgpu/math_routines.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/ufunc_functions.hpp"

namespace ndgpu {
namespace {

NDArray upload(const std::vector<double>& v) {
  return from_host(v.data(), Shape{int64_t(v.size())}, DType::Float64);
}

// f(n / (M - 1)) over n = arange(1 - M, M, 2), with NumPy's M < 1 and M == 1 cases.
NDArray symmetric_window(double M, const std::function<double(double)>& f) {
  if (!(M >= 1)) return upload({});
  if (M == 1) return upload({1.0});
  const int64_t count = int64_t(std::ceil((M - (1 - M)) / 2));
  std::vector<double> w(static_cast<size_t>(count));
  for (int64_t k = 0; k < count; ++k) w[size_t(k)] = f((1 - M + 2.0 * double(k)) / (M - 1));
  return upload(w);
}

constexpr double kPi = std::numbers::pi;

}  // namespace

NDArray bartlett(double M) {
  return symmetric_window(M, [](double x) { return x <= 0 ? 1 + x : 1 - x; });
}

NDArray blackman(double M) {
  return symmetric_window(
      M, [](double x) { return 0.42 + 0.5 * std::cos(kPi * x) + 0.08 * std::cos(2.0 * kPi * x); });
}

NDArray hamming(double M) {
  return symmetric_window(M, [](double x) { return 0.54 + 0.46 * std::cos(kPi * x); });
}

NDArray hanning(double M) {
  return symmetric_window(M, [](double x) { return 0.5 + 0.5 * std::cos(kPi * x); });
}

NDArray kaiser(double M, double beta) {
  if (M == 1) return upload({1.0});
  // The Bessel function's arguments, then beta's own, divided out after one i0 over all.
  std::vector<double> arg;
  const double alpha = (M - 1) / 2.0;
  for (double n = 0; n < M; n += 1) {
    const double r = (n - alpha) / alpha;
    arg.push_back(beta * std::sqrt(1 - r * r));
  }
  const int64_t m = int64_t(arg.size());
  arg.push_back(beta);
  const NDArray i = i0(upload(arg));
  const IndexItem window[1] = {Slice{0, m, {}}}, at_beta[1] = {int64_t(m)};
  return divide(i.index(window), i.index(at_beta));
}

}  // namespace ndgpu
