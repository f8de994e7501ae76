// ufunc.reduceat(a, indices, axis): the ufunc folded over each slice a[indices[i]:indices[i+1]]
// along `axis` (the last slice runs to the end), NumPy's rule for indices[i] >= indices[i+1]
// giving a[indices[i]] alone. One thread per output element folds its slice in order.
#include <map>
#include <mutex>
#include <vector>

#include "kernel/codegen_common.hpp"
#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu {
namespace {

const kernel::ElementwiseDefinition& reduceat_definition(const std::string& name,
                                                         const UfuncLoopInfo& loop) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<kernel::ElementwiseDefinition>> defs;
  const std::string t = kernel::kernel_ctype(loop.out[0]);
  std::lock_guard lk(mu);
  auto& def = defs[name + "|" + dtype_name(loop.out[0])];
  if (def) return *def;
  const std::string at = "src[(q_outer * seg_n + seg_j) * seg_inner + q_inner]";
  def = std::make_unique<kernel::ElementwiseDefinition>(kernel::ElementwiseCode{
      .in_params = "raw " + std::string(dtype_name(loop.out[0])) +
                   " src, raw int64 idx, int64 seg_n, int64 seg_m, int64 seg_inner",
      .out_params = std::string(dtype_name(loop.out[0])) + " y",
      .operation =
          "long long q_inner = i % seg_inner, seg_k = (i / seg_inner) % seg_m, "
          "q_outer = i / (seg_inner * seg_m); "
          "long long seg_j = idx[seg_k], seg_end = seg_k + 1 < seg_m ? idx[seg_k + 1] : seg_n; "
          "if (seg_end <= seg_j) seg_end = seg_j + 1; " +
          t + " acc = " + at + "; for (++seg_j; seg_j < seg_end; ++seg_j) { " + t +
          " in0 = acc, in1 = " + at + ", out0; " + loop.body + "; acc = out0; } y = acc",
      .name = "ndgpu_" + name + "_reduceat"});
  return *def;
}

// The dtype a reduction of `ufunc` over `a` runs in: NumPy's add and multiply widen small
// integers and bools (as sum and prod), the others keep a's dtype.
DType reduce_dtype(const std::string& ufunc, const NDArray& a, OptDType dtype,
                   const OptArray& out) {
  if (dtype) return *dtype;
  if (ufunc == "add" || ufunc == "multiply") return ops::accumulate_dtype(a.dtype(), dtype, out);
  return out ? out->dtype() : a.dtype();
}

}  // namespace

NDArray ufunc_reduceat(const std::string& name, const NDArray& a, const NDArray& indices,
                       int64_t axis, OptDType dtype, const OptArray& out) {
  const UfuncInfo* u = find_ufunc(name);
  if (!u) throw NotImplementedError("ufunc '" + name + "' is not implemented");
  if (u->nin != 2 || u->nout != 1) throw ValueError("reduceat only supported for binary functions");
  if (a.ndim() == 0) throw TypeError("cannot reduceat on a scalar");
  if (indices.ndim() != 1) throw ValueError("index must be 1-dimensional");
  const int ax = normalize_axis(axis, a.ndim());
  const DType t = reduce_dtype(name, a, dtype, out);
  const UfuncLoopInfo loop = ufunc_loop_info(name, t);
  if (loop.out[0] != t || loop.params[0] != t || loop.params[1] != t)
    throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                    name);
  // The indices are checked on the host before anything runs: NumPy's IndexError.
  NDArray idx = ascontiguousarray(indices, DType::Int64);
  const int64_t n = a.shape()[size_t(ax)], m = idx.size();
  std::vector<int64_t> host(static_cast<size_t>(m));
  if (m) idx.to_host(host.data());
  for (int64_t k : host)
    if (k < 0 || k >= n)
      throw IndexError("index " + std::to_string(k) + " out-of-bounds in " + name +
                       ".reduceat [0, " + std::to_string(n) + ")");
  Shape shape = a.shape();
  shape[size_t(ax)] = m;
  if (out && out->shape() != shape)
    throw ValueError("reduceat: out has shape " + shape_str(out->shape()) + ", expected " +
                     shape_str(shape));
  NDArray r = NDArray::empty_on(a.device(), shape, t);
  if (r.size() > 0) {
    int64_t inner = 1;
    for (int d = ax + 1; d < a.ndim(); ++d) inner *= a.shape()[size_t(d)];
    std::vector<Operand> args{ascontiguousarray(a, t),
                              idx,
                              Scalar::typed_int(DType::Int64, n),
                              Scalar::typed_int(DType::Int64, m),
                              Scalar::typed_int(DType::Int64, inner),
                              r};
    kernel::run_elementwise(reduceat_definition(name, loop), args);
  }
  if (!out) return r;
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

}  // namespace ndgpu
