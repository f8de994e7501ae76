// The plain row kernel: one input, one output, a block per output row, no lambdas and no
// templates of ndgpu's own. NVRTC and the driver compile it in about half the time of the
// general kernel (measured: 31 against 64 ms of NVRTC for the seed's l2norm), so small
// reductions, where compile time dominates, use it. Same parameters as the general kernel.
#include "kernel/codegen_common.hpp"
#include "kernel/reduction/codegen.hpp"
#include "kernel/signature.hpp"
#include "kernel/source_writer.hpp"

namespace ndgpu::kernel {
namespace {

std::string ctype(DType t) {
  return kernel_ctype(t);
}

}  // namespace

bool plain_rows_reduce_type(const std::string& ctype_name) {
  // Plain arithmetic types: __shared__ arrays of them need no constructor.
  for (const char* t : {"float", "double", "int", "unsigned int", "long long", "unsigned long long",
                        "long", "unsigned long"})
    if (ctype_name == t) return true;
  return false;
}

KernelSource generate_reduction_plain_rows(const ReductionSpec& s) {
  const ArgSpec& out = s.args.at(0);
  const ArgSpec& in = s.args.at(1);
  const std::string I = s.index32 ? "int" : "long long";
  const std::string& x = in.param->name;
  const std::string& y = out.param->name;
  const std::string all_code = s.map_expr + " " + s.post_map_expr + " " + s.reduce_expr;
  SourceWriter src;
  KernelEntry entry;
  entry.name = s.name;

  write_device_includes(src, s.args, s.preamble + all_code + " " + s.identity);
  for (const auto& h : s.includes) src << "#include \"" << h << "\"\n";
  src << "#include \"ndgpu/elementwise.cuh\"\n";  // reduce.cuh's templates cost ~3 ms here
  src << "#include \"ndgpu/fast_math.cuh\"\n";    // CPU fast math's sqrt (empty on CUDA)
  for (auto [letter, t] : s.placeholders) src << "typedef " << ctype(t) << " " << letter << ";\n";
  src << "typedef " << s.reduce_ctype << " _type_reduce;\n";
  if (!s.preamble.empty()) src << s.preamble << "\n";
  src << "__device__ __forceinline__ _type_reduce _red_" << s.name
      << "(const _type_reduce& a, const _type_reduce& b) { return (" << s.reduce_expr << "); }\n";

  const std::string params[] = {"ndgpu::Strided<" + I + ", 1>",
                                "ndgpu::Strided<" + I + ", 2>",
                                "ndgpu::Extents<" + I + ", 1>",
                                "ndgpu::Extents<" + I + ", 1>",
                                I,
                                I,
                                I,
                                "char*",
                                "int"};
  const std::string names[] = {"_p_" + y,   "_p_" + x, "_oshape",  "_rshape", "_out_size",
                               "_red_size", "_chunk",  "_partial", "_mode"};
  src << "extern \"C\" __global__ void " << s.name << "(";
  for (size_t k = 0; k < 9; ++k) {
    src << (k ? ", " : "") << params[k] << " " << names[k];
    entry.param_types.push_back(params[k]);
  }
  const std::string red = "_red_" + s.name;
  src << ") {\n  typedef " << I << " _I;\n";
  if (uses_identifier(all_code, "_in_ind") || uses_identifier(all_code, "_out_ind"))
    src << "  struct { long long n; __device__ long long size() const { return n; } } "
           "_in_ind{(long long)_out_size * _red_size}, _out_ind{(long long)_out_size};\n";
  // A shared-memory tree over the block (a power of two, at most 256 threads): ~5 ms less
  // NVRTC time than warp shuffles, and no slower where these kernels are used (small inputs).
  src << "  __shared__ _type_reduce _sh[256];\n"
      << "  for (_I _o = (_I)blockIdx.x; _o < _out_size; _o += (_I)gridDim.x) {\n"
      << "    const char* _row = _p_" << x << ".ptr + _o * _p_" << x << ".strides[0];\n"
      << "    _type_reduce _acc = _type_reduce(" << s.identity
      << ");\n"
      // Not unrolled: the compile time is ~10 ms less, and with no split a thread reads at
      // most a few dozen elements (may_split keeps longer rows on the general kernel).
      << "    #pragma unroll 1\n"
      << "    for (_I _j = (_I)threadIdx.x; _j < _red_size; _j += (_I)blockDim.x) {\n";
  if (uses_identifier(all_code, "i") || uses_identifier(all_code, "_i") ||
      uses_identifier(all_code, "_j")) {
    src << "      const ptrdiff_t _i = _o; (void)_i;\n"
           "      const ptrdiff_t i = (ptrdiff_t)_j * _out_size + _o; (void)i;\n";
  }
  std::string load = "*(const " + ctype(in.storage) + "*)(_row + _j * _p_" + x + ".strides[1])";
  if (in.type != in.storage) load = "ndgpu::cast<" + ctype(in.type) + ">(" + load + ")";
  src << "      const " << ctype(in.type) << " " << x << " = " << load << ";\n"
      << "      _acc = " << red << "(_acc, _type_reduce(" << s.map_expr << "));\n    }\n"
      << "    __syncthreads();  // the previous row is done with _sh\n"
      << "    _sh[threadIdx.x] = _acc;\n"
      << "    __syncthreads();\n"
      << "    #pragma unroll 1\n"
      << "    for (int _s = (int)blockDim.x >> 1; _s > 0; _s >>= 1) {\n"
      << "      if ((int)threadIdx.x < _s) _sh[threadIdx.x] = " << red
      << "(_sh[threadIdx.x], _sh[threadIdx.x + _s]);\n"
      << "      __syncthreads();\n"
      << "    }\n"
      << "    _acc = _sh[0];\n"
      << "    if (threadIdx.x == 0) {\n"
      << "      const _type_reduce& a = _acc;\n";
  std::string ref =
      "*(" + ctype(out.storage) + "*)(_p_" + y + ".ptr + _o * _p_" + y + ".strides[0])";
  if (out.type == out.storage) {
    src << "      " << ctype(out.type) << "& " << y << " = " << ref << ";\n"
        << "      {\n"
        << s.post_map_expr << ";\n      }\n";
  } else {
    src << "      " << ctype(out.type) << " " << y << "{};\n"
        << "      {\n"
        << s.post_map_expr << ";\n      }\n"
        << "      " << ref << " = ndgpu::cast<" << ctype(out.storage) << ">(" << y << ");\n";
  }
  src << "    }\n  }\n}\n";

  return finish_source(src, std::move(entry), s.name);
}

}  // namespace ndgpu::kernel
