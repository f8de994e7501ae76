// unique and the set routines, as NumPy's own: a stable sort, then a mask of the first of
// each run of equal values; the rest is indexing, cumsum and diff. Integers over a range no
// wider than their count skip the sort (unique_dense.cpp).
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/sorting/unique_dense.hpp"

namespace ndgpu {
namespace {

NDArray ufunc(const char* name, const NDArray& a) {
  return call_ufunc(name, std::vector<Operand>{a})[0];
}
NDArray ufunc(const char* name, const NDArray& a, const NDArray& b) {
  return call_ufunc(name, std::vector<Operand>{a, b})[0];
}
NDArray slice(const NDArray& a, std::optional<int64_t> start, std::optional<int64_t> stop) {
  return a.index(std::vector<IndexItem>{Slice{start, stop, std::nullopt}});
}
NDArray join(const std::vector<NDArray>& parts) {
  return concatenate(parts, 0);
}

// True where a sorted 1-D array's value differs from the one before (the first is true).
// equal_nan: NaNs, which sort last, count as one value.
NDArray run_starts(const NDArray& s, bool equal_nan) {
  NDArray rest = ufunc("not_equal", slice(s, 1, {}), slice(s, {}, -1));
  if (equal_nan && is_inexact(s.dtype())) {
    NDArray both_nan =
        ufunc("logical_and", ufunc("isnan", slice(s, 1, {})), ufunc("isnan", slice(s, {}, -1)));
    rest = ufunc("logical_and", rest, ufunc("logical_not", both_nan));
  }
  return join({full(Shape{1}, Scalar::py_bool(true), DType::Bool), rest});
}

}  // namespace

UniqueResult unique(const NDArray& a, const UniqueOptions& o) {
  check_device(a.device());
  NDArray flat = ravel(a);
  const int64_t n = flat.size();
  UniqueResult r;
  if (n == 0) {
    r.values = flat;
    NDArray none = NDArray::empty_on(current_device(), Shape{0}, DType::Int64);
    if (o.return_index) r.index = none;
    if (o.return_inverse) r.inverse = NDArray::empty_on(current_device(), a.shape(), DType::Int64);
    if (o.return_counts) r.counts = none;
    return r;
  }
  if (auto dense = unique_dense(flat, a.shape(), o)) return *dense;
  const bool need_order = o.return_index || o.return_inverse;
  NDArray order = need_order ? argsort(flat, {.axis = -1}) : NDArray();
  NDArray s = need_order ? take(flat, order) : sort(flat, {.axis = -1});
  NDArray starts = run_starts(s, o.equal_nan);
  r.values = extract(starts, s);
  if (o.return_index) r.index = extract(starts, order);
  if (o.return_inverse) {
    // Each sorted position's run number, scattered back to where the value came from.
    NDArray run = ufunc("subtract", cumsum(starts, std::nullopt, DType::Int64),
                        full(Shape{}, Scalar::py_int(1), DType::Int64));
    NDArray inverse = NDArray::empty_on(current_device(), Shape{n}, DType::Int64);
    setitem(inverse, std::vector<Index>{order}, run);
    r.inverse = inverse.reshape(a.shape());
  }
  if (o.return_counts) {
    NDArray bounds = join({flatnonzero(starts), full(Shape{1}, Scalar::py_int(n), DType::Int64)});
    r.counts = diff(bounds);
  }
  return r;
}

IntersectResult intersect1d(const NDArray& a, const NDArray& b, bool assume_unique,
                            bool return_indices) {
  NDArray u1 = ravel(a), u2 = ravel(b);
  std::optional<NDArray> first1, first2;
  if (!assume_unique) {
    UniqueResult r1 = unique(a, {.return_index = return_indices});
    UniqueResult r2 = unique(b, {.return_index = return_indices});
    u1 = r1.values, u2 = r2.values, first1 = r1.index, first2 = r2.index;
  }
  NDArray aux = join({u1, u2});
  NDArray order = argsort(aux, {.axis = -1});
  aux = take(aux, order);
  NDArray same = ufunc("equal", slice(aux, 1, {}), slice(aux, {}, -1));
  IntersectResult r;
  r.values = extract(same, slice(aux, {}, -1));
  if (return_indices) {
    NDArray i1 = extract(same, slice(order, {}, -1));
    NDArray i2 = ufunc("subtract", extract(same, slice(order, 1, {})),
                       full(Shape{}, Scalar::py_int(u1.size()), DType::Int64));
    r.indices1 = first1 ? take(*first1, i1) : i1;
    r.indices2 = first2 ? take(*first2, i2) : i2;
  }
  return r;
}

NDArray union1d(const NDArray& a, const NDArray& b) {
  return unique(join({ravel(a), ravel(b)})).values;
}

NDArray setdiff1d(const NDArray& a, const NDArray& b, bool assume_unique) {
  NDArray u1 = assume_unique ? ravel(a) : unique(a).values;
  NDArray u2 = assume_unique ? b : unique(b).values;
  return extract(isin(u1, u2, true, true), u1);
}

NDArray setxor1d(const NDArray& a, const NDArray& b, bool assume_unique) {
  NDArray aux =
      assume_unique ? join({ravel(a), ravel(b)}) : join({unique(a).values, unique(b).values});
  if (aux.size() == 0) return aux;
  aux = sort(aux, {.axis = -1});
  NDArray yes = full(Shape{1}, Scalar::py_bool(true), DType::Bool);
  NDArray flag = join({yes, ufunc("not_equal", slice(aux, 1, {}), slice(aux, {}, -1)), yes});
  return extract(ufunc("logical_and", slice(flag, 1, {}), slice(flag, {}, -1)), aux);
}

}  // namespace ndgpu
