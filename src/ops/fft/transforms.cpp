// numpy.fft's transforms. Each is a list of NumPy's 1-D steps (axis, length) in NumPy's
// order; consecutive steps on distinct axes join into one backend call of rank <= 3 over
// axes moved to the end (a copy when they are not already contiguous there).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/fft.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::fft {
namespace {

enum class Norm { Backward, Ortho, Forward };

Norm parse_norm(const std::string& s) {
  if (s.empty() || s == "backward") return Norm::Backward;
  if (s == "ortho") return Norm::Ortho;
  if (s == "forward") return Norm::Forward;
  throw ValueError("Invalid norm value " + s +
                   "; should be \"backward\",\"ortho\" or \"forward\".");
}

// hfft and ihfft are irfft and rfft of the conjugate with the directions' norms swapped.
std::string swapped(const std::string& s) {
  switch (parse_norm(s)) {
    case Norm::Backward:
      return "forward";
    case Norm::Forward:
      return "backward";
    default:
      return "ortho";
  }
}

double factor(Norm norm, bool inverse, int64_t n) {
  if (norm == Norm::Ortho) return 1.0 / std::sqrt(double(n));
  return (norm == Norm::Backward) == inverse ? 1.0 / double(n) : 1.0;
}

// NumPy 2: float16/32 and complex64 compute in single precision, the rest in double.
bool single(DType t) {
  return t == DType::Float16 || t == DType::Float32 || t == DType::Complex64;
}
DType complex_work(DType t) {
  return single(t) ? DType::Complex64 : DType::Complex128;
}
DType real_work(DType t) {
  return single(t) ? DType::Float32 : DType::Float64;
}

void check_points(int64_t n) {
  if (n < 1)
    throw ValueError("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
}

// `a` cropped or zero-padded to `n` along `axis`.
NDArray resized(const NDArray& a, int axis, int64_t n) {
  const int64_t have = a.shape()[size_t(axis)];
  if (have == n) return a;
  std::vector<IndexItem> head(size_t(axis), Slice{});
  head.push_back(Slice{0, std::min(have, n), 1});
  if (have > n) return a.index(head);
  Shape shape = a.shape();
  shape[size_t(axis)] = n;
  NDArray padded = NDArray::empty_on(a.device(), shape, a.dtype());
  fill(padded, Scalar::py_int(0));
  NDArray part = padded.index(head);
  copy_into(part, a);
  return padded;
}

struct Step {
  int axis;
  int64_t n;  // the transform's length (the real side's for R2C and C2R)
};

// NumPy's irfft ignores the imaginary parts of the zero (and, n even, the Nyquist) terms;
// cuFFT's C2R does not always, so they are zeroed in the C2R input, a copy of its own.
void drop_imaginary_edges(NDArray& in, int64_t n) {
  const int64_t real_size = in.itemsize() / 2;
  const DType real = in.dtype() == DType::Complex64 ? DType::Float32 : DType::Float64;
  for (int64_t k : {int64_t(0), n % 2 == 0 ? n / 2 : int64_t(-1)}) {
    if (k < 0) continue;
    const std::vector<IndexItem> index{EllipsisIndex{}, k};
    const NDArray term = in.index(index);
    NDArray imag(term.storage(), term.offset() + real_size, term.shape(), term.strides(), real,
                 std::make_shared<const NDArray>(in));
    fill(imag, Scalar::py_int(0));
  }
}

// One backend call over the steps' axes; an R2C or C2R axis comes last in `steps`.
NDArray run_group(const NDArray& a, const std::vector<Step>& steps, FftKind kind, bool inverse) {
  const int nd = a.ndim(), rank = int(steps.size());
  AxisList from, to;
  for (int i = 0; i < rank; ++i) from.push_back(steps[size_t(i)].axis), to.push_back(nd - rank + i);
  const DType work = kind == FftKind::R2C ? real_work(a.dtype()) : complex_work(a.dtype());
  NDArray moved = moveaxis(a, from, to);
  // cuFFT may overwrite a C2R input: it gets a copy of its own.
  NDArray in =
      kind == FftKind::C2R ? moved.astype(work, true, Order::C) : ascontiguousarray(moved, work);
  if (kind == FftKind::C2R) drop_imaginary_edges(in, steps.back().n);
  Shape shape = moved.shape();
  const int64_t last = steps.back().n;
  if (kind == FftKind::R2C) shape.back() = last / 2 + 1;
  if (kind == FftKind::C2R) shape.back() = last;
  const DType out_type = kind == FftKind::C2R ? real_work(work) : complex_work(work);
  NDArray out = NDArray::empty_on(a.device(), shape, out_type);
  FftCall c;
  c.kind = kind;
  c.double_precision = !single(work);
  c.inverse = inverse;
  c.rank = rank;
  for (int i = 0; i < rank; ++i) c.n[i] = steps[size_t(i)].n;
  c.batch = shape_size(std::span(shape.data(), size_t(nd - rank)));
  if (c.batch > 0) {
    c.in = in.data(), c.out = out.data(), c.stream = current_stream(a.device());
    backend_for(a.device()).fft(a.device().index, c);
  }
  return moveaxis(out, to, from);
}

// Extends `group` with consecutive steps on axes it lacks, up to 3 in all; the new ones
// ascending, so trailing axes stay where they are.
void take_distinct(const std::vector<Step>& steps, size_t& i, size_t end,
                   std::vector<Step>& group) {
  const size_t kept = group.size();
  for (; i < end && group.size() < 3; ++i) {
    const int axis = steps[i].axis;
    if (std::any_of(group.begin(), group.end(), [&](const Step& s) { return s.axis == axis; }))
      break;
    group.push_back(steps[i]);
  }
  std::sort(group.begin() + long(kept), group.end(),
            [](const Step& x, const Step& y) { return x.axis < y.axis; });
}

// The result into `out` when given (exact shape, a 'same_kind' cast), as NumPy's gufuncs.
NDArray deliver(NDArray r, const OptArray& out, const char* name) {
  if (!out) return r;
  if (out->shape() != r.shape()) throw ValueError("output array has wrong shape.");
  if (!can_cast(r.dtype(), out->dtype(), Casting::SameKind))
    throw TypeError(std::string("Cannot cast ufunc '") + name + "' output from dtype('" +
                    dtype_name(r.dtype()) + "') to dtype('" + dtype_name(out->dtype()) +
                    "') with casting rule 'same_kind'");
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

// Runs NumPy's steps in order: with R2C the first step is the real one, with C2R the last.
NDArray transform(const NDArray& a, const std::vector<Step>& steps, FftKind kind, bool inverse,
                  const std::string& norm_name, const OptArray& out, const char* name) {
  const Norm norm = parse_norm(norm_name);
  if (kind == FftKind::R2C && is_complex(a.dtype()))
    throw TypeError(std::string("ufunc '") + name +
                    "' not supported for the input types: the input must be real");
  double scale = 1;
  for (const Step& s : steps) {
    check_points(s.n);
    const bool step_inverse = kind == FftKind::C2R || (kind == FftKind::C2C && inverse);
    scale *= factor(norm, step_inverse, s.n);
  }
  NDArray x = a;
  size_t i = 0, end = steps.size();
  // The C2R step runs alone, last: cuFFT's multi-dimensional C2R assumes Hermitian symmetry
  // along every axis, NumPy only along the last, so the other axes are C2C first.
  const size_t c2r_begin = kind == FftKind::C2R ? end - 1 : end;
  bool first = true;
  while (i < end) {
    std::vector<Step> group;
    FftKind group_kind = FftKind::C2C;
    if (first && kind == FftKind::R2C) {
      // The real axis leads while steps are taken, and goes last for the call.
      group.push_back(steps[i++]);
      take_distinct(steps, i, end, group);
      std::rotate(group.begin(), group.begin() + 1, group.end());
      group_kind = FftKind::R2C;
    } else if (i == c2r_begin) {
      group.assign(steps.begin() + long(c2r_begin), steps.end() - 1);
      std::sort(group.begin(), group.end(),
                [](const Step& p, const Step& q) { return p.axis < q.axis; });
      group.push_back(steps.back());
      group_kind = FftKind::C2R;
      i = end;
    } else {
      take_distinct(steps, i, kind == FftKind::C2R ? c2r_begin : end, group);
    }
    first = false;
    for (const Step& s : group) {
      const bool half = group_kind == FftKind::C2R && &s == &group.back();
      x = resized(x, s.axis, half ? s.n / 2 + 1 : s.n);
    }
    x = run_group(x, group, group_kind, inverse);
  }
  if (steps.empty())
    x = a.astype(kind == FftKind::C2R ? real_work(a.dtype()) : complex_work(a.dtype()));
  if (scale != 1) {
    const Operand args[2] = {x, Scalar::py_float(scale)};
    const NDArray into[1] = {x};
    call_ufunc("multiply", args, into);
  }
  // NumPy's C2R output dtype is result_type(input, 1.0): float16 stays float16.
  if (kind == FftKind::C2R && a.dtype() == DType::Float16) x = x.astype(DType::Float16);
  return deliver(std::move(x), out, name);
}

std::vector<Step> one_step(const NDArray& a, OptLength n, int64_t axis, bool c2r) {
  const int ax = normalize_axis(axis, a.ndim());
  const int64_t m = a.shape()[size_t(ax)];
  return {Step{ax, n.value_or(c2r ? 2 * (m - 1) : m)}};
}

// NumPy's _cook_nd_args: the axes and lengths of an N-D transform, in argument order.
std::vector<Step> nd_steps(const NDArray& a, const OptAxes& s, const OptAxes& axes, bool c2r) {
  std::vector<int64_t> ax;
  if (axes) {
    ax = *axes;
  } else {
    const int64_t count = s ? int64_t(s->size()) : a.ndim();
    for (int64_t k = -count; k < 0; ++k) ax.push_back(k);
  }
  if (s && s->size() != ax.size()) throw ValueError("Shape and axes have different lengths.");
  std::vector<Step> steps;
  for (size_t k = 0; k < ax.size(); ++k) {
    const int axis = normalize_axis(ax[k], a.ndim());
    const int64_t m = a.shape()[size_t(axis)];
    int64_t n = s && (*s)[k] != -1 ? (*s)[k] : m;
    if (c2r && !s && k + 1 == ax.size()) n = 2 * (m - 1);
    steps.push_back({axis, n});
  }
  return steps;
}

}  // namespace

NDArray fft(const NDArray& a, OptLength n, int64_t axis, const std::string& norm,
            const OptArray& out) {
  return transform(a, one_step(a, n, axis, false), FftKind::C2C, false, norm, out, "fft");
}
NDArray ifft(const NDArray& a, OptLength n, int64_t axis, const std::string& norm,
             const OptArray& out) {
  return transform(a, one_step(a, n, axis, false), FftKind::C2C, true, norm, out, "ifft");
}
NDArray rfft(const NDArray& a, OptLength n, int64_t axis, const std::string& norm,
             const OptArray& out) {
  return transform(a, one_step(a, n, axis, false), FftKind::R2C, false, norm, out, "rfft");
}
NDArray irfft(const NDArray& a, OptLength n, int64_t axis, const std::string& norm,
              const OptArray& out) {
  return transform(a, one_step(a, n, axis, true), FftKind::C2R, true, norm, out, "irfft");
}
NDArray hfft(const NDArray& a, OptLength n, int64_t axis, const std::string& norm,
             const OptArray& out) {
  const NDArray conj = call_ufunc("conjugate", std::vector<Operand>{a})[0];
  return transform(conj, one_step(a, n, axis, true), FftKind::C2R, true, swapped(norm), out,
                   "hfft");
}
NDArray ihfft(const NDArray& a, OptLength n, int64_t axis, const std::string& norm,
              const OptArray& out) {
  NDArray r =
      transform(a, one_step(a, n, axis, false), FftKind::R2C, false, swapped(norm), {}, "ihfft");
  const NDArray into[1] = {r};
  call_ufunc("conjugate", std::vector<Operand>{r}, into);
  return deliver(std::move(r), out, "ihfft");
}

// fftn applies NumPy's 1-D steps from the last axis back, rfftn the real one first, irfftn
// the complex ones first and the real one last.
NDArray fftn(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
             const OptArray& out) {
  std::vector<Step> steps = nd_steps(a, s, axes, false);
  std::reverse(steps.begin(), steps.end());
  return transform(a, steps, FftKind::C2C, false, norm, out, "fftn");
}
NDArray ifftn(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
              const OptArray& out) {
  std::vector<Step> steps = nd_steps(a, s, axes, false);
  std::reverse(steps.begin(), steps.end());
  return transform(a, steps, FftKind::C2C, true, norm, out, "ifftn");
}
NDArray rfftn(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
              const OptArray& out) {
  std::vector<Step> steps = nd_steps(a, s, axes, false);
  if (steps.empty()) throw IndexError("rfftn needs at least one axis");
  std::reverse(steps.begin(), steps.end());
  return transform(a, steps, FftKind::R2C, false, norm, out, "rfftn");
}
NDArray irfftn(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
               const OptArray& out) {
  std::vector<Step> steps = nd_steps(a, s, axes, true);
  if (steps.empty()) throw IndexError("irfftn needs at least one axis");
  return transform(a, steps, FftKind::C2R, true, norm, out, "irfftn");
}
NDArray fft2(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
             const OptArray& out) {
  return fftn(a, s, axes, norm, out);
}
NDArray ifft2(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
              const OptArray& out) {
  return ifftn(a, s, axes, norm, out);
}
NDArray rfft2(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
              const OptArray& out) {
  return rfftn(a, s, axes, norm, out);
}
NDArray irfft2(const NDArray& a, const OptAxes& s, const OptAxes& axes, const std::string& norm,
               const OptArray& out) {
  return irfftn(a, s, axes, norm, out);
}

}  // namespace ndgpu::fft
