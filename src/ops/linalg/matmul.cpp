// numpy.matmul on the backend's BLAS (and a kernel of ndgpu's own for integers and bool).
#include <algorithm>
#include <string>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"
#include "ops/linalg/blas_type.hpp"
#include "ops/linalg/small_gemm.hpp"

namespace ndgpu {
namespace {

const char* kSignature = "(n?,k),(k,m?)->(n?,m?)";

// One operand as BLAS reads it: a stack of `rows`×`cols` row-major matrices, each stored as
// is (ld = its row stride) or transposed (ld = its column stride), `stride` elements apart
// (0: one matrix for the whole stack). `held` keeps a copy alive when one was needed.
struct BlasOperand {
  NDArray held;
  bool trans = false;
  int64_t ld = 1, stride = 0;
};

// Whether a 2-D layout with byte strides (s0, s1) is one BLAS can read; sets trans and ld.
bool blas_layout(int64_t s0, int64_t s1, int64_t rows, int64_t cols, int64_t isz, BlasOperand& op) {
  if (s0 % isz || s1 % isz) return false;
  const int64_t e0 = s0 / isz, e1 = s1 / isz;
  if ((e1 == 1 || cols == 1) && e0 >= std::max<int64_t>(cols, 1)) {
    op.trans = false, op.ld = rows == 1 ? std::max<int64_t>(cols, 1) : e0;
    return true;
  }
  if ((e0 == 1 || rows == 1) && e1 >= std::max<int64_t>(rows, 1)) {
    op.trans = true, op.ld = cols == 1 ? std::max<int64_t>(rows, 1) : e1;
    return true;
  }
  return false;
}

BlasOperand blas_operand(const NDArray& x, const Shape& batch, int64_t batch_size) {
  BlasOperand op;
  const int nd = x.ndim();
  const int64_t rows = x.shape()[nd - 2], cols = x.shape()[nd - 1], isz = x.itemsize();
  int64_t own_batch = 1;
  for (int d = 0; d < nd - 2; ++d) own_batch *= x.shape()[d];
  if (own_batch == 1) {  // one matrix for the whole stack
    const auto& s = x.strides();
    if (blas_layout(s[nd - 2], s[nd - 1], rows, cols, isz, op)) {
      op.held = x, op.stride = 0;
      return op;
    }
  } else {
    Shape full = batch;
    full.push_back(rows), full.push_back(cols);
    if (auto v = x.broadcast_to(full).reshape_view(Shape{batch_size, rows, cols})) {
      const auto& s = v->strides();
      if (s[0] % isz == 0 && blas_layout(s[1], s[2], rows, cols, isz, op)) {
        op.held = *v, op.stride = s[0] / isz;
        return op;
      }
    }
  }
  // Anything else becomes one C-contiguous stack.
  Shape full = own_batch == 1 ? Shape{rows, cols} : batch;
  if (own_batch != 1) full.push_back(rows), full.push_back(cols);
  op.held = (own_batch == 1 ? x.reshape(Shape{rows, cols}) : x.broadcast_to(full)).copy();
  op.trans = false, op.ld = std::max<int64_t>(cols, 1);
  op.stride = own_batch == 1 ? 0 : rows * cols;
  return op;
}

// Integer and bool products: one thread per output element, exact in the result's type
// (integers wrap as NumPy's; bool is or-of-ands).
const kernel::ElementwiseDefinition& exact_matmul_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "raw T a, raw T b, int64 rows, int64 cols, int64 inner",
       .out_params = "T c",
       .operation =
           "const long long col = i % cols, row = (i / cols) % rows, bt = i / (cols * rows);\n"
           "T acc = (T)0;\n"
           "for (long long p = 0; p < inner; ++p)\n"
           "  acc += a[(bt * rows + row) * inner + p] * b[(bt * inner + p) * cols + col];\n"
           "c = acc",
       .name = "ndgpu_matmul_exact",
       .vectorize = false});
  return d;
}
const kernel::ElementwiseDefinition& bool_matmul_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "raw bool a, raw bool b, int64 rows, int64 cols, int64 inner",
       .out_params = "bool c",
       .operation =
           "const long long col = i % cols, row = (i / cols) % rows, bt = i / (cols * rows);\n"
           "bool acc = false;\n"
           "for (long long p = 0; p < inner && !acc; ++p)\n"
           "  acc = a[(bt * rows + row) * inner + p] && b[(bt * inner + p) * cols + col];\n"
           "c = acc",
       .name = "ndgpu_matmul_bool"});
  return d;
}

void exact_matmul(const NDArray& a, const NDArray& b, NDArray& c, const Shape& batch, int64_t m,
                  int64_t n, int64_t k) {
  auto stack = [&](const NDArray& x, int64_t r, int64_t s) {
    Shape full = batch;
    full.push_back(r), full.push_back(s);
    const NDArray t = x.dtype() == c.dtype() ? x : x.astype(c.dtype());
    return t.broadcast_to(full).copy();
  };
  NDArray ca = stack(a, m, k), cb = stack(b, k, n);
  const auto& def = c.dtype() == DType::Bool ? bool_matmul_def() : exact_matmul_def();
  std::vector<Operand> args{ca, cb, Scalar::py_int(m), Scalar::py_int(n), Scalar::py_int(k), c};
  kernel::run_elementwise(def, args);
}

[[noreturn]] void core_mismatch(int operand, int64_t got, int64_t want) {
  throw ValueError("matmul: Input operand " + std::to_string(operand) +
                   " has a mismatch in its core dimension 0, with gufunc signature " + kSignature +
                   " (size " + std::to_string(got) + " is different from " + std::to_string(want) +
                   ")");
}

}  // namespace

NDArray matmul(const NDArray& a0, const NDArray& b0, const OptArray& out, OptDType dtype) {
  for (int k = 0; k < 2; ++k)
    if ((k ? b0 : a0).ndim() == 0)
      throw ValueError("matmul: Input operand " + std::to_string(k) +
                       " does not have enough dimensions (has 0, gufunc core with signature " +
                       kSignature + " requires 1)");
  check_device(a0.device()), check_device(b0.device());
  const DType rt = dtype ? *dtype : promote_types(a0.dtype(), b0.dtype());
  for (const NDArray* x : {&a0, &b0})
    if (!can_cast(x->dtype(), rt, Casting::SameKind))
      throw TypeError(std::string("Cannot cast ufunc 'matmul' input from dtype('") +
                      dtype_name(x->dtype()) + "') to dtype('" + dtype_name(rt) +
                      "') with casting rule 'same_kind'");
  const NDArray a = a0.ndim() == 1 ? a0.reshape(Shape{1, a0.shape()[0]}) : a0;
  const NDArray b = b0.ndim() == 1 ? b0.reshape(Shape{b0.shape()[0], 1}) : b0;
  const int64_t m = a.shape()[a.ndim() - 2], k = a.shape()[a.ndim() - 1];
  const int64_t n = b.shape()[b.ndim() - 1];
  if (b.shape()[b.ndim() - 2] != k) core_mismatch(1, b.shape()[b.ndim() - 2], k);
  const Shape batch =
      broadcast_shapes(std::vector<Shape>{Shape(a.shape().begin(), a.shape().end() - 2),
                                          Shape(b.shape().begin(), b.shape().end() - 2)});
  Shape result = batch;
  if (a0.ndim() > 1) result.push_back(m);
  if (b0.ndim() > 1) result.push_back(n);
  if (out) {
    if (out->shape() != result)
      throw ValueError(
          "matmul: Output operand 0 has a mismatch in its core dimension, with "
          "gufunc signature " +
          std::string(kSignature) + ": expected shape " + shape_str(result) + ", got " +
          shape_str(out->shape()));
    if (!can_cast(rt, out->dtype(), Casting::SameKind))
      throw TypeError(std::string("Cannot cast ufunc 'matmul' output from dtype('") +
                      dtype_name(rt) + "') to dtype('" + dtype_name(out->dtype()) +
                      "') with casting rule 'same_kind'");
    check_device(out->device());
  }

  int64_t batch_size = shape_size(batch);
  Shape full = batch;
  full.push_back(m), full.push_back(n);
  NDArray c = NDArray::empty(full, rt);
  if (c.size() != 0) {
    if (k == 0) {
      fill(c, Scalar::py_int(0));
    } else if (small_gemm_wanted(c.device(), rt, m, n, k, batch_size)) {
      // C-contiguous stacks, or one matrix when an operand has no batch of its own; an
      // operand already in that form is used as it is (the row of 1024 products is host-bound).
      auto stack = [&](const NDArray& x, int64_t r, int64_t s) {
        Shape full = x.ndim() == 2 ? Shape{} : batch;
        full.push_back(r), full.push_back(s);
        if (x.dtype() == rt && x.shape() == full && x.c_contiguous()) return x;
        return x.broadcast_to(full).astype(rt, false, Order::C);
      };
      small_gemm(stack(a, m, k), stack(b, k, n), c, m, n, k, batch_size);
    } else if (auto bt = blas_type(rt)) {
      const NDArray ca = a.dtype() == rt ? a : a.astype(rt),
                    cb = b.dtype() == rt ? b : b.astype(rt);
      BlasOperand oa = blas_operand(ca, batch, batch_size),
                  ob = blas_operand(cb, batch, batch_size);
      GemmCall g;  // C^T = B^T A^T in BLAS's column-major terms (backend.hpp)
      g.type = *bt;
      g.m = n, g.n = m, g.k = k, g.batch = batch_size;
      g.a = ob.held.data(), g.trans_a = ob.trans, g.lda = ob.ld, g.stride_a = ob.stride;
      g.b = oa.held.data(), g.trans_b = oa.trans, g.ldb = oa.ld, g.stride_b = oa.stride;
      g.c = c.data(), g.ldc = n, g.stride_c = m * n;
      const Device dev = c.device();
      g.stream = current_stream(dev);
      backend_for(dev).gemm(dev.index, g);
    } else {
      exact_matmul(a, b, c, batch, m, n, k);
    }
  }
  NDArray r = result == full ? c : c.reshape(result);
  if (!out) return r;
  NDArray o = *out;
  copy_into(o, r);
  return o;
}

}  // namespace ndgpu
