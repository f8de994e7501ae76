// dtype names, sizes and parsing.
#include <string>

#include "ndgpu/dtype.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
namespace {

struct DTypeInfo {
  const char* name;
  const char* ctype;
  char code;
  DTypeKind kind;
  size_t itemsize;
};

constexpr DTypeInfo kInfo[kNumDTypes] = {
    {"bool", "bool", '?', DTypeKind::Bool, 1},
    {"int8", "signed char", 'b', DTypeKind::Int, 1},
    {"int16", "short", 'h', DTypeKind::Int, 2},
    {"int32", "int", 'i', DTypeKind::Int, 4},
    {"int64", "long long", 'l', DTypeKind::Int, 8},
    {"uint8", "unsigned char", 'B', DTypeKind::UInt, 1},
    {"uint16", "unsigned short", 'H', DTypeKind::UInt, 2},
    {"uint32", "unsigned int", 'I', DTypeKind::UInt, 4},
    {"uint64", "unsigned long long", 'L', DTypeKind::UInt, 8},
    {"float16", "float16", 'e', DTypeKind::Float, 2},
    {"float32", "float", 'f', DTypeKind::Float, 4},
    {"float64", "double", 'd', DTypeKind::Float, 8},
    {"complex64", "complex<float>", 'F', DTypeKind::Complex, 8},
    {"complex128", "complex<double>", 'D', DTypeKind::Complex, 16},
};

const DTypeInfo& info(DType t) {
  return kInfo[static_cast<int>(t)];
}

}  // namespace

size_t itemsize(DType t) {
  return info(t).itemsize;
}
DTypeKind kind(DType t) {
  return info(t).kind;
}
const char* dtype_name(DType t) {
  return info(t).name;
}
const char* dtype_ctype(DType t) {
  return info(t).ctype;
}
char dtype_char(DType t) {
  return info(t).code;
}

std::optional<DType> dtype_from_name(std::string_view name) {
  for (int i = 0; i < kNumDTypes; ++i) {
    if (name == kInfo[i].name) return DType(i);
    if (name.size() == 1 && name[0] == kInfo[i].code) return DType(i);
  }
  // NumPy's aliases and kind+size codes.
  struct Alias {
    const char* name;
    DType t;
  };
  static constexpr Alias kAliases[] = {
      {"bool_", DType::Bool},
      {"b1", DType::Bool},
      {"i1", DType::Int8},
      {"i2", DType::Int16},
      {"i4", DType::Int32},
      {"i8", DType::Int64},
      {"u1", DType::UInt8},
      {"u2", DType::UInt16},
      {"u4", DType::UInt32},
      {"u8", DType::UInt64},
      {"f2", DType::Float16},
      {"f4", DType::Float32},
      {"f8", DType::Float64},
      {"c8", DType::Complex64},
      {"c16", DType::Complex128},
      {"int", DType::Int64},
      {"float", DType::Float64},
      {"complex", DType::Complex128},
      {"half", DType::Float16},
      {"single", DType::Float32},
      {"double", DType::Float64},
      {"q", DType::Int64},
      {"Q", DType::UInt64},
      {"intp", DType::Int64},
      {"uintp", DType::UInt64},
      {"byte", DType::Int8},
      {"ubyte", DType::UInt8},
      {"short", DType::Int16},
      {"ushort", DType::UInt16},
      {"intc", DType::Int32},
      {"uintc", DType::UInt32},
      {"longlong", DType::Int64},
      {"ulonglong", DType::UInt64},
      {"csingle", DType::Complex64},
      {"cdouble", DType::Complex128},
  };
  for (const auto& a : kAliases)
    if (name == a.name) return a.t;
  return std::nullopt;
}

DType parse_dtype(std::string_view name) {
  if (auto t = dtype_from_name(name)) return *t;
  throw TypeError("data type '" + std::string(name) + "' not understood");
}

std::optional<Casting> casting_from_name(std::string_view name) {
  if (name == "no") return Casting::No;
  if (name == "equiv") return Casting::Equiv;
  if (name == "safe") return Casting::Safe;
  if (name == "same_kind") return Casting::SameKind;
  if (name == "unsafe") return Casting::Unsafe;
  return std::nullopt;
}

DType real_dtype(DType t) {
  if (t == DType::Complex64) return DType::Float32;
  if (t == DType::Complex128) return DType::Float64;
  return t;
}

}  // namespace ndgpu
