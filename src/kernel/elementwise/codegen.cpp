#include "kernel/elementwise/codegen.hpp"

#include <functional>
#include "kernel/codegen_common.hpp"
#include "kernel/elementwise/args.hpp"
#include "kernel/source_writer.hpp"

namespace ndgpu::kernel {
namespace {

std::string ctype(DType t) {
  return kernel_ctype(t);
}

// One element: a local per parameter (a reference where the output's type is its storage
// type), the user's body, then stores that convert outputs back to their storage type.
void emit_element(SourceWriter& src, const ElementwiseSpec& s,
                  const std::function<std::string(const ArgSpec&)>& ref, bool uses_i,
                  const std::string& in) {
  if (uses_i) src << in << "const ptrdiff_t i = _i;\n";
  SourceWriter stores;
  for (const auto& a : s.args) {
    const std::string& n = a.param->name;
    std::string ty = ctype(a.type), st = ctype(a.storage);
    if (a.kind == ArgKind::Raw) continue;
    if (a.kind == ArgKind::Scalar) {
      src << in << ty << " " << n << " = _s_" << n << ";\n";
      continue;
    }
    std::string r = ref(a);
    if (a.is_output && a.type == a.storage) {
      src << in << ty << " &" << n << " = " << r << ";\n";
    } else if (a.is_output) {
      src << in << ty << " " << n << " = ndgpu::cast<" << ty << ">(" << r << ");\n";
      stores << in << r << " = ndgpu::cast<" << st << ">(" << n << ");\n";
    } else if (a.type == a.storage) {
      src << in << ty << " " << n << " = " << r << ";\n";
    } else {
      src << in << ty << " " << n << " = ndgpu::cast<" << ty << ">(" << r << ");\n";
    }
  }
  src << in << "{\n" << s.operation << ";\n" << in << "}\n" << stores.str();
}

}  // namespace

KernelSource generate_elementwise(const ElementwiseSpec& s) {
  const std::string I = s.index32 ? "int" : "long long";
  const std::string D = std::to_string(s.ndim);
  SourceWriter src;
  KernelEntry entry;
  entry.name = s.name;

  src << "#include \"ndgpu/elementwise.cuh\"\n";
  write_device_includes(src, s.args, s.preamble + s.operation + s.loop_prep + s.after_loop);
  for (auto [letter, t] : s.placeholders) src << "typedef " << ctype(t) << " " << letter << ";\n";
  if (!s.preamble.empty()) src << s.preamble << "\n";

  std::vector<std::string> params;
  for (const auto& a : s.args)
    declare_param(a, s.contiguous ? ctype(a.storage) + "*" : "ndgpu::Strided<" + I + ", " + D + ">",
                  params, entry);
  if (!s.contiguous) {
    std::string type = "ndgpu::Extents<" + I + ", " + D + ">";
    params.push_back(type + " _shape");
    entry.param_types.push_back(type);
  }
  params.push_back("long long _n");
  entry.param_types.push_back("long long");

  const int V = s.vector_width;
  if (s.contiguous && V > 1) {
    params.push_back("int _vec_ok");
    entry.param_types.push_back("int");
  }
  src << "extern \"C\" __global__ void " << s.name << "(";
  for (size_t k = 0; k < params.size(); ++k) src << (k ? ", " : "") << params[k];
  src << ") {\n";
  std::string code = s.operation + s.loop_prep + s.after_loop;
  if (code.find("_ind") != std::string::npos) src << "  const ndgpu::IndexInfo _ind{_n};\n";
  if (!s.loop_prep.empty()) src << "  " << s.loop_prep << "\n";
  const bool uses_i = uses_identifier(code, "i");

  auto scalar_ref = [&](const ArgSpec& a) {
    const std::string& n = a.param->name;
    return s.contiguous ? "_p_" + n + "[_i]"
                        : "*(" + ctype(a.storage) + "*)(_p_" + n + ".ptr + _o_" + n + ")";
  };
  if (s.contiguous && V > 1) {
    // CUDA, aligned operands: V elements per 16-byte (or narrower) load and store.
    auto vec = [&](const ArgSpec& a) {
      return "ndgpu::Vec<" + ctype(a.storage) + ", " + std::to_string(V) + ">";
    };
    // Each thread loads U vectors before computing any, for memory-level parallelism.
    const int U = s.vectors_per_thread;
    // Misaligned operands take the scalar tail loop for every element (_nv = 0): one scalar
    // copy of the body fewer for NVRTC to compile.
    src << "#ifdef NDGPU_DEVICE_CUDA\n  {\n";
    src << "    const " << I << " _nv = _vec_ok ? (" << I << ")(_n / " << V << ") : 0;\n";
    src << "    const " << I << " _tile = (" << I << ")blockDim.x * " << U << ";\n";
    src << "    for (" << I << " _b = (" << I << ")blockIdx.x * _tile; _b < _nv; _b += (" << I
        << ")gridDim.x * _tile) {\n";
    SourceWriter loads, stores;
    for (const auto& a : s.args) {
      if (a.kind != ArgKind::Array) continue;
      const std::string& n = a.param->name;
      bool load = !a.is_output || !only_assigned(s.operation, n);
      src << "      " << vec(a) << " _vv_" << n << "[" << U << "];\n";
      if (load)
        loads << "        if (_t < _nv) _vv_" << n << "[_u] = ((const " << vec(a) << "*)_p_" << n
              << ")[_t];\n";
      if (a.is_output)
        stores << "        ((" << vec(a) << "*)_p_" << n << ")[_t] = _vv_" << n << "[_u];\n";
    }
    // With several vectors, a warp's are adjacent (U * 512 contiguous bytes of a float32
    // operand): 1.5-2 points more of add's bandwidth on the H200 than blockDim apart
    // (benchmarks/cpp/unary_layout_probe.cu). A block's tile stays its own only for blocks of
    // whole warps, as launch_elementwise's are.
    auto lane = U == 1 ? std::string("_b + threadIdx.x")
                       : "_b + (" + I + ")(threadIdx.x & ~31u) * " + std::to_string(U) +
                             " + _u * 32 + (threadIdx.x & 31)";
    src << "      #pragma unroll\n      for (int _u = 0; _u < " << U << "; ++_u) {\n";
    src << "        const " << I << " _t = " << lane << ";\n" << loads.str() << "      }\n";
    src << "      #pragma unroll\n      for (int _u = 0; _u < " << U << "; ++_u) {\n";
    src << "        const " << I << " _t = " << lane << ";\n        if (_t >= _nv) break;\n";
    src << "        #pragma unroll\n        for (int _k = 0; _k < " << V << "; ++_k) {\n";
    src << "          const " << I << " _i = _t * " << V << " + _k;\n";
    emit_element(
        src, s, [](const ArgSpec& a) { return "_vv_" + a.param->name + "[_u].v[_k]"; }, uses_i,
        "          ");
    src << "        }\n" << stores.str() << "      }\n    }\n";
    src << "    for (" << I << " _i = _nv * " << V << " + (" << I
        << ")blockIdx.x * blockDim.x + threadIdx.x; _i < _n; _i += (" << I
        << ")blockDim.x * gridDim.x) {\n";
    emit_element(src, s, scalar_ref, uses_i, "      ");
    src << "    }\n  }\n#else\n";
  }
  src << "  NDGPU_LOOP(" << I << ", _i, _n) {\n";
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
  emit_element(src, s, scalar_ref, uses_i, "    ");
  src << "  }\n";
  if (s.contiguous && V > 1) src << "#endif\n";
  if (!s.after_loop.empty()) src << "  " << s.after_loop << "\n";
  src << "}\n";

  return finish_source(src, std::move(entry), s.name);
}

}  // namespace ndgpu::kernel
