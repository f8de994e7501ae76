#include "kernel/reduction/codegen.hpp"

#include "kernel/codegen_common.hpp"
#include "kernel/source_writer.hpp"

#include "kernel/signature.hpp"

namespace ndgpu::kernel {
namespace {

std::string ctype(DType t) {
  return kernel_ctype(t);
}

// Reads of input `a` at byte offset `off`, converted to the parameter's type.
std::string load(const ArgSpec& a, const std::string& off) {
  std::string ref =
      "*(const " + ctype(a.storage) + "*)(_p_" + a.param->name + ".ptr + " + off + ")";
  if (a.type == a.storage) return ref;
  return "ndgpu::cast<" + ctype(a.type) + ">(" + ref + ")";
}

}  // namespace

KernelSource generate_reduction(const ReductionSpec& s) {
  if (s.plain_rows) return generate_reduction_plain_rows(s);
  const std::string I = s.index32 ? "int" : "long long";
  const int O = s.out_ndim, R = s.red_ndim;
  const std::string So = std::to_string(O), Sr = std::to_string(R), Sn = std::to_string(O + R);
  const std::string all_code = s.map_expr + " " + s.post_map_expr + " " + s.reduce_expr;
  SourceWriter src;
  KernelEntry entry;
  entry.name = s.name;

  // By-need headers first: reduce.cuh's fast-math sqrt macro must not reach them.
  write_device_includes(src, s.args,
                        s.preamble + all_code + " " + s.reduce_ctype + " " + s.identity);
  for (const auto& h : s.includes) src << "#include \"" << h << "\"\n";
  src << "#include \"ndgpu/reduce.cuh\"\n";
  // NumPy's max/min of the input itself: the CPU's SIMD loops (CUDA compiles them out).
  const ArgSpec* simd_input = nullptr;
  for (const auto& a : s.args)
    if (a.kind == ArgKind::Array && !a.is_output) simd_input = simd_input ? nullptr : &a;
  if (s.cpu_simd.empty() || !simd_input || simd_input->type != simd_input->storage ||
      s.map_expr != simd_input->param->name || s.reduce_ctype != ctype(simd_input->storage))
    simd_input = nullptr;
  const std::string simd_max = s.cpu_simd == "max" ? "true" : "false";
  if (simd_input) src << "#include \"ndgpu/cpu_extreme.cuh\"\n";
  for (auto [letter, t] : s.placeholders) src << "typedef " << ctype(t) << " " << letter << ";\n";
  src << "typedef " << s.reduce_ctype << " _type_reduce;\n";
  if (!s.preamble.empty()) src << s.preamble << "\n";

  std::vector<std::string> params;
  const ArgSpec* single_input = nullptr;
  int n_inputs = 0;
  for (const auto& a : s.args) {
    declare_param(a, "ndgpu::Strided<" + I + ", " + (a.is_output ? So : Sn) + ">", params, entry);
    if (a.kind == ArgKind::Array && !a.is_output) single_input = &a, ++n_inputs;
  }
  if (n_inputs != 1) single_input = nullptr;
  for (auto [type, name] :
       {std::pair<std::string, std::string>{"ndgpu::Extents<" + I + ", " + So + ">", "_oshape"},
        {"ndgpu::Extents<" + I + ", " + Sr + ">", "_rshape"},
        {I, "_out_size"},
        {I, "_red_size"},
        {I, "_chunk"},
        {"char*", "_partial"},
        {"int", "_mode"}}) {
    params.push_back(type + " " + name);
    entry.param_types.push_back(type);
  }

  src << "extern \"C\" __global__ void " << s.name << "(";
  for (size_t k = 0; k < params.size(); ++k) src << (k ? ", " : "") << params[k];
  src << ") {\n";
  src << "  typedef " << I << " _I;\n";
  src << "  const ndgpu::ReduceIndex _in_ind{(long long)_out_size * _red_size}, "
         "_out_ind{(long long)_out_size};\n";
  src << "  _type_reduce* _part = (_type_reduce*)_partial;\n";
  for (const auto& a : s.args)
    if (a.kind == ArgKind::Scalar)
      src << "  const " << ctype(a.type) << " " << a.param->name << " = _s_" << a.param->name
          << ";\n";
  src << "  const _type_reduce _identity = _type_reduce(" << s.identity << ");\n";
  src << "  auto _red = [&](const _type_reduce& a, const _type_reduce& b) -> _type_reduce {\n"
         "    return ("
      << s.reduce_expr << ");\n  };\n";

  // The map: one element of each input at (output _o, reduced index _j).
  bool uses_index = uses_identifier(all_code, "i") || uses_identifier(all_code, "_i") ||
                    uses_identifier(all_code, "_j");
  auto index_locals = [&](const std::string& in) {
    std::string t;
    if (uses_index) {
      t += in + "const ptrdiff_t _i = _o; (void)_i;\n";
      t += in + "const ptrdiff_t i = (ptrdiff_t)_j * _out_size + _o; (void)i;\n";
    }
    return t;
  };
  if (single_input) {
    const ArgSpec& a = *single_input;
    src << "  auto _mapv = [&](const " << ctype(a.storage)
        << "& _v, _I _o, _I _j) -> _type_reduce {\n";
    src << index_locals("    ");
    src << "    const " << ctype(a.type) << " " << a.param->name << " = "
        << (a.type == a.storage ? "_v" : "ndgpu::cast<" + ctype(a.type) + ">(_v)") << ";\n";
    src << "    return _type_reduce(" << s.map_expr << ");\n  };\n";
    std::string off = "ndgpu::unravel_offset<_I, " + So + ">(_o, _oshape.v, _p_" + a.param->name +
                      ".strides) + ndgpu::unravel_offset<_I, " + Sr + ">(_j, _rshape.v, _p_" +
                      a.param->name + ".strides + " + So + ")";
    src << "  auto _map = [&](_I _o, _I _j) -> _type_reduce {\n";
    src << "    return _mapv(*(const " << ctype(a.storage) << "*)(_p_" << a.param->name << ".ptr + "
        << off << "), _o, _j);\n  };\n";
  } else {
    src << "  auto _map = [&](_I _o, _I _j) -> _type_reduce {\n";
    src << index_locals("    ");
    for (const auto& a : s.args) {
      if (a.kind != ArgKind::Array || a.is_output) continue;
      const std::string& n = a.param->name;
      std::string off = "ndgpu::unravel_offset<_I, " + So + ">(_o, _oshape.v, _p_" + n +
                        ".strides) + ndgpu::unravel_offset<_I, " + Sr + ">(_j, _rshape.v, _p_" + n +
                        ".strides + " + So + ")";
      src << "    const " << ctype(a.type) << " " << n << " = " << load(a, off) << ";\n";
    }
    src << "    return _type_reduce(" << s.map_expr << ");\n  };\n";
  }

  // The post-map: writes output _o from the accumulator `a`.
  src << "  auto _post = [&](_I _o, const _type_reduce& a) {\n";
  SourceWriter stores;
  for (const auto& a : s.args) {
    if (a.kind != ArgKind::Array || !a.is_output) continue;
    const std::string& n = a.param->name;
    std::string ref = "*(" + ctype(a.storage) + "*)(_p_" + n + ".ptr + ndgpu::unravel_offset<_I, " +
                      So + ">(_o, _oshape.v, _p_" + n + ".strides))";
    if (a.type == a.storage) {
      src << "    " << ctype(a.type) << "& " << n << " = " << ref << ";\n";
    } else {
      src << "    " << ctype(a.type) << " " << n << "{};\n";
      stores << "    " << ref << " = ndgpu::cast<" << ctype(a.storage) << ">(" << n << ");\n";
    }
  }
  src << "    {\n" << s.post_map_expr << ";\n    }\n" << stores.str() << "  };\n";
  // Main passes write partials when the reduced range is split over blockIdx.y.
  src << "  auto _fin = [&](_I _o, const _type_reduce& _acc) {\n"
         "    if (gridDim.y > 1) _part[(_I)blockIdx.y * _out_size + _o] = _acc;\n"
         "    else _post(_o, _acc);\n  };\n";
  src << "  const _I _rb = (_I)blockIdx.y * _chunk;\n"
         "  const _I _re = ndgpu::min_((_I)(_rb + _chunk), _red_size);\n";

  src << "  switch (_mode) {\n";
  auto wanted = [&](int mode) { return (s.modes >> mode) & 1u; };
  if (wanted(0))
    src << "  case 0:\n"
           "    ndgpu::for_each_block_output(_out_size, [&](_I _o) {\n"
           "      _type_reduce _acc = ndgpu::block_reduce_range(_identity, _rb, _re,\n"
           "          [&](_I _j) { return _map(_o, _j); }, _red);\n"
           "      if (ndgpu::block_leader()) _fin(_o, _acc);\n"
           "    });\n    break;\n";
  if (wanted(1) && single_input && O == 1 && R == 1) {  // rows of T, vectorised on the CPU
    const std::string& n = single_input->param->name;
    src << "  case 1:\n";
    if (simd_input)
      src << "#ifndef NDGPU_DEVICE_CUDA\n    if (_p_" << n << ".strides[0] == (_I)sizeof("
          << ctype(simd_input->storage) << ")) {\n      ndgpu::cpu_extreme_cols<" << simd_max
          << ">(_identity, _out_size, _rb, _re, (const char*)_p_" << n << ".ptr, _p_" << n
          << ".strides[1], _fin);\n      break;\n    }\n#endif\n";
    src << "    ndgpu::cols_reduce_2d<" << ctype(single_input->storage)
        << ">(_identity, _out_size, _rb, _re, (const char*)_p_" << n << ".ptr, _p_" << n
        << ".strides[0], _p_" << n << ".strides[1], _mapv, _red, _fin);\n    break;\n";
  } else if (wanted(1)) {
    src << "  case 1:\n"
           "    ndgpu::cols_reduce(_identity, _out_size, _rb, _re, _map, _red, _fin);\n    "
           "break;\n";
  }
  if (wanted(2) && single_input && s.vec_width > 1 && R == 1) {
    const std::string& n = single_input->param->name;
    std::string st = ctype(single_input->storage);
    src << "  case 2:\n";
    if (simd_input)
      src << "#ifndef NDGPU_DEVICE_CUDA\n    ndgpu::for_each_block_output(_out_size, [&](_I _o) {\n"
             "      const "
          << st << "* _row = (const " << st << "*)(_p_" << n << ".ptr + ndgpu::unravel_offset<_I, "
          << So << ">(_o, _oshape.v, _p_" << n
          << ".strides));\n"
             "      _fin(_o, ndgpu::cpu_extreme_run<"
          << simd_max
          << ">(_identity, _row + _rb, (_I)(_re - _rb)));\n    });\n    break;\n#endif\n";
    src << "    ndgpu::for_each_block_output(_out_size, [&](_I _o) {\n"
           "      const "
        << st << "* _row = (const " << st << "*)(_p_" << n << ".ptr + ndgpu::unravel_offset<_I, "
        << So << ">(_o, _oshape.v, _p_" << n
        << ".strides));\n"
           "      _type_reduce _acc = ndgpu::block_reduce_row_vec<"
        << s.vec_width
        << ">(_identity, _row, _rb, _re,\n"
           "          [&](const "
        << st
        << "& _v, _I _j) { return _mapv(_v, _o, _j); }, _red);\n"
           "      if (ndgpu::block_leader()) _fin(_o, _acc);\n"
           "    });\n    break;\n";
  }
  if (wanted(3))
    src << "  case 3:\n"
           "    ndgpu::for_each_block_output(_out_size, [&](_I _o) {\n"
           "      _type_reduce _acc = ndgpu::block_reduce_range(_identity, (_I)0, _chunk,\n"
           "          [&](_I _s) { return _part[_s * _out_size + _o]; }, _red);\n"
           "      if (ndgpu::block_leader()) _post(_o, _acc);\n"
           "    });\n    break;\n";
  if (wanted(4))
    src << "  case 4:\n"
           "    ndgpu::cols_reduce(_identity, _out_size, (_I)0, _chunk,\n"
           "        [&](_I _o, _I _s) { return _part[_s * _out_size + _o]; }, _red, _post);\n"
           "    break;\n";
  src << "  }\n}\n";

  return finish_source(src, std::move(entry), s.name);
}

}  // namespace ndgpu::kernel
