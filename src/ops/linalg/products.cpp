// NumPy's other products, on matmul and the ufuncs: vdot, inner, outer, tensordot, kron and
// trace.
#include <algorithm>

#include "ndgpu/errors.hpp"
#include "ndgpu/linalg.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu {
namespace {

NDArray call1(const char* ufunc, const NDArray& a) {
  const Operand in[1] = {a};
  return call_ufunc(ufunc, in)[0];
}

// `a` with `moved` axes last (as one axis of their product) and the others first (as one).
NDArray as_matrix(const NDArray& a, const std::vector<int>& moved, bool moved_first) {
  std::vector<int64_t> order;
  for (int d = 0; d < a.ndim(); ++d)
    if (std::find(moved.begin(), moved.end(), d) == moved.end()) order.push_back(d);
  int64_t k = 1;
  for (int d : moved) k *= a.shape()[d];
  int64_t free_size = 1;
  for (int64_t d : order) free_size *= a.shape()[d];
  if (moved_first)
    order.insert(order.begin(), moved.begin(), moved.end());
  else
    order.insert(order.end(), moved.begin(), moved.end());
  NDArray t = a.transpose(order);
  return t.reshape(moved_first ? Shape{k, free_size} : Shape{free_size, k});
}

}  // namespace

NDArray vdot(const NDArray& a, const NDArray& b) {
  if (a.size() != b.size()) throw ValueError("cannot reshape array: vdot needs equal sizes");
  const NDArray fa = a.reshape(Shape{a.size()}), fb = b.reshape(Shape{b.size()});
  return matmul(is_complex(fa.dtype()) ? call1("conjugate", fa) : fa, fb);
}

NDArray inner(const NDArray& a, const NDArray& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  return tensordot(a, b, {a.ndim() - 1}, {b.ndim() - 1});
}

NDArray outer(const NDArray& a, const NDArray& b) {
  return multiply(a.reshape(Shape{a.size(), 1}), b.reshape(Shape{1, b.size()}));
}

NDArray tensordot(const NDArray& a, const NDArray& b, int64_t axes) {
  // NumPy sums over a's last `axes` and b's first: none for a negative count (empty ranges),
  // and an IndexError past an operand's dimensions (AxisError is one).
  axes = std::max<int64_t>(axes, 0);
  if (axes > a.ndim() || axes > b.ndim())
    throw AxisError("tensordot: axes=" + std::to_string(axes) +
                    " is out of bounds for arrays of dimensions " + std::to_string(a.ndim()) +
                    " and " + std::to_string(b.ndim()));
  std::vector<int64_t> ax, bx;
  for (int64_t k = 0; k < axes; ++k) ax.push_back(a.ndim() - axes + k), bx.push_back(k);
  return tensordot(a, b, ax, bx);
}

NDArray tensordot(const NDArray& a, const NDArray& b, const std::vector<int64_t>& a_axes,
                  const std::vector<int64_t>& b_axes) {
  if (a_axes.size() != b_axes.size()) throw ValueError("shape-mismatch for sum");
  std::vector<int> am, bm;
  for (size_t k = 0; k < a_axes.size(); ++k) {
    am.push_back(normalize_axis(a_axes[k], a.ndim()));
    bm.push_back(normalize_axis(b_axes[k], b.ndim()));
    if (a.shape()[am.back()] != b.shape()[bm.back()]) throw ValueError("shape-mismatch for sum");
  }
  Shape result;
  for (int d = 0; d < a.ndim(); ++d)
    if (std::find(am.begin(), am.end(), d) == am.end()) result.push_back(a.shape()[d]);
  for (int d = 0; d < b.ndim(); ++d)
    if (std::find(bm.begin(), bm.end(), d) == bm.end()) result.push_back(b.shape()[d]);
  return matmul(as_matrix(a, am, false), as_matrix(b, bm, true)).reshape(result);
}

NDArray kron(const NDArray& a, const NDArray& b) {
  // Each operand padded to the same ndim, then a's axes interleaved with b's: (a0, b0, a1, b1..).
  const int nd = std::max(a.ndim(), b.ndim());
  auto padded = [nd](const NDArray& x) {
    Shape s(size_t(nd - x.ndim()), 1);
    s.insert(s.end(), x.shape().begin(), x.shape().end());
    return s;
  };
  const Shape sa = padded(a), sb = padded(b);
  Shape ia, ib, result;
  for (int d = 0; d < nd; ++d) {
    ia.push_back(sa[d]), ia.push_back(1);
    ib.push_back(1), ib.push_back(sb[d]);
    result.push_back(sa[d] * sb[d]);
  }
  return multiply(a.reshape(ia), b.reshape(ib)).reshape(result);
}

NDArray trace(const NDArray& a, int64_t offset, int64_t axis1, int64_t axis2, OptDType dtype,
              const OptArray& out) {
  if (a.ndim() < 2) throw ValueError("diag requires an array of at least two dimensions");
  const NDArray diag = diagonal(a, offset, axis1, axis2);
  return sum(diag, std::vector<int64_t>{-1}, dtype, out);
}

}  // namespace ndgpu
