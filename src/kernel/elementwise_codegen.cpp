#include "kernel/elementwise_codegen.hpp"

#include <sstream>

namespace ndgpu::kernel {
namespace {

std::string ctype(DType t) {
  std::string c = dtype_ctype(t);
  return c.rfind("complex", 0) == 0 ? "ndgpu::" + c : c;
}

}  // namespace

KernelSource generate_elementwise(const ElementwiseSpec& s) {
  const std::string I = s.index32 ? "int" : "long long";
  const std::string D = std::to_string(s.ndim);
  std::ostringstream src;
  KernelEntry entry;
  entry.name = s.name;

  src << "#include \"ndgpu/elementwise.cuh\"\nusing ndgpu::complex;\n";
  for (auto [letter, t] : s.placeholders) src << "typedef " << ctype(t) << " " << letter << ";\n";
  if (!s.preamble.empty()) src << s.preamble << "\n";

  std::vector<std::string> params;
  for (const auto& a : s.args) {
    const std::string& n = a.param->name;
    std::string type;
    if (a.kind == ArgKind::Raw) {
      type = "ndgpu::RawArray<" + ctype(a.type) + ", " + std::to_string(a.raw_ndim) + ">";
      params.push_back(type + " " + n);
    } else if (a.kind == ArgKind::Scalar) {
      type = ctype(a.type);
      params.push_back(type + " _s_" + n);
    } else if (s.contiguous) {
      type = ctype(a.storage) + "*";
      params.push_back(type + " _p_" + n);
    } else {
      type = "ndgpu::Strided<" + I + ", " + D + ">";
      params.push_back(type + " _p_" + n);
    }
    entry.param_types.push_back(type);
  }
  if (!s.contiguous) {
    std::string type = "ndgpu::Extents<" + I + ", " + D + ">";
    params.push_back(type + " _shape");
    entry.param_types.push_back(type);
  }
  params.push_back("long long _n");
  entry.param_types.push_back("long long");

  src << "extern \"C\" __global__ void " << s.name << "(";
  for (size_t k = 0; k < params.size(); ++k) src << (k ? ", " : "") << params[k];
  src << ") {\n";
  src << "  const ndgpu::IndexInfo _ind{_n};\n";
  if (!s.loop_prep.empty()) src << "  " << s.loop_prep << "\n";
  src << "  NDGPU_LOOP(" << I << ", _i, _n) {\n";
  src << "    const ptrdiff_t i = _i;\n";
  if (!s.contiguous) {
    // Unravel _i once over the collapsed shape; every operand shares the coordinates.
    src << "    " << I << " _rem = _i;\n";
    for (const auto& a : s.args)
      if (a.kind == ArgKind::Array) src << "    " << I << " _o_" << a.param->name << " = 0;\n";
    src << "    #pragma unroll\n";
    src << "    for (int _d = " << s.ndim - 1 << "; _d >= 0; --_d) {\n";
    src << "      " << I << " _c = _rem % _shape.v[_d];\n      _rem /= _shape.v[_d];\n";
    for (const auto& a : s.args)
      if (a.kind == ArgKind::Array)
        src << "      _o_" << a.param->name << " += _c * _p_" << a.param->name << ".strides[_d];\n";
    src << "    }\n";
  }
  std::ostringstream stores;
  for (const auto& a : s.args) {
    const std::string& n = a.param->name;
    std::string ty = ctype(a.type), st = ctype(a.storage);
    if (a.kind == ArgKind::Raw) continue;
    if (a.kind == ArgKind::Scalar) {
      src << "    " << ty << " " << n << " = _s_" << n << ";\n";
      continue;
    }
    std::string ref = s.contiguous ? "_p_" + n + "[_i]"
                                   : "*(" + st + "*)(_p_" + n + ".ptr + _o_" + n + ")";
    if (a.is_output && a.type == a.storage) {
      src << "    " << ty << " &" << n << " = " << ref << ";\n";
    } else if (a.is_output) {
      src << "    " << ty << " " << n << " = ndgpu::cast<" << ty << ">(" << ref << ");\n";
      stores << "    " << ref << " = ndgpu::cast<" << st << ">(" << n << ");\n";
    } else if (a.type == a.storage) {
      src << "    " << ty << " " << n << " = " << ref << ";\n";
    } else {
      src << "    " << ty << " " << n << " = ndgpu::cast<" << ty << ">(" << ref << ");\n";
    }
  }
  src << "    {\n" << s.operation << ";\n    }\n" << stores.str() << "  }\n";
  if (!s.after_loop.empty()) src << "  " << s.after_loop << "\n";
  src << "}\n";

  KernelSource ks;
  ks.source = src.str();
  ks.entries.push_back(std::move(entry));
  ks.name_hint = s.name;
  return ks;
}

}  // namespace ndgpu::kernel
