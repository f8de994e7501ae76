// Accumulator types and combine functions of ndgpu's built-in reductions (argmax, var,
// ptp, nan-aware min/max). User ReductionKernels do not include this header.
#pragma once
#include "ndgpu/math.cuh"
#include "ndgpu/reduce.cuh"

namespace ndgpu {

// Signed integer sums and products wrap as NumPy's (through unsigned: no C++ overflow).
template <class T>
NDGPU_HD T add_(const T& a, const T& b) {
  return a + b;
}
NDGPU_HD long long add_(const long long& a, const long long& b) {
  return (long long)((unsigned long long)a + (unsigned long long)b);
}
template <class T>
NDGPU_HD T mul_(const T& a, const T& b) {
  return a * b;
}
NDGPU_HD long long mul_(const long long& a, const long long& b) {
  return (long long)((unsigned long long)a * (unsigned long long)b);
}

#ifdef NDGPU_DEVICE_CUDA
NDGPU_HD float inf_f() {
  return __int_as_float(0x7f800000);
}
NDGPU_HD double inf_d() {
  return __longlong_as_double(0x7ff0000000000000ll);
}
NDGPU_HD float nan_f() {
  return __int_as_float(0x7fc00000);
}
NDGPU_HD double nan_d() {
  return __longlong_as_double(0x7ff8000000000000ll);
}
#else
NDGPU_HD float inf_f() {
  return __builtin_huge_valf();
}
NDGPU_HD double inf_d() {
  return __builtin_huge_val();
}
NDGPU_HD float nan_f() {
  return __builtin_nanf("");
}
NDGPU_HD double nan_d() {
  return __builtin_nan("");
}
#endif

// nanmax/nanmin: NaN is the identity, so an all-NaN slice stays NaN.
template <class T>
NDGPU_HD T fmax_(const T& a, const T& b) {
  return isnan_(a) ? b : (isnan_(b) ? a : maximum(a, b));
}
template <class T>
NDGPU_HD T fmin_(const T& a, const T& b) {
  return isnan_(a) ? b : (isnan_(b) ? a : minimum(a, b));
}

// |x|^2 without a square root: the accumulator of norms.
template <class T>
NDGPU_HD T abs2(const T& v) {
  return v * v;
}
template <class T>
NDGPU_HD T abs2(const complex<T>& v) {
  return norm(v);
}

// argmax/argmin: a value and its flat index; index -1 is "no element" (the identity).
// Ties and NaNs go to the lowest index, as NumPy's first-occurrence rule.
template <class T>
struct ArgPair {
  T v;
  long long i;
};
template <class T>
NDGPU_HD ArgPair<T> arg_pair(const T& v, long long i) {
  ArgPair<T> p;
  p.v = v;
  p.i = i;
  return p;
}
template <class T>
NDGPU_HD ArgPair<T> arg_none() {
  ArgPair<T> p;
  p.v = T(0);
  p.i = -1;
  return p;
}
template <bool Max, class T>
NDGPU_HD ArgPair<T> arg_combine(const ArgPair<T>& a, const ArgPair<T>& b) {
  if (a.i < 0) return b;
  if (b.i < 0) return a;
  bool an = isnan_(a.v), bn = isnan_(b.v);
  if (an || bn) return (an && bn) ? (a.i < b.i ? a : b) : (an ? a : b);
  bool b_wins = Max ? greater(b.v, a.v) : less(b.v, a.v);
  bool a_wins = Max ? greater(a.v, b.v) : less(a.v, b.v);
  if (b_wins) return b;
  if (a_wins) return a;
  return a.i < b.i ? a : b;
}

// ptp: the running minimum and maximum, NaN-propagating.
template <class T>
struct MinMax {
  T lo, hi;
  bool any;
};
template <class T>
NDGPU_HD MinMax<T> minmax_of(const T& v) {
  MinMax<T> m;
  m.lo = v;
  m.hi = v;
  m.any = true;
  return m;
}
template <class T>
NDGPU_HD MinMax<T> minmax_none() {
  MinMax<T> m;
  m.lo = T(0);
  m.hi = T(0);
  m.any = false;
  return m;
}
template <class T>
NDGPU_HD MinMax<T> minmax_combine(const MinMax<T>& a, const MinMax<T>& b) {
  if (!a.any) return b;
  if (!b.any) return a;
  MinMax<T> m;
  m.lo = minimum(a.lo, b.lo);
  m.hi = maximum(a.hi, b.hi);
  m.any = true;
  return m;
}

// var/std in one pass: count, mean and sum of squared deviations, combined with Chan's
// formula (stable, order-free). M is the mean's type (complex for complex input), F real.
template <class M, class F>
struct Moments {
  long long n;
  M mean;
  F m2;
};
template <class M, class F>
NDGPU_HD Moments<M, F> moments_none() {
  Moments<M, F> m;
  m.n = 0;
  m.mean = M(0);
  m.m2 = F(0);
  return m;
}
template <class M, class F>
NDGPU_HD Moments<M, F> moments_of(const M& v) {
  Moments<M, F> m;
  m.n = 1;
  m.mean = v;
  m.m2 = F(0);
  return m;
}
template <class M, class F>
NDGPU_HD Moments<M, F> moments_combine(const Moments<M, F>& a, const Moments<M, F>& b) {
  if (a.n == 0) return b;
  if (b.n == 0) return a;
  Moments<M, F> m;
  m.n = a.n + b.n;
  F fb = F(b.n) / F(m.n);
  M delta = b.mean - a.mean;
  m.mean = a.mean + delta * fb;
  m.m2 = a.m2 + b.m2 + abs2(delta) * F(a.n) * fb;
  return m;
}

// var from the moments, as NumPy computes it: NaN when an element was NaN or infinite (its
// x - mean is NaN), sum / max(n - ddof, 0) otherwise; nanvar is NaN where n - ddof <= 0.
// `nan` comes from the host: NaN for floating F, 0 for integer F (never NaN there).
template <class M, class F>
NDGPU_HD F moments_var(const Moments<M, F>& a, F ddof, bool nan_without_dof, F nan) {
  if (isnan_(a.mean - a.mean)) return nan;
  const F dof = F(a.n) - ddof;
  if (nan_without_dof && !(dof > F(0))) return nan;
  return a.m2 / max_(dof, F(0));
}

// NumPy's var with an integer dtype=: squares about the mean truncated to an integer
// (sum((x - t)^2) = m2 + n (mean - t)^2), divided by max(n - ddof, 0).
template <class F>
NDGPU_HD F moments_var_about_int_mean(const Moments<F, F>& a, F ddof) {
  const F d = a.mean - trunc(a.mean);
  return (a.m2 + F(a.n) * d * d) / max_(F(a.n) - ddof, F(0));
}

// average(weights): the weighted sum and the sum of weights together.
template <class T>
struct WSum {
  T s, w;
};
template <class T>
NDGPU_HD WSum<T> wsum(const T& s, const T& w) {
  WSum<T> r;
  r.s = s;
  r.w = w;
  return r;
}
template <class T>
NDGPU_HD WSum<T> wsum_combine(const WSum<T>& a, const WSum<T>& b) {
  return wsum(a.s + b.s, a.w + b.w);
}

}  // namespace ndgpu
