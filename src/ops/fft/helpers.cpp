// numpy.fft's helpers: sample frequencies, the shifts, and the plan cache's control.
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/fft.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::fft {
namespace {

// NumPy's integer frequencies times 1/(n d), computed as NumPy does (one product each).
NDArray frequencies(const std::vector<int64_t>& k, int64_t n, double d) {
  const double val = 1.0 / (double(n) * d);
  std::vector<double> f(k.size());
  for (size_t i = 0; i < k.size(); ++i) f[i] = double(k[i]) * val;
  return from_host(f.data(), Shape{int64_t(f.size())}, DType::Float64);
}

// NumPy's errors for n: 1/(n d) divides by zero, and a negative size is no shape.
void check_count(int64_t n) {
  if (n == 0) throw ZeroDivisionError("float division by zero");
  if (n < 0) throw ValueError("negative dimensions are not allowed");
}

// `x` rolled by `shift` along `axis`: two slab copies.
NDArray roll_axis(const NDArray& x, int axis, int64_t shift) {
  const int64_t n = x.shape()[size_t(axis)];
  NDArray out = NDArray::empty_on(x.device(), x.shape(), x.dtype());
  if (n == 0 || x.size() == 0) return out;
  const int64_t k = ((shift % n) + n) % n;
  auto slab = [&](const NDArray& a, int64_t start, int64_t stop) {
    std::vector<IndexItem> index(static_cast<size_t>(axis), Slice{});
    index.push_back(Slice{start, stop, 1});
    return a.index(index);
  };
  NDArray tail = slab(out, k, n), head = slab(out, 0, k);
  copy_into(tail, slab(x, 0, n - k));
  if (k) copy_into(head, slab(x, n - k, n));
  return out;
}

NDArray shifted(const NDArray& x, const OptAxes& axes, bool inverse) {
  std::vector<int64_t> ax;
  if (axes) {
    ax = *axes;
  } else {
    for (int64_t k = 0; k < x.ndim(); ++k) ax.push_back(k);
  }
  NDArray r = x;
  for (int64_t a : ax) {
    const int axis = normalize_axis(a, x.ndim());
    const int64_t half = x.shape()[size_t(axis)] / 2;
    r = roll_axis(r, axis, inverse ? -half : half);
  }
  return ax.empty() ? x.copy() : r;
}

}  // namespace

NDArray fftfreq(int64_t n, double d) {
  check_count(n);
  std::vector<int64_t> k(static_cast<size_t>(n));
  const int64_t positive = (n - 1) / 2 + 1;
  for (int64_t i = 0; i < n; ++i) k[size_t(i)] = i < positive ? i : i - n;
  return frequencies(k, n, d);
}

NDArray rfftfreq(int64_t n, double d) {
  check_count(n);
  std::vector<int64_t> k(static_cast<size_t>(n / 2 + 1));
  for (size_t i = 0; i < k.size(); ++i) k[i] = int64_t(i);
  return frequencies(k, n, d);
}

NDArray fftshift(const NDArray& x, const OptAxes& axes) {
  return shifted(x, axes, false);
}
NDArray ifftshift(const NDArray& x, const OptAxes& axes) {
  return shifted(x, axes, true);
}

FftPlanCacheInfo plan_cache(const FftPlanCacheChange& change) {
  const Device d = current_device();
  return backend_for(d).fft_plan_cache(d.index, change);
}

}  // namespace ndgpu::fft
