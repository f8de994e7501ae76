// A fused function's kernels: the elementwise nodes between leaves and results become one
// device function in the preamble (one block per ufunc, the table's loop body inside); the
// kernel's operation calls it.
#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "kernel/source_writer.hpp"
#include "ndgpu/errors.hpp"
#include "ops/fuse/plan.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu::fuse {
namespace {

using ops::kernel_ctype;

std::string float_literal(double v) {
  if (std::isnan(v)) return "ndgpu::nan_d()";
  if (std::isinf(v)) return v > 0 ? "ndgpu::inf_d()" : "(-ndgpu::inf_d())";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);  // exact
  return std::string("(") + buf + ")";
}

// A constant as source of its dtype's C type (store_as raises NumPy's OverflowError).
std::string literal(const Scalar& s) {
  const DType t = s.dtype();
  const std::string ct = kernel_ctype(t);
  if (t == DType::Bool) return s.as_int64() ? "true" : "false";
  if (kind(t) == DTypeKind::UInt) {
    uint64_t u = 0;
    s.store_as(DType::UInt64, &u);
    return ops::convert_to(ct, std::to_string(u) + "ULL");
  }
  if (kind(t) == DTypeKind::Int) {
    int64_t i = 0;
    s.store_as(DType::Int64, &i);
    if (i == INT64_MIN) return ops::convert_to(ct, "(-9223372036854775807LL - 1)");
    return ops::convert_to(ct, "(" + std::to_string(i) + "LL)");
  }
  if (is_floating(t)) return ops::convert_to(ct, float_literal(s.as_double()));
  std::complex<double> c = s.as_complex();
  return ct + "(" + float_literal(c.real()) + ", " + float_literal(c.imag()) + ")";
}

std::string cast(DType t, const std::string& v) {
  return "ndgpu::cast<" + kernel_ctype(t) + ">(" + v + ")";
}

// A clip bound in the clip's dtype; a Python int is first clamped to the dtype's range (NumPy
// 2: a bound beyond the range limits nothing; the other side was refused when traced).
std::string bound(const Graph& g, const Node& clip, size_t k, const std::string& value) {
  const Node& b = g.nodes[size_t(clip.in[k])];
  if (!weak_int_into(b, clip.dtype) || itemsize(clip.dtype) == 8) return cast(clip.dtype, value);
  const std::string lo = "(long long)" + ops::lowest_expr(clip.dtype),
                    hi = "(long long)" + ops::highest_expr(clip.dtype);
  return cast(clip.dtype,
              "ndgpu::minimum(ndgpu::maximum((long long)" + value + ", " + lo + "), " + hi + ")");
}

// Statements computing every elementwise node that `roots` read, leaf k named p<k>.
struct Body {
  std::vector<std::string> names;  // by node
  kernel::SourceWriter src;
};

void mark(const Graph& g, int n, std::vector<bool>& seen) {
  if (seen[size_t(n)]) return;
  seen[size_t(n)] = true;
  if (is_leaf(g.nodes[size_t(n)].kind)) return;
  for (int i : g.nodes[size_t(n)].in)
    if (i >= 0) mark(g, i, seen);
}

Body body(const Graph& g, const std::vector<int>& leaves, const std::vector<int>& roots) {
  Body b;
  b.names.resize(g.nodes.size());
  for (size_t k = 0; k < leaves.size(); ++k) b.names[size_t(leaves[k])] = "p" + std::to_string(k);
  std::vector<bool> seen(g.nodes.size());
  for (int r : roots) mark(g, r, seen);
  for (size_t id = 0; id < g.nodes.size(); ++id) {
    const Node& n = g.nodes[id];
    if (!seen[id] || is_leaf(n.kind)) continue;
    std::string v = "v" + std::to_string(id), ct = kernel_ctype(n.dtype);
    b.names[id] = v;
    auto in = [&](size_t k) { return b.names[size_t(n.in[k])]; };
    b.src << "  " << ct << " " << v;
    switch (n.kind) {
      case NodeKind::Constant:
        b.src << " = " << literal(*n.value) << ";\n";
        break;
      case NodeKind::Cast:
        b.src << " = " << cast(n.dtype, in(0)) << ";\n";
        break;
      case NodeKind::Where:
        b.src << " = ndgpu::cast<bool>(" << in(0) << ") ? " << cast(n.dtype, in(1)) << " : "
              << cast(n.dtype, in(2)) << ";\n";
        break;
      case NodeKind::Clip:
        b.src << " = " << cast(n.dtype, in(0)) << ";\n";
        if (n.in[1] >= 0)
          b.src << "  " << v << " = ndgpu::maximum(" << v << ", " << bound(g, n, 1, in(1))
                << ");\n";
        if (n.in[2] >= 0)
          b.src << "  " << v << " = ndgpu::minimum(" << v << ", " << bound(g, n, 2, in(2))
                << ");\n";
        break;
      default:  // Ufunc
        if (n.same_answer) {
          b.src << " = " << (*n.same_answer ? "true" : "false") << ";\n";
          break;
        }
        b.src << ";\n  {\n";
        for (size_t k = 0; k < n.in.size(); ++k)
          b.src << "    const " << kernel_ctype(n.loop.params[k]) << " in" << std::to_string(k)
                << " = " << cast(n.loop.params[k], in(k)) << ";\n";
        for (size_t k = 0; k < n.loop.out.size(); ++k)
          b.src << "    " << kernel_ctype(n.loop.out[k]) << " out" << std::to_string(k) << ";\n";
        b.src << "    " << n.loop.body << ";\n    " << v << " = out" << std::to_string(n.out_slot)
              << ";\n  }\n";
    }
  }
  return b;
}

std::string parameters(const Graph& g, const std::vector<int>& leaves) {
  std::string s;
  for (size_t k = 0; k < leaves.size(); ++k)
    s += (k ? ", " : "") + std::string(dtype_name(g.nodes[size_t(leaves[k])].dtype)) + " p" +
         std::to_string(k);
  return s;
}

std::string c_parameters(const Graph& g, const std::vector<int>& leaves) {
  std::string s;
  for (size_t k = 0; k < leaves.size(); ++k)
    s += (k ? ", " : "") + ("const " + kernel_ctype(g.nodes[size_t(leaves[k])].dtype)) + " p" +
         std::to_string(k);
  return s;
}

std::string arguments(size_t n) {
  std::string s;
  for (size_t k = 0; k < n; ++k) s += (k ? ", p" : "p") + std::to_string(k);
  return s;
}

// The header with ndgpu::inf_d() and nan_d(), first when the code uses them.
std::string with_limits(const std::string& code) {
  return code.find("_d()") == std::string::npos ? code
                                                : "#include \"ndgpu/reduce_ops.cuh\"\n" + code;
}

std::string identifier(const std::string& name) {
  std::string s = "fused_";
  for (char c : name) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

}  // namespace

std::vector<int> leaves_of(const Graph& g, const std::vector<int>& roots) {
  std::vector<bool> seen(g.nodes.size());
  for (int r : roots) mark(g, r, seen);
  std::vector<int> leaves;
  for (size_t id = 0; id < g.nodes.size(); ++id)
    if (seen[id] && is_leaf(g.nodes[id].kind)) leaves.push_back(int(id));
  return leaves;
}

Step elementwise_step(const Graph& g, const std::string& name, const std::vector<int>& results,
                      const std::vector<DType>& out_types) {
  Step s;
  s.leaves = leaves_of(g, results);
  Body b = body(g, s.leaves, results);
  std::string fn = identifier(name), outs, preamble, op;
  for (size_t k = 0; k < results.size(); ++k)
    outs += (k ? ", " : "") + std::string(dtype_name(out_types[k])) + " r" + std::to_string(k);
  if (results.size() == 1) {  // one result: returned, as a single ufunc's kernel reads
    preamble = "__device__ " + kernel_ctype(out_types[0]) + " " + fn + "(" +
               c_parameters(g, s.leaves) + ") {\n" + b.src.str() + "  return " +
               cast(out_types[0], b.names[size_t(results[0])]) + ";\n}\n";
    op = "r0 = " + fn + "(" + arguments(s.leaves.size()) + ")";
  } else {
    std::string refs, sets;
    for (size_t k = 0; k < results.size(); ++k) {
      refs += ", " + kernel_ctype(out_types[k]) + "& r" + std::to_string(k);
      sets += "  r" + std::to_string(k) + " = " + cast(out_types[k], b.names[size_t(results[k])]) +
              ";\n";
    }
    preamble = "__device__ void " + fn + "(" + c_parameters(g, s.leaves) + refs + ") {\n" +
               b.src.str() + sets + "}\n";
    std::string args = arguments(s.leaves.size());
    for (size_t k = 0; k < results.size(); ++k)
      args += (args.empty() && k == 0 ? "r" : ", r") + std::to_string(k);
    op = fn + "(" + args + ")";
  }
  s.elementwise = std::make_unique<kernel::ElementwiseDefinition>(
      kernel::ElementwiseCode{.in_params = parameters(g, s.leaves),
                              .out_params = outs,
                              .operation = op,
                              .name = fn,
                              .preamble = with_limits(preamble)});
  return s;
}

Step reduction_step(const Graph& g, const std::string& name, int reduce_node) {
  const Node& r = g.nodes[size_t(reduce_node)];
  const Node& x = g.nodes[size_t(r.in[0])];
  ops::BuiltinReduce recipe = ops::reduction_recipe(r.op, x.dtype, r.reduce_dtype);
  Step s;
  s.leaves = leaves_of(g, {r.in[0]});
  if (s.leaves.empty()) throw NotImplementedError("fuse: a reduction of scalars alone");
  Body b = body(g, s.leaves, {r.in[0]});
  std::string fn = identifier(name) + "_" + r.op + std::to_string(reduce_node);
  std::string preamble = "__device__ " + recipe.acc + " " + fn + "(" + c_parameters(g, s.leaves) +
                         ") {\n" + b.src.str() + "  const " + kernel_ctype(x.dtype) +
                         " x = " + b.names[size_t(r.in[0])] + ";\n  return " + recipe.map +
                         ";\n}\n";
  s.reduction = std::make_unique<kernel::ReductionDefinition>(
      kernel::ReductionCode{.in_params = parameters(g, s.leaves),
                            .out_params = std::string(dtype_name(recipe.out)) + " y",
                            .map_expr = fn + "(" + arguments(s.leaves.size()) + ")",
                            .reduce_expr = recipe.reduce,
                            .post_map_expr = recipe.post,
                            .identity = recipe.identity,
                            .name = fn,
                            .reduce_type = recipe.acc,
                            .reduce_size = recipe.acc_size,
                            .reduce_type_is_ctype = true,
                            .preamble = preamble,
                            .includes = {"ndgpu/reduce_ops.cuh"}});
  return s;
}

}  // namespace ndgpu::fuse
