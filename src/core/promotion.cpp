// NumPy 2 promotion: promote_types, can_cast and result_type with weak Python scalars.
#include <algorithm>

#include "ndgpu/dtype.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
namespace {

int bits(DType t) {
  return int(itemsize(t)) * 8;
}

DType signed_of_bits(int b) {
  switch (b) {
    case 8:
      return DType::Int8;
    case 16:
      return DType::Int16;
    case 32:
      return DType::Int32;
    default:
      return DType::Int64;
  }
}

// The smallest float that holds every value of an integer type, as NumPy chooses it.
DType float_for_int(DType t) {
  if (bits(t) <= 8) return DType::Float16;
  if (bits(t) <= 16) return DType::Float32;
  return DType::Float64;
}

DType complex_for_float(DType f) {
  return f == DType::Float64 ? DType::Complex128 : DType::Complex64;
}

// Order of kinds for same_kind casting: b < u < i < f < c.
int kind_rank(DType t) {
  switch (kind(t)) {
    case DTypeKind::Bool:
      return 0;
    case DTypeKind::UInt:
      return 1;
    case DTypeKind::Int:
      return 2;
    case DTypeKind::Float:
      return 3;
    case DTypeKind::Complex:
      return 4;
  }
  return 0;
}

// NumPy's type number, which decides the "main" dtype of a sequence (float16 is last).
int numpy_type_num(DType t) {
  switch (t) {
    case DType::Bool:
      return 0;
    case DType::Int8:
      return 1;
    case DType::UInt8:
      return 2;
    case DType::Int16:
      return 3;
    case DType::UInt16:
      return 4;
    case DType::Int32:
      return 5;
    case DType::UInt32:
      return 6;
    case DType::Int64:
      return 7;
    case DType::UInt64:
      return 8;
    case DType::Float32:
      return 11;
    case DType::Float64:
      return 12;
    case DType::Complex64:
      return 14;
    case DType::Complex128:
      return 15;
    case DType::Float16:
      return 23;
  }
  return 0;
}

}  // namespace

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  DTypeKind ka = kind(a), kb = kind(b);
  if (kind_rank(a) > kind_rank(b) || (ka == DTypeKind::Int && kb == DTypeKind::UInt)) {
    std::swap(a, b);
    std::swap(ka, kb);
  }
  // Now kind_rank(a) <= kind_rank(b), and for mixed ints a is unsigned.
  if (ka == kb) return bits(a) >= bits(b) ? a : b;
  if (ka == DTypeKind::UInt && kb == DTypeKind::Int) {
    if (bits(b) > bits(a)) return b;
    return bits(a) == 64 ? DType::Float64 : signed_of_bits(bits(a) * 2);
  }
  if (kb == DTypeKind::Float) {  // a is an integer
    DType f = float_for_int(a);
    return bits(f) >= bits(b) ? f : b;
  }
  // b is complex
  if (ka == DTypeKind::Float) return complex_for_float(bits(a) > bits(b) / 2 ? a : real_dtype(b));
  DType f = float_for_int(a);
  return bits(f) > bits(b) / 2 ? complex_for_float(f) : b;
}

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::No:
    case Casting::Equiv:
      return from == to;
    case Casting::Safe:
      return promote_types(from, to) == to;
    case Casting::SameKind:
      return promote_types(from, to) == to || kind_rank(from) <= kind_rank(to);
    case Casting::Unsafe:
      return true;
  }
  return false;
}

PromotionOperand PromotionOperand::scalar(WeakKind k) {
  return {default_dtype(k), true, k};
}

DType default_dtype(WeakKind k) {
  switch (k) {
    case WeakKind::Bool:
      return DType::Bool;
    case WeakKind::Int:
      return DType::Int64;
    case WeakKind::Float:
      return DType::Float64;
    case WeakKind::Complex:
      return DType::Complex128;
  }
  return DType::Float64;
}

DType result_type(std::span<const PromotionOperand> operands) {
  if (operands.empty()) throw ValueError("at least one array or dtype is required");
  bool have_strong = false;
  DType main = DType::Bool;
  WeakKind weak = WeakKind::Bool;
  bool have_weak = false;
  for (const auto& op : operands) {
    if (op.weak) {
      weak = std::max(weak, op.weak_kind);
      have_weak = true;
    } else if (!have_strong || numpy_type_num(op.dtype) > numpy_type_num(main)) {
      main = op.dtype;
      have_strong = true;
    }
  }
  // Promotion is not associative (int8, uint8 -> int16, but int8, uint8, float16 -> float16),
  // so, as NumPy's PyArray_PromoteDTypeSequence, each dtype is promoted with the "main" one
  // (highest type number) first, and those results are then reduced.
  DType strong = main;
  for (const auto& op : operands)
    if (!op.weak) strong = promote_types(strong, promote_types(main, op.dtype));
  if (!have_strong) return default_dtype(weak);
  if (!have_weak) return strong;
  // A weak scalar keeps the strong type unless its kind is higher (NEP 50).
  switch (weak) {
    case WeakKind::Bool:
      return strong;
    case WeakKind::Int:
      return strong == DType::Bool ? DType::Int64 : strong;
    case WeakKind::Float:
      return is_inexact(strong) ? strong : DType::Float64;
    case WeakKind::Complex:
      if (is_complex(strong)) return strong;
      if (is_floating(strong)) return complex_for_float(strong);
      return DType::Complex128;
  }
  return strong;
}

}  // namespace ndgpu
