// linalg.norm: every vector norm and the matrix norms that need no SVD, each a fused
// reduction (|x|^2, |x| or |x|^p mapped inside the kernel; nothing is materialised).
#include <cmath>

#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/reductions.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu::linalg {
namespace {

using ops::BuiltinReduce;

// Integers are converted to float64 first, as NumPy does; the result is real.
struct NormTypes {
  DType in, out, acc;
  std::string c, r;  // the computing type of x and of |x|
};

NormTypes norm_types(DType t) {
  NormTypes n;
  n.in = t;
  n.out = is_inexact(t) ? real_dtype(t) : DType::Float64;
  n.acc = n.out == DType::Float16 ? DType::Float32 : n.out;
  n.r = ops::kernel_ctype(n.acc);
  n.c = is_complex(t) ? "ndgpu::complex<" + n.r + ">" : n.r;
  return n;
}

NDArray vector_norm(const NDArray& x, double p, const Axes& axis, bool keepdims) {
  NormTypes t = norm_types(x.dtype());
  std::string cx = "ndgpu::cast<" + t.c + ">(x)", out = ops::kernel_ctype(t.out);
  BuiltinReduce r{.op = "",
                  .in = {t.in},
                  .out = t.out,
                  .acc = t.r,
                  .acc_size = itemsize(t.acc),
                  .map = "",
                  .reduce = "a + b",
                  .post = "y = ndgpu::cast<" + out + ">(a)",
                  .identity = "0",
                  .scalar_params = ""};
  std::vector<Operand> ins{x};
  if (std::isinf(p)) {
    if (p < 0) ops::require_nonempty(x, axis, "minimum");  // max of nothing is 0 in NumPy 2
    r.op = p > 0 ? "norm_inf" : "norm_ninf";
    r.map = "ndgpu::absolute(" + cx + ")";
    r.reduce = p > 0 ? "ndgpu::maximum(a, b)" : "ndgpu::minimum(a, b)";
    r.identity = p > 0 ? "0" : ops::highest_expr(t.acc);
  } else if (p == 0) {
    r.op = "norm0";
    r.map = t.r + "(ndgpu::cast<bool>(x))";
  } else if (p == 1) {
    r.op = "norm1";
    r.map = "ndgpu::absolute(" + cx + ")";
  } else if (p == 2) {
    r = ops::reduction_recipe("norm2", x.dtype());
  } else {
    r.op = "normp";
    r.map = "pow(ndgpu::absolute(" + cx + "), " + t.r + "(p))";
    r.post = "y = ndgpu::cast<" + out + ">(pow(a, " + t.r + "(1) / " + t.r + "(p)))";
    r.scalar_params = "float64 p";
    ins.push_back(Scalar::py_float(p));
  }
  return ops::run_builtin(r, ins, axis, {}, keepdims);
}

// ord 1 / inf: the largest (or smallest) column / row sum of |x|.
NDArray matrix_norm(const NDArray& x, double ord, int row, int col, bool keepdims) {
  if (ord == 2 || ord == -2)
    throw NotImplementedError("linalg.norm: matrix 2-norms need an SVD, which ndgpu lacks yet");
  bool inf = std::isinf(ord);
  if (!inf && ord != 1 && ord != -1) throw ValueError("Invalid norm order for matrices.");
  // ord 1 sums over rows then picks among columns; ord inf the other way round.
  int sum_axis = inf ? col : row;
  NDArray sums = vector_norm(x, 1, std::vector<int64_t>{sum_axis}, true);
  std::vector<int64_t> both{row, col};
  // The sums are non-negative, so their max is their inf-norm, 0 when there are none (NumPy).
  return ord > 0 ? vector_norm(sums, INFINITY, both, keepdims) : amin(sums, both, {}, keepdims);
}

}  // namespace

NDArray norm(const NDArray& x, const NormOrder& ord, const Axes& axis_in, bool keepdims) {
  check_device(x.device());
  Axes axis = axis_in;
  if (!axis) {
    if (ord.kind == NormOrder::Default) return vector_norm(x, 2, {}, keepdims);
    if (x.ndim() == 1)
      axis = std::vector<int64_t>{0};
    else if (x.ndim() == 2)
      axis = std::vector<int64_t>{0, 1};
    else
      throw ValueError("Improper number of dimensions to norm.");
  }
  if (axis->size() == 1) {
    normalize_axis((*axis)[0], x.ndim());
    if (ord.kind == NormOrder::Fro || ord.kind == NormOrder::Nuc)
      throw ValueError(std::string("Invalid norm order '") +
                       (ord.kind == NormOrder::Fro ? "fro" : "nuc") + "' for vectors");
    return vector_norm(x, ord.kind == NormOrder::Default ? 2 : ord.p, axis, keepdims);
  }
  if (axis->size() != 2) throw ValueError("Improper number of dimensions to norm.");
  int row = normalize_axis((*axis)[0], x.ndim()), col = normalize_axis((*axis)[1], x.ndim());
  if (row == col) throw ValueError("Duplicate axes given.");
  if (ord.kind == NormOrder::Default || ord.kind == NormOrder::Fro)
    return vector_norm(x, 2, axis, keepdims);
  if (ord.kind == NormOrder::Nuc)
    throw NotImplementedError("linalg.norm: the nuclear norm needs an SVD, which ndgpu lacks yet");
  return matrix_norm(x, ord.p, row, col, keepdims);
}

}  // namespace ndgpu::linalg
