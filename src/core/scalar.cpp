// Host scalars: NEP 50 weak Python scalars and typed NumPy scalars.
#include "ndgpu/scalar.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "ndgpu/errors.hpp"
#include "ndgpu/float16.cuh"  // host-side float16 conversion, the same code kernels use

namespace ndgpu {

Scalar Scalar::py_bool(bool v) {
  Scalar s;
  s.rep_ = Rep::Bool;
  s.dtype_ = DType::Bool;
  s.b_ = v;
  return s;
}
Scalar Scalar::py_int(int64_t v) {
  Scalar s;
  s.rep_ = Rep::Int;
  s.dtype_ = DType::Int64;
  s.i_ = v;
  return s;
}
Scalar Scalar::py_uint(uint64_t v) {
  Scalar s;
  s.rep_ = Rep::UInt;
  s.dtype_ = DType::Int64;
  s.u_ = v;
  return s;
}
Scalar Scalar::py_big_int(double nearest) {
  Scalar s = py_float(nearest);  // the value lives where floats keep theirs
  s.rep_ = Rep::BigInt;
  s.dtype_ = DType::Int64;
  return s;
}
Scalar Scalar::py_float(double v) {
  Scalar s;
  s.rep_ = Rep::Float;
  s.dtype_ = DType::Float64;
  s.c_ = {v, 0.0};
  return s;
}
Scalar Scalar::py_complex(std::complex<double> v) {
  Scalar s;
  s.rep_ = Rep::Complex;
  s.dtype_ = DType::Complex128;
  s.c_ = v;
  return s;
}
Scalar Scalar::typed(DType dtype, std::complex<double> v) {
  Scalar s = is_complex(dtype) ? py_complex(v) : py_float(v.real());
  if (dtype == DType::Bool)
    s = py_bool(v.real() != 0.0);
  else if (is_integer(dtype))
    s = py_int(int64_t(v.real()));
  s.dtype_ = dtype;
  s.weak_ = false;
  return s;
}
Scalar Scalar::typed_int(DType dtype, int64_t v) {
  Scalar s = py_int(v);
  s.dtype_ = dtype;
  s.weak_ = false;
  return s;
}
Scalar Scalar::typed_uint(DType dtype, uint64_t v) {
  Scalar s = py_uint(v);
  s.dtype_ = dtype;
  s.weak_ = false;
  return s;
}

WeakKind Scalar::weak_kind() const {
  switch (rep_) {
    case Rep::Bool:
      return WeakKind::Bool;
    case Rep::Int:
    case Rep::UInt:
    case Rep::BigInt:
      return WeakKind::Int;
    case Rep::Float:
      return WeakKind::Float;
    case Rep::Complex:
      return WeakKind::Complex;
  }
  return WeakKind::Int;
}

PromotionOperand Scalar::promotion() const {
  return weak_ ? PromotionOperand::scalar(weak_kind()) : PromotionOperand::strong(dtype_);
}

std::complex<double> Scalar::as_complex() const {
  switch (rep_) {
    case Rep::Bool:
      return b_ ? 1.0 : 0.0;
    case Rep::Int:
      return double(i_);
    case Rep::UInt:
      return double(u_);
    default:
      return c_;
  }
}
double Scalar::as_double() const {
  return as_complex().real();
}
int Scalar::outside_range(DType target) const {
  if (!weak_ || (rep_ != Rep::Int && rep_ != Rep::UInt && rep_ != Rep::BigInt) ||
      !is_integer(target))
    return 0;
  if (rep_ == Rep::BigInt) return c_.real() < 0 ? -1 : 1;
  const bool is_signed = kind(target) == DTypeKind::Int;
  const int bits = int(itemsize(target)) * 8;
  if (rep_ == Rep::UInt) return !is_signed && bits == 64 ? 0 : 1;  // above INT64_MAX
  if (i_ < 0) {
    if (!is_signed) return -1;
    return bits < 64 && i_ < -(int64_t(1) << (bits - 1)) ? -1 : 0;
  }
  const uint64_t max = is_signed ? (uint64_t(1) << (bits - 1)) - 1
                                 : (bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1);
  return uint64_t(i_) > max ? 1 : 0;
}

int64_t Scalar::as_int64() const {
  switch (rep_) {
    case Rep::Bool:
      return b_;
    case Rep::Int:
      return i_;
    case Rep::UInt:
      return int64_t(u_);
    case Rep::BigInt:
      throw OverflowError("Python int too large to convert to C long");
    default:
      return int64_t(c_.real());
  }
}

std::string Scalar::repr() const {
  switch (rep_) {
    case Rep::Bool:
      return b_ ? "True" : "False";
    case Rep::Int:
      return std::to_string(i_);
    case Rep::UInt:
      return std::to_string(u_);
    default:
      return std::to_string(c_.real());
  }
}

namespace {

template <class T>
void store(void* out, T v) {
  std::memcpy(out, &v, sizeof(T));
}

// Integer targets: exact for integer sources, truncation for floats (as NumPy's unsafe cast).
template <class T>
void store_integer(const Scalar& s, bool is_int_source, bool is_uint_source, uint64_t u, int64_t i,
                   double d, bool weak, DType target, void* out) {
  if (is_int_source || is_uint_source) {
    bool fits = is_uint_source
                    ? u <= uint64_t(std::numeric_limits<T>::max())
                    : (i >= int64_t(std::numeric_limits<T>::min()) &&
                       (i < 0 || uint64_t(i) <= uint64_t(std::numeric_limits<T>::max())));
    if (!fits && weak)
      throw OverflowError("Python integer " + s.repr() + " out of bounds for " +
                          dtype_name(target));
    store<T>(out, is_uint_source ? T(u) : T(i));
    return;
  }
  if (std::isnan(d) || std::isinf(d)) {
    store<T>(out, std::numeric_limits<T>::min());
    return;
  }
  store<T>(out, std::is_signed_v<T> ? T(int64_t(d)) : T(uint64_t(d < 0 ? int64_t(d) : d)));
}

}  // namespace

void Scalar::store_as(DType target, void* out) const {
  if (rep_ == Rep::BigInt && is_integer(target))  // NumPy's message for such an int
    throw OverflowError("Python int too large to convert to C long");
  bool int_src = rep_ == Rep::Int || rep_ == Rep::Bool;
  bool uint_src = rep_ == Rep::UInt;
  int64_t iv = rep_ == Rep::Bool ? int64_t(b_) : i_;
  std::complex<double> c = as_complex();
  double d = c.real();
  switch (target) {
    case DType::Bool:
      store<bool>(out, c != std::complex<double>(0.0));
      return;
    case DType::Int8:
      return store_integer<int8_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::Int16:
      return store_integer<int16_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::Int32:
      return store_integer<int32_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::Int64:
      return store_integer<int64_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::UInt8:
      return store_integer<uint8_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::UInt16:
      return store_integer<uint16_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::UInt32:
      return store_integer<uint32_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::UInt64:
      return store_integer<uint64_t>(*this, int_src, uint_src, u_, iv, d, weak_, target, out);
    case DType::Float16:
      store<uint16_t>(out, float_to_half_bits(float(d)));
      return;
    case DType::Float32:
      store<float>(out, float(d));
      return;
    case DType::Float64:
      store<double>(out, d);
      return;
    case DType::Complex64: {
      float v[2] = {float(c.real()), float(c.imag())};
      std::memcpy(out, v, 8);
      return;
    }
    case DType::Complex128: {
      double v[2] = {c.real(), c.imag()};
      std::memcpy(out, v, 16);
      return;
    }
  }
}

}  // namespace ndgpu
