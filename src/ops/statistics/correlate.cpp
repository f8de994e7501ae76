// numpy.correlate: one kernel over the output; each output sums the overlap of `a` shifted
// by k with conj(v). The window of "same" follows numpy's, which differs when v is longer.
#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/statistics.hpp"
#include "ops/statistics/helpers.hpp"

namespace ndgpu {

NDArray correlate(const NDArray& a, const NDArray& v, const std::string& mode) {
  if (a.ndim() != 1 || v.ndim() != 1) throw ValueError("object too deep for desired array");
  if (a.size() == 0) throw ValueError("a cannot be empty");
  if (v.size() == 0) throw ValueError("v cannot be empty");
  const int64_t n = a.size(), m = v.size(), shorter = std::min(n, m);
  int64_t len = 0, start = 0;  // the output window within the full correlation
  if (mode == "full") {
    len = n + m - 1;
  } else if (mode == "same") {
    len = std::max(n, m), start = n >= m ? (shorter - 1) / 2 : shorter / 2;
  } else if (mode == "valid") {
    len = std::max(n, m) - shorter + 1, start = shorter - 1;
  } else {
    throw ValueError("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  }
  const DType t = promote_types(a.dtype(), v.dtype());
  // Full output k pairs a[j + k - (m - 1)] with v[j], for the j keeping both in range.
  static const kernel::ElementwiseDefinition def(
      {.in_params = "raw T a, raw T v, int64 start",
       .out_params = "T y",
       .operation = "const long long n = a.size(), m = v.size(), k = i + start - (m - 1);"
                    "const long long lo = k < 0 ? -k : 0;"
                    "const long long hi = n - k < m ? n - k : m;"
                    "T s = T(0);"
                    "for (long long j = lo; j < hi; ++j) s += a[j + k] * v[j];"
                    "y = s",
       .name = "ndgpu_correlate"});
  NDArray out = NDArray::empty(Shape{len}, t);
  NDArray vc = ops::statistics::ufunc("conjugate", v.astype(t, false));
  const Operand args[4] = {a.astype(t, false), vc, Scalar::py_int(start), out};
  kernel::run_elementwise(def, args);
  return out;
}

}  // namespace ndgpu
