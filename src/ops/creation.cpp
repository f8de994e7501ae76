// Array creation: empty, zeros, ones, full, arange, linspace, eye.
#include <cmath>
#include <complex>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/creation.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {

NDArray empty(const Shape& shape, DType dtype, Order order) {
  return NDArray::empty(shape, dtype, order);
}

NDArray zeros(const Shape& shape, DType dtype, Order order) {
  NDArray a = NDArray::empty(shape, dtype, order);
  fill(a, Scalar::py_int(0));
  return a;
}

NDArray ones(const Shape& shape, DType dtype, Order order) {
  NDArray a = NDArray::empty(shape, dtype, order);
  fill(a, Scalar::py_int(1));
  return a;
}

NDArray full(const Shape& shape, const Scalar& value, std::optional<DType> dtype, Order order) {
  NDArray a = NDArray::empty(shape, dtype.value_or(value.dtype()), order);
  fill(a, value);
  return a;
}

namespace {

const kernel::ElementwiseDefinition& ramp_def() {
  // Computed in double and cast once, so integer and float results match NumPy's.
  static const kernel::ElementwiseDefinition d(
      {.in_params = "float64 start, float64 step, float64 stop, bool endpoint",
       .out_params = "T y",
       .operation = "y = ndgpu::cast<T>((endpoint && i == _ind.size() - 1) ? stop : (double)i * "
                    "step + start)",
       .name = "ndgpu_ramp"});
  return d;
}

// linspace with an integer dtype rounds towards -inf, as NumPy 2 does.
const kernel::ElementwiseDefinition& floor_ramp_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "float64 start, float64 step, float64 stop, bool endpoint",
       .out_params = "T y",
       .operation = "y = ndgpu::cast<T>(floor((endpoint && i == _ind.size() - 1) ? stop : "
                    "(double)i * step + start))",
       .name = "ndgpu_floor_ramp"});
  return d;
}

const kernel::ElementwiseDefinition& int_ramp_def() {
  static const kernel::ElementwiseDefinition d({.in_params = "int64 start, int64 step",
                                                .out_params = "T y",
                                                .operation = "y = (T)(start + (long long)i * step)",
                                                .name = "ndgpu_int_ramp"});
  return d;
}

// Complex ramps run the real ramp's arithmetic on each part.
const kernel::ElementwiseDefinition& complex_ramp_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "float64 sr, float64 si, float64 dr, float64 di, float64 er, float64 ei, "
                    "bool endpoint",
       .out_params = "T y",
       .operation = "y = (endpoint && i == _ind.size() - 1) ? T(er, ei) : T((double)i * dr + "
                    "sr, (double)i * di + si)",
       .name = "ndgpu_complex_ramp"});
  return d;
}

}  // namespace

NDArray arange(const Scalar& start, const Scalar& stop, const Scalar& step,
               std::optional<DType> dtype) {
  std::vector<PromotionOperand> ops{start.promotion(), stop.promotion(), step.promotion()};
  DType natural = result_type(ops);
  DType t = dtype.value_or(natural);
  if (is_complex(natural))
    throw NotImplementedError("arange with complex start, stop or step is not implemented");
  bool integral = is_integer(natural) || natural == DType::Bool;
  int64_t n;
  if (integral) {
    int64_t a = start.as_int64(), b = stop.as_int64(), s = step.as_int64();
    if (s == 0) throw ZeroDivisionError("division by zero");
    // In 128 bits: stop - start spans up to 2**64 (arange(-2**63, 2**63 - 1)).
    __int128 d = __int128(b) - a, len = s > 0 ? (d + s - 1) / s : (-d - s - 1) / -__int128(s);
    if (len > INT64_MAX) throw ValueError("Maximum allowed size exceeded");
    n = d == 0 || (d > 0) != (s > 0) ? 0 : int64_t(len);
  } else {
    double a = start.as_double(), b = stop.as_double(), s = step.as_double();
    if (s == 0) throw ZeroDivisionError("division by zero");
    double len = std::ceil((b - a) / s);
    if (std::isnan(len)) throw ValueError("arange: cannot compute length");
    if (len >= 0x1p63) throw ValueError("Maximum allowed size exceeded");
    n = std::max<int64_t>(0, int64_t(std::max(len, -1.0)));
  }
  NDArray out = NDArray::empty(Shape{n}, t);
  std::vector<Operand> args;
  if (integral && is_integer(t)) {
    args = {Scalar::py_int(start.as_int64()), Scalar::py_int(step.as_int64()), out};
    kernel::run_elementwise(int_ramp_def(), args);
  } else {
    // NumPy steps by the difference of the first two values, not by `step` itself.
    double a = start.as_double(), delta = (a + step.as_double()) - a;
    args = {Scalar::py_float(a), Scalar::py_float(delta), Scalar::py_float(0.0),
            Scalar::py_bool(false), out};
    kernel::run_elementwise(ramp_def(), args);
  }
  return out;
}

NDArray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 std::optional<DType> dtype) {
  return linspace(start, stop, num, endpoint, dtype, nullptr);
}

NDArray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 std::optional<DType> dtype, Scalar* step_out) {
  if (num < 0)
    throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  std::vector<PromotionOperand> ops{start.promotion(), stop.promotion(),
                                    PromotionOperand::scalar(WeakKind::Float)};
  DType natural = result_type(ops);
  DType t = dtype.value_or(natural);
  int64_t div = endpoint ? num - 1 : num;
  std::complex<double> a = start.as_complex(), b = stop.as_complex();
  std::complex<double> step = div > 0 ? (b - a) / double(div) : std::complex<double>(NAN, 0);
  if (step_out)
    *step_out = is_complex(natural) ? Scalar::py_complex(step) : Scalar::py_float(step.real());
  if (div <= 0) step = 0;
  bool last = endpoint && num > 1;
  if (is_complex(natural)) {
    NDArray out = NDArray::empty(Shape{num}, is_complex(t) ? t : DType::Complex128);
    std::vector<Operand> args{Scalar::py_float(a.real()),    Scalar::py_float(a.imag()),
                              Scalar::py_float(step.real()), Scalar::py_float(step.imag()),
                              Scalar::py_float(b.real()),    Scalar::py_float(b.imag()),
                              Scalar::py_bool(last),         out};
    kernel::run_elementwise(complex_ramp_def(), args);
    return out.dtype() == t ? out : out.astype(t);
  }
  NDArray out = NDArray::empty(Shape{num}, t);
  std::vector<Operand> args{Scalar::py_float(a.real()), Scalar::py_float(step.real()),
                            Scalar::py_float(b.real()), Scalar::py_bool(last), out};
  kernel::run_elementwise(is_integer(t) ? floor_ramp_def() : ramp_def(), args);
  return out;
}

NDArray eye(int64_t n, std::optional<int64_t> m, int64_t k, DType dtype) {
  int64_t cols = m.value_or(n);
  if (n < 0 || cols < 0) throw ValueError("negative dimensions are not allowed");
  static const kernel::ElementwiseDefinition def(
      {.in_params = "int64 cols, int64 k",
       .out_params = "T y",
       .operation = "y = ndgpu::cast<T>((long long)(i % cols) - (long long)(i / cols) == k)",
       .name = "ndgpu_eye"});
  NDArray out = NDArray::empty(Shape{n, cols}, dtype);
  if (out.size() == 0) return out;
  std::vector<Operand> args{Scalar::py_int(cols), Scalar::py_int(k), out};
  kernel::run_elementwise(def, args);
  return out;
}

}  // namespace ndgpu
