// linalg.norm: every vector norm and the matrix norms that need no SVD, each a fused
// reduction (|x|^2, |x| or |x|^p mapped inside the kernel; nothing is materialised).
#include <cmath>

#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/manipulation.hpp"
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

NDArray vector_p_norm(const NDArray& x, double p, const Axes& axis, bool keepdims) {
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
NDArray matrix_p_norm(const NDArray& x, double ord, int row, int col, bool keepdims) {
  bool inf = std::isinf(ord);
  if (!inf && ord != 1 && ord != -1) throw ValueError("Invalid norm order for matrices.");
  // ord 1 sums over rows then picks among columns; ord inf the other way round.
  int sum_axis = inf ? col : row;
  NDArray sums = vector_p_norm(x, 1, std::vector<int64_t>{sum_axis}, true);
  std::vector<int64_t> both{row, col};
  // The sums are non-negative, so their max is their inf-norm, 0 when there are none (NumPy).
  return ord > 0 ? vector_p_norm(sums, INFINITY, both, keepdims) : amin(sums, both, {}, keepdims);
}

// ord 2, -2 and 'nuc': the largest or smallest singular value, or their sum.
NDArray singular_value_norm(const NDArray& x, double ord, bool nuclear, int row, int col,
                            bool keepdims) {
  const NDArray s = svdvals(moveaxis(x, {row, col}, {-2, -1}));
  const std::vector<int64_t> last{-1};
  NDArray r = nuclear ? sum(s, last) : ord > 0 ? amax(s, last) : amin(s, last);
  if (!is_inexact(x.dtype())) r = r.astype(DType::Float64);
  return keepdims ? expand_dims(r, {std::min(row, col), std::max(row, col)}) : r;
}

}  // namespace

NDArray norm(const NDArray& x, const NormOrder& ord, const Axes& axis_in, bool keepdims) {
  check_device(x.device());
  Axes axis = axis_in;
  if (!axis) {
    if (ord.kind == NormOrder::Default) return vector_p_norm(x, 2, {}, keepdims);
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
    return vector_p_norm(x, ord.kind == NormOrder::Default ? 2 : ord.p, axis, keepdims);
  }
  if (axis->size() != 2) throw ValueError("Improper number of dimensions to norm.");
  int row = normalize_axis((*axis)[0], x.ndim()), col = normalize_axis((*axis)[1], x.ndim());
  if (row == col) throw ValueError("Duplicate axes given.");
  if (ord.kind == NormOrder::Default || ord.kind == NormOrder::Fro)
    return vector_p_norm(x, 2, axis, keepdims);
  if (ord.kind == NormOrder::Nuc || (ord.kind == NormOrder::Number && std::fabs(ord.p) == 2))
    return singular_value_norm(x, ord.p, ord.kind == NormOrder::Nuc, row, col, keepdims);
  return matrix_p_norm(x, ord.p, row, col, keepdims);
}

}  // namespace ndgpu::linalg

namespace ndgpu::linalg {

NDArray vector_norm(const NDArray& x, const Axes& axis, bool keepdims, double ord) {
  check_device(x.device());
  return vector_p_norm(x, ord, axis, keepdims);
}

NDArray matrix_norm(const NDArray& x, bool keepdims, const NormOrder& ord) {
  if (x.ndim() < 2) throw ValueError("matrix_norm: x must be at least 2-dimensional");
  NormOrder o = ord;
  if (o.kind == NormOrder::Default) o.kind = NormOrder::Fro;
  return norm(x, o, std::vector<int64_t>{-2, -1}, keepdims);
}

}  // namespace ndgpu::linalg
