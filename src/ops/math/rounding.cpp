// Rounding, complex parts and value cleaning: around, fix, real/imag, angle, real_if_close,
// nan_to_num, sinc, i0.
#include <cmath>
#include <numbers>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/math_routines.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/math/routine_helpers.hpp"

namespace ndgpu {
using math::uf;
using math::uf_into;

namespace {

NDArray into_out(NDArray r, const OptArray& out) {
  if (!out) return r;
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

// A complex array's real or imaginary part as a view of the same memory.
NDArray complex_part(const NDArray& a, bool imaginary) {
  const DType part = real_dtype(a.dtype());
  const int64_t offset = a.offset() + (imaginary ? int64_t(itemsize(part)) : 0);
  return NDArray(a.storage(), offset, a.shape(), a.strides(), part, std::make_shared<NDArray>(a));
}

}  // namespace

// NumPy's: scale by 10^decimals, rint, scale back, in the array's own float type (integers
// go through float64 and back; with decimals >= 0 they are copied).
NDArray around(const NDArray& a, int64_t decimals, const OptArray& out) {
  const DType t = a.dtype();
  if (!is_inexact(t) && decimals >= 0) return into_out(a.copy(), out);
  if (decimals == 0) return out ? uf_into("rint", {a}, *out) : uf("rint", {a});
  NDArray x = is_inexact(t) ? a : a.astype(DType::Float64);
  const Scalar f = Scalar::py_float(std::pow(10.0, double(decimals < 0 ? -decimals : decimals)));
  NDArray y = uf(decimals > 0 ? "multiply" : "true_divide", {x, f});
  y = uf_into("rint", {y}, y);
  y = uf_into(decimals > 0 ? "true_divide" : "multiply", {y, f}, y);
  return into_out(is_inexact(t) ? y : y.astype(t), out);
}

NDArray round(const NDArray& a, int64_t decimals, const OptArray& out) {
  return around(a, decimals, out);
}

// Rounding towards zero: NumPy's ceil-then-floor is trunc, integers included.
NDArray fix(const NDArray& x, const OptArray& out) {
  return out ? uf_into("trunc", {x}, *out) : uf("trunc", {x});
}

NDArray real(const NDArray& a) {
  return is_complex(a.dtype()) ? complex_part(a, false) : a.view();
}

NDArray imag(const NDArray& a) {
  if (is_complex(a.dtype())) return complex_part(a, true);
  return zeros(a.shape(), a.dtype());
}

void set_real(NDArray& a, const Operand& value) {
  NDArray part = real(a);
  if (const NDArray* v = std::get_if<NDArray>(&value)) {
    copy_into(part, *v);
  } else {
    NDArray b = part;
    fill(b, std::get<Scalar>(value));
  }
}

void set_imag(NDArray& a, const Operand& value) {
  if (!is_complex(a.dtype())) throw TypeError("array does not have imaginary part to set");
  NDArray part = complex_part(a, true);
  if (const NDArray* v = std::get_if<NDArray>(&value))
    copy_into(part, *v);
  else
    fill(part, std::get<Scalar>(value));
}

NDArray angle(const NDArray& z, bool deg) {
  NDArray a = is_complex(z.dtype()) ? uf("arctan2", {imag(z), real(z)})
                                    : uf("arctan2", {Scalar::py_int(0), z});
  if (deg) a = uf_into("multiply", {a, Scalar::py_float(180.0 / std::numbers::pi)}, a);
  return a;
}

NDArray real_if_close(const NDArray& a, double tol) {
  if (!is_complex(a.dtype())) return a;
  if (tol > 1) tol *= math::float_eps(real_dtype(a.dtype()));
  NDArray small = uf("less", {uf("absolute", {imag(a)}), Scalar::py_float(tol)});
  bool all_small = false;
  all(small).to_host(&all_small);
  return all_small ? real(a) : a;
}

NDArray nan_to_num(const NDArray& x, bool copy, double nan, std::optional<double> posinf,
                   std::optional<double> neginf) {
  NDArray r = copy ? x.copy() : x;
  if (!is_inexact(x.dtype())) return r;
  static const kernel::ElementwiseDefinition def(
      {.in_params = "float64 vnan, float64 vpos, float64 vneg",
       .out_params = "T y",
       .operation = "double v = (double)y; if (v != v) y = T(vnan); "
                    "else if (v > 1.7976931348623157e308) y = T(vpos); "
                    "else if (v < -1.7976931348623157e308) y = T(vneg)",
       .name = "ndgpu_nan_to_num"});
  const DType part = real_dtype(x.dtype());
  const double big = math::float_max(part);
  for (bool im : {false, true}) {
    if (im && !is_complex(x.dtype())) break;
    NDArray p = is_complex(x.dtype()) ? complex_part(r, im) : r;
    const Operand args[4] = {Scalar::py_float(nan), Scalar::py_float(posinf.value_or(big)),
                             Scalar::py_float(neginf.value_or(-big)), p};
    kernel::run_elementwise(def, args);
  }
  return r;
}

// sin(pi x) / (pi x), with NumPy's 1e-20 standing in for x = 0.
NDArray sinc(const NDArray& x) {
  NDArray zero = uf("equal", {x, Scalar::py_int(0)});
  NDArray y = uf("multiply",
                 {where(zero, Scalar::py_float(1.0e-20), x), Scalar::py_float(std::numbers::pi)});
  return uf("true_divide", {uf("sin", {y}), y});
}

// The modified Bessel function of order 0 by its power series, whose terms are all positive
// (no cancellation), in double; complex input is refused as NumPy does.
NDArray i0(const NDArray& x) {
  if (is_complex(x.dtype())) throw TypeError("i0 not supported for complex values");
  static const kernel::ElementwiseDefinition def(
      {.in_params = "T x",
       .out_params = "T y",
       .operation = "double q = (double)x * (double)x * 0.25, t = 1.0, s = 1.0; "
                    "for (int k = 1; k < 2000 && t > s * 1e-17; ++k) { t *= q / ((double)k * k); "
                    "s += t; } y = (T)(q != q ? q : s)",
       .name = "ndgpu_i0"});
  const Operand args[1] = {is_floating(x.dtype()) ? x : x.astype(DType::Float64)};
  return kernel::run_elementwise(def, args)[0];
}

}  // namespace ndgpu
