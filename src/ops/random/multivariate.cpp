// RandomState's vector-valued distributions (dirichlet, multinomial, multivariate_normal) and
// bytes. Each row of the last axis is one element of the stream, so a row's numbers depend
// only on the seed, the call and the row's index.
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.hpp"
#include "ops/random/generate.hpp"
#include "ops/random/params.hpp"

namespace ndgpu::random {
namespace {

struct RowKernel {
  std::string name, params, body;  // params after "uint64 seed, uint64 call"
};

// Dirichlet: a row of gammas over their sum (zeros where every alpha is 0, as NumPy).
const RowKernel kDirichlet{
    "dirichlet", "int64 k, raw float64 alpha",
    "ndgpu::rng::BasicStream<_Engine> _s(seed, call, (unsigned long long)i);\n"
    "double _total = 0;\n"
    "for (long long j = 0; j < k; ++j) {\n"
    "  const double g = ndgpu::rng::standard_gamma(_s, alpha[j]);\n"
    "  out[i * k + j] = (T)g;\n"
    "  _total += g;\n"
    "}\n"
    "for (long long j = 0; j < k; ++j)\n"
    "  out[i * k + j] = _total == 0 ? (T)0 : (T)((double)out[i * k + j] / _total);\n"};

// Multinomial: sequential binomials, q[j] = p[j] / (1 - p[0] - ... - p[j-1]) from the host;
// trials and q are broadcast to the rows (trials[i]) and to the output (q[i * k + j]).
const RowKernel kMultinomial{
    "multinomial", "raw int64 trials, int64 k, raw float64 q",
    "ndgpu::rng::BasicStream<_Engine> _s(seed, call, (unsigned long long)i);\n"
    "long long _left = trials[i];\n"
    "for (long long j = 0; j < k; ++j) {\n"
    "  const long long x = j + 1 < k ? "
    "ndgpu::rng::binomial(_s, _left, q[i * k + j]) : _left;\n"
    "  out[i * k + j] = (T)x;\n"
    "  _left -= x;\n"
    "}\n"};

const kernel::ElementwiseDefinition& row_definition(const RowKernel& r, Engine e, DType t) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<kernel::ElementwiseDefinition>> defs;
  const std::string key = r.name + "_" + dtype_name(t) + "_" + engine_type(e);
  std::lock_guard<std::mutex> lock(mu);
  auto& d = defs[key];
  if (!d)
    d = std::make_unique<kernel::ElementwiseDefinition>(kernel::ElementwiseCode{
        .in_params = "uint64 seed, uint64 call, " + r.params,
        .out_params = "raw T out",
        .operation = r.body,
        .name = "ndgpu_random_" + r.name + "_" + dtype_name(t),
        .preamble =
            std::string("#include \"ndgpu/random.cuh\"\ntypedef ") + engine_type(e) + " _Engine;\n",
        .options = {"-fmad=false"}});  // no contraction: the same rounding on every backend
  return *d;
}

// An array of `size` + (k,), each row filled by `r` from the next call of `bits`.
NDArray run_rows(const RowKernel& r, BitGenerator& bits, const Shape& size, int64_t k, DType t,
                 std::vector<Operand> args) {
  const uint64_t call = bits.next_call();
  Shape shape = size;
  shape.push_back(k);
  NDArray out = NDArray::empty(shape, t);
  if (out.size() == 0) return out;
  std::vector<Operand> all{Scalar::typed_uint(DType::UInt64, bits.seed_value()),
                           Scalar::typed_uint(DType::UInt64, call)};
  for (auto& a : args) all.push_back(std::move(a));
  all.push_back(out);
  kernel::run_elementwise(row_definition(r, bits.engine(), t), all, out.size() / k);
  return out;
}

std::vector<double> host_doubles(const NDArray& a) {
  std::vector<double> v(size_t(a.size()));
  a.astype(DType::Float64).copy().to_host(v.data());
  return v;
}

// F with F^T F = cov, by `method`; `check` asks that cov be positive semidefinite within tol.
std::vector<double> covariance_factor(const NDArray& cov, int64_t d, const std::string& method,
                                      bool check, double tol) {
  const size_t n = size_t(d);
  std::vector<double> f(n * n, 0.0);
  bool psd = true;
  if (method == "cholesky") {
    std::vector<double> l = host_doubles(linalg::cholesky(cov));  // LinAlgError if not PD
    for (size_t r = 0; r < n; ++r)
      for (size_t c = 0; c < n; ++c) f[r * n + c] = l[c * n + r];
    return f;
  }
  if (method == "eigh") {
    auto [w, u] = linalg::eigh(cov);
    std::vector<double> s = host_doubles(w), v = host_doubles(u);
    for (size_t r = 0; r < n; ++r) {
      psd = psd && s[r] >= -tol;
      for (size_t c = 0; c < n; ++c) f[r * n + c] = std::sqrt(std::abs(s[r])) * v[c * n + r];
    }
  } else {
    linalg::SVDResult usv = linalg::svd(cov);
    std::vector<double> s = host_doubles(usv.S), vh = host_doubles(usv.Vh);
    for (size_t r = 0; r < n; ++r)
      for (size_t c = 0; c < n; ++c) f[r * n + c] = std::sqrt(s[r]) * vh[r * n + c];
    std::vector<double> c0 = host_doubles(cov);  // NumPy's test: allclose(F^T F, cov)
    for (size_t r = 0; r < n; ++r)
      for (size_t c = 0; c < n; ++c) {
        double dot = 0;
        for (size_t k = 0; k < n; ++k) dot += f[k * n + r] * f[k * n + c];
        psd = psd && std::abs(dot - c0[r * n + c]) <= tol + tol * std::abs(c0[r * n + c]);
      }
  }
  if (check && !psd) throw ValueError("covariance is not symmetric positive-semidefinite.");
  return f;
}

}  // namespace

NDArray RandomState::dirichlet(const NDArray& alpha, const Shape& size, DType dtype) {
  if (alpha.ndim() != 1) throw ValueError("object of too small depth for desired array");
  std::vector<double> a = host_doubles(alpha);
  // The Generator allows alpha = 0 (-0.0 too), RandomState not; NaN passes both.
  for (double x : a) require(legacy_ ? !(x <= 0) : !(x < 0), legacy_ ? "alpha <= 0" : "alpha < 0");
  const int64_t k = int64_t(a.size());
  return run_rows(kDirichlet, *bits_, size, k, float_dtype(dtype),
                  {Scalar::py_int(k), from_host(a.data(), Shape{k}, DType::Float64)});
}

NDArray RandomState::multinomial(IntParam n, const NDArray& pvals, const Size& size, DType dtype) {
  require_each([](int64_t x) { return x >= 0; }, "n < 0", n);
  if (pvals.ndim() == 0) throw ValueError("pvals must be a 1-d sequence");
  std::vector<double> p = host_doubles(pvals);
  const int64_t k = pvals.shape().back();
  // Each row of pvals (its last axis) gives its own conditional probabilities.
  std::vector<double> q(p.size());
  for (size_t row = 0; row < p.size(); row += size_t(k)) {
    double below = 0;  // the mass of the categories before j
    for (size_t j = row; j < row + size_t(k); ++j) {
      require(p[j] >= 0 && p[j] <= 1, "pvals < 0, pvals > 1 or pvals contains NaNs");
      q[j] = below < 1 ? std::min(1.0, p[j] / (1 - below)) : 0.0;
      if (j + 1 < row + size_t(k)) below += p[j];
    }
    require(below <= 1.0 + 1e-12, "sum(pvals[:-1]) > 1.0");
  }
  if (!is_integer(dtype)) throw TypeError("multinomial: an integer dtype is required");
  // The rows: n's shape broadcast with pvals' leading axes (and to size, when given).
  Shape batch(pvals.shape().begin(), pvals.shape().end() - 1);
  const NDArray trials = n.array ? n.array->astype(DType::Int64, false)
                                 : full(Shape{}, Scalar::py_int(n.value), DType::Int64);
  Shape rows = broadcast_shapes(std::vector<Shape>{trials.shape(), batch});
  if (size) {
    if (broadcast_shapes(std::vector<Shape>{rows, *size}) != *size)
      throw ValueError("shape mismatch: n and pvals of shape " + shape_str(rows) +
                       " cannot be broadcast to size " + shape_str(*size));
    rows = *size;
  }
  Shape shape = rows;
  shape.push_back(k);
  const NDArray qs = from_host(q.data(), pvals.shape(), DType::Float64);
  return run_rows(kMultinomial, *bits_, rows, k, dtype,
                  {trials.broadcast_to(rows), Scalar::py_int(k), qs.broadcast_to(shape)});
}

NDArray RandomState::multivariate_normal(const NDArray& mean, const NDArray& cov, const Shape& size,
                                         const std::string& check_valid, double tol,
                                         const std::string& method, DType dtype) {
  if (mean.ndim() != 1) throw ValueError("mean must be 1 dimensional");
  if (cov.ndim() != 2 || cov.shape()[0] != cov.shape()[1])
    throw ValueError("cov must be 2 dimensional and square");
  const int64_t d = mean.size();
  if (cov.shape()[0] != d) throw ValueError("mean and cov must have same length");
  if (check_valid != "warn" && check_valid != "raise" && check_valid != "ignore")
    throw ValueError("check_valid must equal 'warn', 'raise', or 'ignore'");
  if (method != "cholesky" && method != "svd" && method != "eigh")
    throw ValueError("method must be one of {'cholesky', 'eigh', 'svd'}");
  float_dtype(dtype);
  std::vector<double> f = covariance_factor(cov, d, method, check_valid == "raise", tol);
  Shape shape = size;
  shape.push_back(d);
  NDArray z = standard_normal(shape, DType::Float64);
  NDArray x =
      add(matmul(z, from_host(f.data(), Shape{d, d}, DType::Float64)), mean.astype(DType::Float64));
  return x.astype(dtype);
}

std::string RandomState::bytes(int64_t length) {
  if (length < 0) throw ValueError("negative dimensions are not allowed");
  NDArray b = randint(0, 256, Shape{length}, DType::UInt8);
  std::string out(size_t(length), '\0');
  if (length) b.to_host(out.data());
  return out;
}

}  // namespace ndgpu::random
