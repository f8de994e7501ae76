// median, quantile, percentile and their NaN-skipping forms: the reduced axes moved last and
// sorted as rows (NaNs last), then one kernel finds each row's order statistics for every q
// with NumPy's method rules (numpy.quantile's table of virtual indices and gammas).
#include <cmath>

#include "kernel/cache/lookup.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/reduction_builtin.hpp"
#include "ops/sorting/median_rows.hpp"
#include "ops/sorting/weighted_quantile.hpp"

namespace ndgpu {
namespace {

// Method ids of the kernel; kMedian is the mean of the middle pair, as numpy.median.
const std::vector<std::string> kMethods = {"inverted_cdf",
                                           "averaged_inverted_cdf",
                                           "closest_observation",
                                           "interpolated_inverted_cdf",
                                           "hazen",
                                           "weibull",
                                           "linear",
                                           "median_unbiased",
                                           "normal_unbiased",
                                           "lower",
                                           "higher",
                                           "midpoint",
                                           "nearest"};
constexpr int kMedian = 100;

bool discrete(int method) {  // the methods that pick an element, keeping the dtype
  return method == 0 || method == 2 || method == 9 || method == 10 || method == 12;
}

const char* kQuantileBody = R"(
__device__ inline long long boundary(double index, bool take_previous) {
  const double prev = floor(index);
  long long r = (long long)(take_previous ? prev : prev + 1);
  return r < 0 ? 0 : r;
}
__device__ inline double alpha_beta(double n, double q, double a, double b) {
  return n * q + (a + q * (1 - a - b)) - 1;
}

extern "C" __global__ void NAME(const _in_t* sorted, long long rows, long long len,
    const double* qs, long long nq, int method, int skip_nan, _out_t* out, double nan_value) {
  NDGPU_LOOP(long long, t, rows * nq) {
    const long long r = t % rows;
    const double q = qs[t / rows];
    const _in_t* row = sorted + r * len;
    long long n = len;
    if (skip_nan) {  // NaNs sort last: count the others
      long long lo = 0, hi = len;
      while (lo < hi) {
        const long long mid = (lo + hi) >> 1;
        if (IS_NAN(row[mid])) hi = mid; else lo = mid + 1;
      }
      n = lo;
    }
    if (n == 0 || (!skip_nan && IS_NAN(row[n - 1]))) {
      out[t] = ndgpu::cast<_out_t>(n == 0 ? nan_value : ndgpu::cast<double>(row[n - 1]));
      continue;
    }
    long long pick = -1;
    double vi = 0, gamma = 0;
    bool fixed = false;
    const double dn = double(n);
    switch (method) {
      case 0: { const double i = dn * q - 1; pick = boundary(i, i - floor(i) == 0); break; }
      case 2: {
        const double i = dn * q - 1 - 0.5;
        const long long f = (long long)floor(i);
        pick = boundary(i, i - floor(i) == 0 && ((f % 2) + 2) % 2 == 1);
        break;
      }
      case 9: pick = (long long)floor((dn - 1) * q); break;
      case 10: pick = (long long)ceil((dn - 1) * q); break;
      case 12: pick = (long long)rint((dn - 1) * q); break;
      case 1: vi = dn * q - 1; break;
      case 3: vi = alpha_beta(dn, q, 0, 1); break;
      case 4: vi = alpha_beta(dn, q, 0.5, 0.5); break;
      case 5: vi = alpha_beta(dn, q, 0, 0); break;
      case 7: vi = alpha_beta(dn, q, 1.0 / 3, 1.0 / 3); break;
      case 8: vi = alpha_beta(dn, q, 3.0 / 8, 3.0 / 8); break;
      case 11: vi = 0.5 * (floor((dn - 1) * q) + ceil((dn - 1) * q)); break;
      case 100: {  // the mean of the middle pair
        const double a = ndgpu::cast<double>(row[(n - 1) / 2]), b = ndgpu::cast<double>(row[n / 2]);
        // numpy's mean: float32 sums round to float32 (and may overflow); float16 sums are
        // float32 sums, exact here in double.
        out[t] = n % 2 ? ndgpu::cast<_out_t>(a)
                       : ndgpu::cast<_out_t>(SUM_IN_OUT ? double(ndgpu::cast<_out_t>(a + b)) * 0.5
                                                        : (a + b) * 0.5);
        fixed = true;
        break;
      }
      default: vi = (dn - 1) * q;
    }
    if (fixed) continue;
    if (pick >= 0) {
      out[t] = ndgpu::cast<_out_t>(row[pick < n ? pick : n - 1]);
      continue;
    }
    // numpy's _get_indexes and _get_gamma, then _lerp.
    double prev = floor(vi), next = prev + 1;
    if (vi >= dn - 1) prev = next = dn - 1;
    if (vi < 0) prev = next = 0;
    gamma = vi - (vi >= dn - 1 ? -1 : prev);
    if (method == 1) gamma = gamma == 0 ? 0.5 : 1.0;
    if (method == 11) gamma = vi - floor(vi) == 0 ? 0.0 : 0.5;
    // In the result's type, as numpy's arithmetic (float16 rounds at every step).
    const _out_t a = ndgpu::cast<_out_t>(row[(long long)prev]);
    const _out_t b = ndgpu::cast<_out_t>(row[(long long)next]);
    const _out_t g = ndgpu::cast<_out_t>(gamma), diff = b - a;
    out[t] = gamma >= 0.5 ? _out_t(b - diff * (ndgpu::cast<_out_t>(1.0) - g)) : _out_t(a + diff * g);
  }
}
)";

kernel::CompiledKernel quantile_kernel(Device device, DType in, DType out) {
  const std::string name = std::string("ndgpu_quantile_") + dtype_name(in) + "_" + dtype_name(out);
  return kernel::named_kernel(device, name, [&] {
    std::string body = kQuantileBody;
    body.replace(body.find("NAME"), 4, name);
    KernelSource src;
    src.source = "#include \"ndgpu/reduce_ops.cuh\"\n#include \"ndgpu/math.cuh\"\ntypedef " +
                 ops::kernel_ctype(in) + " _in_t;\ntypedef " + ops::kernel_ctype(out) +
                 " _out_t;\n#define SUM_IN_OUT " + (out == DType::Float32 ? "1" : "0") +
                 "\n#define IS_NAN(x) " + (is_inexact(in) ? "ndgpu::isnan_(x)" : "false") + "\n" +
                 body;
    src.entries.push_back({name,
                           {"const _in_t*", "long long", "long long", "const double*", "long long",
                            "int", "int", "_out_t*", "double"}});
    src.name_hint = name;
    // numpy rounds n * q before subtracting: a fused multiply-add moves indices off integers.
    src.options.push_back("-fmad=false");
    return src;
  });
}

int method_id(const std::string& method) {
  for (size_t i = 0; i < kMethods.size(); ++i)
    if (kMethods[i] == method) return int(i);
  std::string known;
  for (const auto& m : kMethods) known += (known.empty() ? "'" : ", '") + m + "'";
  throw ValueError("'" + method + "' is not a valid method. Use one of: dict_keys([" + known +
                   "])");
}

// The dtype numpy returns: the input's for methods that pick an element, else the float of
// (input, gamma) with gamma weak for a Python-scalar q, float64 otherwise.
DType result_dtype(DType in, int method, bool weak_q) {
  if (is_complex(in)) throw TypeError("a must be an array of real numbers");
  if (method != kMedian && discrete(method)) return in;
  if (is_floating(in) && (weak_q || method == kMedian)) return in;
  return DType::Float64;
}

NDArray order_statistics(const NDArray& a, const std::vector<double>& qs, const Shape& q_shape,
                         const std::optional<std::vector<int64_t>>& axis, int method, bool skip_nan,
                         bool weak_q, bool keepdims) {
  check_device(a.device());
  const DType out_t = result_dtype(a.dtype(), method, weak_q);
  // Reduced axes last, merged into rows.
  std::vector<bool> reduced(size_t(a.ndim()), !axis);
  if (axis)
    for (int64_t ax : *axis) {
      const int d = normalize_axis(ax, a.ndim());
      if (reduced[size_t(d)]) throw ValueError("duplicate value in 'axis'");
      reduced[size_t(d)] = true;
    }
  std::vector<int64_t> perm;
  Shape kept, kept_dims;
  int64_t len = 1;
  for (int d = 0; d < a.ndim(); ++d)
    if (!reduced[size_t(d)]) {
      perm.push_back(d);
      kept.push_back(a.shape()[size_t(d)]);
    }
  for (int d = 0; d < a.ndim(); ++d)
    if (reduced[size_t(d)]) {
      perm.push_back(d);
      len *= a.shape()[size_t(d)];
    }
  for (int d = 0; d < a.ndim(); ++d)
    kept_dims.push_back(reduced[size_t(d)] ? 1 : a.shape()[size_t(d)]);
  const int64_t rows = shape_size(kept);
  Device device = current_device();
  NDArray by_rows = ascontiguousarray(a.transpose(perm)).reshape(Shape{rows, len});
  if (method == kMedian && rows > 0)
    if (auto m = ops::sorting::median_rows(by_rows, skip_nan, out_t))
      return m->reshape(keepdims ? kept_dims : kept);
  NDArray sorted = sort(by_rows, {.axis = -1});
  const int64_t nq = int64_t(qs.size());
  NDArray out = NDArray::empty_on(device, Shape{nq, rows}, out_t);
  if (rows * nq > 0) {
    NDArray q_dev = from_host(qs.data(), Shape{nq}, DType::Float64);
    kernel::CompiledKernel k = quantile_kernel(device, a.dtype(), out_t);
    kernel::ArgPack pack;
    pack.push(sorted.data());
    pack.push(static_cast<long long>(rows));
    pack.push(static_cast<long long>(len));
    pack.push(static_cast<const double*>(q_dev.data()));
    pack.push(static_cast<long long>(nq));
    pack.push(method);
    pack.push(int(skip_nan));
    pack.push(out.data());
    pack.push(std::nan(""));
    kernel::launch_elementwise(device, k, rows * nq, pack);
  }
  Shape shape = q_shape;
  for (int64_t s : keepdims ? kept_dims : kept) shape.push_back(s);
  return out.reshape(shape);
}

std::vector<double> checked_q(const NDArray& q, double scale, const char* what) {
  std::vector<double> v(size_t(q.size()));
  q.astype(DType::Float64).to_host(v.data());
  for (double& x : v) {
    x /= scale;
    if (!(x >= 0 && x <= 1)) throw ValueError(std::string(what));
  }
  return v;
}

}  // namespace

NDArray quantile(const NDArray& a, const NDArray& q, const QuantileOptions& o) {
  if (o.weights) return ops::sorting::weighted_quantile(a, q, 1, o, *o.weights);
  return order_statistics(a, checked_q(q, 1, "Quantiles must be in the range [0, 1]"), q.shape(),
                          o.axis, method_id(o.method), false, o.weak_q, o.keepdims);
}
NDArray nanquantile(const NDArray& a, const NDArray& q, const QuantileOptions& o) {
  if (o.weights) return ops::sorting::weighted_quantile(a, q, 1, o, *o.weights, true);
  return order_statistics(a, checked_q(q, 1, "Quantiles must be in the range [0, 1]"), q.shape(),
                          o.axis, method_id(o.method), true, o.weak_q, o.keepdims);
}
NDArray percentile(const NDArray& a, const NDArray& q, const QuantileOptions& o) {
  if (o.weights) return ops::sorting::weighted_quantile(a, q, 100, o, *o.weights);
  return order_statistics(a, checked_q(q, 100, "Percentiles must be in the range [0, 100]"),
                          q.shape(), o.axis, method_id(o.method), false, o.weak_q, o.keepdims);
}
NDArray nanpercentile(const NDArray& a, const NDArray& q, const QuantileOptions& o) {
  if (o.weights) return ops::sorting::weighted_quantile(a, q, 100, o, *o.weights, true);
  return order_statistics(a, checked_q(q, 100, "Percentiles must be in the range [0, 100]"),
                          q.shape(), o.axis, method_id(o.method), true, o.weak_q, o.keepdims);
}
NDArray median(const NDArray& a, const std::optional<std::vector<int64_t>>& axis, bool keepdims) {
  return order_statistics(a, {0.5}, Shape{}, axis, kMedian, false, true, keepdims);
}
NDArray nanmedian(const NDArray& a, const std::optional<std::vector<int64_t>>& axis,
                  bool keepdims) {
  return order_statistics(a, {0.5}, Shape{}, axis, kMedian, true, true, keepdims);
}

}  // namespace ndgpu
