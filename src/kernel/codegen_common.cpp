#include "kernel/codegen_common.hpp"

namespace ndgpu::kernel {

void write_device_includes(SourceWriter& src, std::span<const ArgSpec> args,
                           const std::string& code) {
  bool any_complex = false, any_half = false, any_cast = false;
  for (const auto& a : args) {
    any_complex = any_complex || is_complex(a.type) || is_complex(a.storage);
    any_half = any_half || a.type == DType::Float16 || a.storage == DType::Float16;
    any_cast = any_cast || a.type != a.storage;
  }
  any_complex = any_complex || code.find("complex") != std::string::npos;
  any_half = any_half || code.find("float16") != std::string::npos;
  if (code.find("ndgpu::ufn::") != std::string::npos) {
    src << "#include \"ndgpu/ufunc_math.cuh\"\n";  // the second wave of ufunc functions
    any_complex = true;
  } else if (any_cast || code.find("ndgpu::") != std::string::npos) {
    src << "#include \"ndgpu/math.cuh\"\n";  // casts and the ufuncs' functions
    any_complex = true;
  } else {
    if (any_half) src << "#include \"ndgpu/float16.cuh\"\n";
    if (any_complex) src << "#include \"ndgpu/complex.cuh\"\n";
  }
  if (any_complex) src << "using ndgpu::complex;\n";
}

std::string kernel_ctype(DType t) {
  std::string c = dtype_ctype(t);
  return c.rfind("complex", 0) == 0 ? "ndgpu::" + c : c;
}

void declare_param(const ArgSpec& a, const std::string& array_type,
                   std::vector<std::string>& params, KernelEntry& entry) {
  const std::string& n = a.param->name;
  std::string type;
  if (a.kind == ArgKind::Raw) {
    type = "ndgpu::RawArray<" + kernel_ctype(a.type) + ", " + std::to_string(a.raw_ndim) + ">";
    params.push_back(type + " " + n);
  } else if (a.kind == ArgKind::Scalar) {
    type = kernel_ctype(a.type);
    params.push_back(type + " _s_" + n);
  } else {
    type = array_type;
    params.push_back(type + " _p_" + n);
  }
  entry.param_types.push_back(type);
}

KernelSource finish_source(const SourceWriter& src, KernelEntry entry, const std::string& name) {
  KernelSource ks;
  ks.source = src.str();
  ks.entries.push_back(std::move(entry));
  ks.name_hint = name;
  return ks;
}

}  // namespace ndgpu::kernel
