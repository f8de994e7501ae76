// Reductions, scans and norms, as NumPy's: every function works on the current device, takes
// `axis` as nullopt (all axes), one axis or several, and raises NumPy's errors.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

using Axes = std::optional<std::vector<int64_t>>;
using OptArray = std::optional<NDArray>;
using OptDType = std::optional<DType>;

// Sums and products accumulate small integers in int64/uint64 and float16 in float32.
NDArray sum(const NDArray& a, const Axes& axis = {}, OptDType dtype = {}, const OptArray& out = {},
            bool keepdims = false);
NDArray prod(const NDArray& a, const Axes& axis = {}, OptDType dtype = {}, const OptArray& out = {},
             bool keepdims = false);
NDArray nansum(const NDArray& a, const Axes& axis = {}, OptDType dtype = {},
               const OptArray& out = {}, bool keepdims = false);
NDArray nanprod(const NDArray& a, const Axes& axis = {}, OptDType dtype = {},
                const OptArray& out = {}, bool keepdims = false);
// Raise ValueError on an empty reduction (no identity), as NumPy.
NDArray amax(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
             bool keepdims = false);
NDArray amin(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
             bool keepdims = false);
NDArray nanmax(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
               bool keepdims = false);
NDArray nanmin(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
               bool keepdims = false);
NDArray ptp(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
            bool keepdims = false);
// One axis or none (the flat index).
NDArray argmax(const NDArray& a, std::optional<int64_t> axis = {}, const OptArray& out = {},
               bool keepdims = false);
NDArray argmin(const NDArray& a, std::optional<int64_t> axis = {}, const OptArray& out = {},
               bool keepdims = false);
NDArray nanargmax(const NDArray& a, std::optional<int64_t> axis = {}, const OptArray& out = {},
                  bool keepdims = false);
NDArray nanargmin(const NDArray& a, std::optional<int64_t> axis = {}, const OptArray& out = {},
                  bool keepdims = false);
NDArray any(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
            bool keepdims = false);
NDArray all(const NDArray& a, const Axes& axis = {}, const OptArray& out = {},
            bool keepdims = false);
NDArray count_nonzero(const NDArray& a, const Axes& axis = {}, bool keepdims = false);
// Means and moments: one pass (var/std combine counts, means and squared deviations).
NDArray mean(const NDArray& a, const Axes& axis = {}, OptDType dtype = {}, const OptArray& out = {},
             bool keepdims = false);
NDArray var(const NDArray& a, const Axes& axis = {}, OptDType dtype = {}, const OptArray& out = {},
            double ddof = 0, bool keepdims = false);
NDArray stddev(const NDArray& a, const Axes& axis = {}, OptDType dtype = {},
               const OptArray& out = {}, double ddof = 0, bool keepdims = false);
NDArray nanmean(const NDArray& a, const Axes& axis = {}, OptDType dtype = {},
                const OptArray& out = {}, bool keepdims = false);
NDArray nanvar(const NDArray& a, const Axes& axis = {}, OptDType dtype = {},
               const OptArray& out = {}, double ddof = 0, bool keepdims = false);
NDArray nanstd(const NDArray& a, const Axes& axis = {}, OptDType dtype = {},
               const OptArray& out = {}, double ddof = 0, bool keepdims = false);
// NumPy's where= (elements kept where true, broadcast to a) and initial= (an extra element) of
// sum, prod, max, min, any, all, mean, var, std and their nan* forms: reduce_with("sum", a,
// ...) is np.sum(a, ..., where=, initial=), with NumPy's TypeError/ValueError for what a
// reduction does not take.
struct ReduceExtras {
  std::optional<NDArray> where;
  std::optional<Scalar> initial;
};
NDArray reduce_with(std::string_view name, const NDArray& a, const Axes& axis, OptDType dtype,
                    const OptArray& out, bool keepdims, const ReduceExtras& extras,
                    double ddof = 0);
// sum(a * w) / sum(w) in one pass; weights broadcast as NumPy's average allows.
NDArray average(const NDArray& a, const Axes& axis = {}, const OptArray& weights = {},
                bool keepdims = false);

// Scans along one axis (nullopt: over the flattened array).
NDArray cumsum(const NDArray& a, std::optional<int64_t> axis = {}, OptDType dtype = {},
               const OptArray& out = {});
NDArray cumprod(const NDArray& a, std::optional<int64_t> axis = {}, OptDType dtype = {},
                const OptArray& out = {});
NDArray nancumsum(const NDArray& a, std::optional<int64_t> axis = {}, OptDType dtype = {},
                  const OptArray& out = {});
NDArray nancumprod(const NDArray& a, std::optional<int64_t> axis = {}, OptDType dtype = {},
                   const OptArray& out = {});
NDArray diff(const NDArray& a, int64_t n = 1, int64_t axis = -1);

// ufunc.reduce for every binary ufunc (NumPy's rules: axes, identity, reorderability);
// ufunc.accumulate for every binary ufunc, in NumPy's order.
NDArray ufunc_reduce(const std::string& ufunc, const NDArray& a, const Axes& axis, OptDType dtype,
                     const OptArray& out, bool keepdims);
NDArray ufunc_accumulate(const std::string& ufunc, const NDArray& a, int64_t axis, OptDType dtype,
                         const OptArray& out);

namespace linalg {
// ord: None, a number (inf, -inf, 0, 1, 2, any p), "fro" or "nuc".
struct NormOrder {
  enum Kind { Default, Number, Fro, Nuc } kind = Default;
  double p = 2;
};
NDArray norm(const NDArray& x, const NormOrder& ord = {}, const Axes& axis = {},
             bool keepdims = false);
}  // namespace linalg

}  // namespace ndgpu
