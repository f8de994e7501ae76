// Ranges and grids built from linspace and arange: logspace, geomspace, meshgrid, mgrid,
// ogrid.
#include <cmath>
#include <complex>

#include "ndgpu/creation.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

NDArray ufunc2(const char* name, const Operand& a, const Operand& b) {
  return call_ufunc(name, std::vector<Operand>{a, b})[0];
}

Scalar weak(std::complex<double> v, bool complex) {
  return complex ? Scalar::py_complex(v) : Scalar::py_float(v.real());
}

// Shape of `ndim` ones with `n` at `axis`.
Shape along_axis(int ndim, int axis, int64_t n) {
  Shape s(size_t(ndim), 1);
  s[size_t(axis)] = n;
  return s;
}

}  // namespace

NDArray logspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 const Scalar& base, std::optional<DType> dtype) {
  NDArray y = linspace(start, stop, num, endpoint);
  // NumPy makes `base` an array: a strong float64 (or complex128) operand.
  Scalar b = Scalar::typed(is_complex(base.dtype()) ? DType::Complex128 : DType::Float64,
                           base.as_complex());
  NDArray r = ufunc2("power", b, y);
  return dtype && *dtype != r.dtype() ? r.astype(*dtype) : r;
}

NDArray geomspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                  std::optional<DType> dtype) {
  bool cplx =
      is_complex(start.dtype()) || is_complex(stop.dtype()) || (dtype && is_complex(*dtype));
  std::complex<double> a = start.as_complex(), b = stop.as_complex();
  if (a == 0.0 || b == 0.0) throw ValueError("Geometric sequence cannot include zero");
  // Negative and complex ends: the progression runs between a/sign(a) and b/sign(a).
  std::complex<double> sign = cplx ? a / std::abs(a) : std::complex<double>(a.real() < 0 ? -1 : 1);
  a /= sign;
  b /= sign;
  std::complex<double> la = cplx ? std::log10(a) : std::log10(a.real());
  std::complex<double> lb = cplx ? std::log10(b) : std::log10(b.real());
  DType calc = cplx ? DType::Complex128 : DType::Float64;
  NDArray r = logspace(weak(la, cplx), weak(lb, cplx), num, endpoint, Scalar::py_float(10.0), calc);
  // exp(log(x)) need not be x: the ends are set exactly.
  if (num > 0) setitem(r, std::vector<IndexItem>{int64_t(0)}, weak(a, cplx));
  if (num > 1 && endpoint) setitem(r, std::vector<IndexItem>{int64_t(-1)}, weak(b, cplx));
  r = ufunc2("multiply", r, weak(sign, cplx));
  DType t = dtype.value_or(calc);
  if (is_integer(t)) r = call_ufunc("floor", std::vector<Operand>{r})[0];
  return t == r.dtype() ? r : r.astype(t);
}

std::vector<NDArray> meshgrid(std::span<const NDArray> xi, bool xy, bool sparse, bool copy) {
  int n = int(xi.size());
  std::vector<NDArray> out;
  for (int k = 0; k < n; ++k) {
    int axis = xy && n > 1 && k < 2 ? 1 - k : k;
    out.push_back(xi[size_t(k)].reshape(along_axis(n, axis, -1)));
  }
  if (!sparse) out = broadcast_arrays(out);
  if (copy)
    for (auto& o : out) o = o.copy();
  return out;
}

namespace {

struct GridPlan {
  DType dtype;
  std::vector<int64_t> sizes;
  std::vector<Scalar> steps, starts;
};

// NumPy's nd_grid: sizes from the ranges, one dtype for all (int64 unless a float or
// complex takes part), and each range's step (a count becomes (stop - start) / (count - 1)).
GridPlan plan_grid(std::span<const GridRange> ranges) {
  GridPlan p;
  std::vector<PromotionOperand> ops{PromotionOperand::scalar(WeakKind::Int)};
  for (const auto& r : ranges) {
    ops.push_back(r.start.promotion());
    ops.push_back(r.stop.promotion());
    if (r.count) {
      double n = std::abs(r.step.as_complex());
      ops.push_back(PromotionOperand::scalar(WeakKind::Float));
      p.sizes.push_back(int64_t(n));
      bool c = is_complex(r.start.dtype()) || is_complex(r.stop.dtype());
      int64_t k = int64_t(n);
      p.steps.push_back(k != 1
                            ? weak((r.stop.as_complex() - r.start.as_complex()) / double(k - 1), c)
                            : Scalar::py_int(1));
    } else {
      ops.push_back(r.step.promotion());
      double size = std::ceil((r.stop.as_double() - r.start.as_double()) / r.step.as_double());
      p.sizes.push_back(std::max<int64_t>(0, int64_t(size)));
      p.steps.push_back(r.step);
    }
    p.starts.push_back(r.start);
  }
  p.dtype = result_type(ops);
  return p;
}

NDArray grid_axis(const GridPlan& p, size_t k) {
  NDArray idx = arange(Scalar::py_int(0), Scalar::py_int(p.sizes[k]), Scalar::py_int(1), p.dtype);
  return ufunc2("add", ufunc2("multiply", idx, p.steps[k]), p.starts[k]);
}

}  // namespace

NDArray grid_range(const GridRange& r) {
  if (!r.count) return arange(r.start, r.stop, r.step);
  GridPlan p = plan_grid(std::span<const GridRange>(&r, 1));
  return grid_axis(p, 0);
}

NDArray mgrid(std::span<const GridRange> ranges) {
  GridPlan p = plan_grid(ranges);
  Shape shape{int64_t(ranges.size())};
  for (int64_t s : p.sizes) shape.push_back(s);
  NDArray out = NDArray::empty(shape, p.dtype);
  for (size_t k = 0; k < ranges.size(); ++k) {
    NDArray v = grid_axis(p, k).reshape(along_axis(int(ranges.size()), int(k), p.sizes[k]));
    NDArray dst = out.index(std::vector<IndexItem>{int64_t(k)});
    copy_into(dst, v);
  }
  return out;
}

std::vector<NDArray> ogrid(std::span<const GridRange> ranges) {
  GridPlan p = plan_grid(ranges);
  std::vector<NDArray> out;
  for (size_t k = 0; k < ranges.size(); ++k)
    out.push_back(grid_axis(p, k).reshape(along_axis(int(ranges.size()), int(k), p.sizes[k])));
  return out;
}

}  // namespace ndgpu
