// Parameter types: scalars, CUDA's vector types, pointers and declared structs.
#include "kernel/raw/cuda_types.hpp"

#include <algorithm>

#include "kernel/raw/cuda_tokens.hpp"

namespace ndgpu::kernel {
namespace {

size_t round_up(size_t n, size_t a) {
  return a ? (n + a - 1) / a * a : n;
}

struct VectorType {
  DType lane;
  int lanes;
  TypeLayout layout;
};

// CUDA's built-in vector types (vector_types.h): a 2-vector is aligned to its size, a
// 3-vector to its element, a 4-vector to min(size, 16); CUDA 13's _16a/_32a say theirs.
std::optional<VectorType> vector_type(const std::string& name) {
  static const std::map<std::string, DType> kLanes = {
      {"char", DType::Int8},        {"uchar", DType::UInt8},   {"short", DType::Int16},
      {"ushort", DType::UInt16},    {"int", DType::Int32},     {"uint", DType::UInt32},
      {"long", DType::Int64},       {"ulong", DType::UInt64},  {"longlong", DType::Int64},
      {"ulonglong", DType::UInt64}, {"float", DType::Float32}, {"double", DType::Float64}};
  if (name == "dim3") return vector_type("uint3");
  std::string n = name;
  size_t forced = 0;
  for (auto [suffix, align] : {std::pair{"_16a", 16}, std::pair{"_32a", 32}}) {
    if (n.size() > 4 && n.compare(n.size() - 4, 4, suffix) == 0) {
      forced = size_t(align);
      n.resize(n.size() - 4);
    }
  }
  if (n.size() < 2 || n.back() < '1' || n.back() > '4') return std::nullopt;
  auto it = kLanes.find(n.substr(0, n.size() - 1));
  if (it == kLanes.end()) return std::nullopt;
  int lanes = n.back() - '0';
  size_t e = itemsize(it->second);
  if (forced && (lanes != 4 || e != 8)) return std::nullopt;
  size_t align = forced       ? forced
                 : lanes == 2 ? 2 * e
                 : lanes == 4 ? std::min<size_t>(4 * e, 16)
                              : e;
  return VectorType{it->second, lanes, {round_up(lanes * e, align), align}};
}

}  // namespace

ParamType classify_param_type(const std::string& type, const TypeLayouts* declared) {
  // clang-format off
  static const std::map<std::string, DType> kTypes = {
      {"bool", DType::Bool},
      {"char", DType::Int8}, {"signed char", DType::Int8}, {"int8_t", DType::Int8},
      {"unsigned char", DType::UInt8}, {"uint8_t", DType::UInt8},
      {"short", DType::Int16}, {"short int", DType::Int16}, {"signed short", DType::Int16},
      {"int16_t", DType::Int16},
      {"unsigned short", DType::UInt16}, {"unsigned short int", DType::UInt16},
      {"uint16_t", DType::UInt16},
      {"int", DType::Int32}, {"signed", DType::Int32}, {"signed int", DType::Int32},
      {"int32_t", DType::Int32},
      {"unsigned", DType::UInt32}, {"unsigned int", DType::UInt32}, {"uint32_t", DType::UInt32},
      {"long", DType::Int64}, {"long int", DType::Int64}, {"long long", DType::Int64},
      {"long long int", DType::Int64}, {"signed long long", DType::Int64},
      {"int64_t", DType::Int64}, {"ptrdiff_t", DType::Int64}, {"intptr_t", DType::Int64},
      {"unsigned long", DType::UInt64}, {"unsigned long int", DType::UInt64},
      {"unsigned long long", DType::UInt64}, {"unsigned long long int", DType::UInt64},
      {"uint64_t", DType::UInt64}, {"size_t", DType::UInt64}, {"uintptr_t", DType::UInt64},
      {"half", DType::Float16}, {"__half", DType::Float16}, {"float16", DType::Float16},
      {"float", DType::Float32}, {"double", DType::Float64},
      {"complex<float>", DType::Complex64}, {"cuComplex", DType::Complex64},
      {"cuFloatComplex", DType::Complex64},
      {"complex<double>", DType::Complex128}, {"cuDoubleComplex", DType::Complex128}};
  // clang-format on
  std::vector<Token> t = tokenize(type), base;
  int pointers = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string& w = t[i].text;
    if (w == "*") {
      ++pointers;
    } else if (w == "const" || w == "volatile" || w == "__restrict__" || w == "__restrict" ||
               w == "restrict" || w == "struct" || w == "class" || w == "union") {
    } else if (t[i].kind == Token::Ident && i + 1 < t.size() && is(t[i + 1], "::") &&
               (w == "std" || w == "thrust" || w == "cuda" || w == "ndgpu")) {
      ++i;  // a namespace in front of complex<T> or size_t
    } else if (w == "&") {
      return {};
    } else {
      base.push_back(t[i]);
    }
  }
  std::string b = join(base);
  if (declared && !kTypes.count(b)) {
    if (auto target = declared->alias(b)) {  // typedef float real; -> real* is float*
      ParamType pt = classify_param_type(*target + std::string(size_t(pointers), '*'), declared);
      return pt;
    }
  }
  ParamType pt;
  pt.kind = pointers ? ParamType::Pointer : ParamType::Value;
  if (pointers > 1 || (pointers == 1 && (b == "void" || b == "char" || b == "signed char" ||
                                         b == "unsigned char"))) {
    pt.any_pointer = true;
    return pt;
  }
  if (auto it = kTypes.find(b); it != kTypes.end()) {
    pt.dtype = it->second;
    pt.layout = TypeLayout{itemsize(it->second), itemsize(it->second)};
  } else if (auto v = vector_type(b)) {
    pt.dtype = v->lane;
    pt.lanes = v->lanes;
    pt.layout = v->layout;
  } else if (declared && declared->declares(b)) {
    pt.layout = declared->find(b);
  } else if (!pointers) {
    pt.kind = ParamType::Unknown;
  }
  if (pointers) pt.layout = TypeLayout{8, 8};
  return pt;
}

}  // namespace ndgpu::kernel
