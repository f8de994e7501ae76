// Reductions with their optional arguments in one struct, as Python's keywords:
// `ndgpu::sum(a, {.axis = 1, .keepdims = true})`, `ndgpu::mean(a, {.axis = {0, 1}})`,
// `ndgpu::max(a, {.where = mask, .initial = Scalar::py_int(0)})`.
#pragma once
#include <initializer_list>
#include <optional>
#include <vector>

#include "ndgpu/reductions.hpp"

namespace ndgpu {

// axis=None (every axis), one axis or several.
struct AxisArg {
  Axes axes;
  AxisArg() = default;
  AxisArg(std::nullopt_t) {}                                                    // NOLINT: implicit
  AxisArg(int64_t axis) : axes(std::vector<int64_t>{axis}) {}                   // NOLINT
  AxisArg(std::initializer_list<int64_t> a) : axes(std::vector<int64_t>(a)) {}  // NOLINT
  AxisArg(std::vector<int64_t> a) : axes(std::move(a)) {}                       // NOLINT
  // The single axis of argmax and the scans (TypeError for several).
  std::optional<int64_t> single(const char* function) const;
};

struct ReduceOptions {
  AxisArg axis;
  OptDType dtype;
  OptArray out;
  bool keepdims = false;
  double ddof = 0;  // var, std
  // NumPy's where= and initial= (reduce_with's extras; TypeError where NumPy takes none).
  std::optional<NDArray> where;
  std::optional<Scalar> initial;
};

// The options overloads: the second argument is always a ReduceOptions (write `sum(a)` for
// the defaults). NumPy's std is stddev: `std` names the standard library.
// clang-format off
#define NDGPU_REDUCE_OPTIONS(X)                                                              \
  X(sum) X(prod) X(nansum) X(nanprod) X(amax) X(amin) X(max) X(min) X(nanmax) X(nanmin)      \
  X(ptp) X(argmax) X(argmin) X(nanargmax) X(nanargmin) X(any) X(all) X(count_nonzero)        \
  X(mean) X(var) X(stddev) X(nanmean) X(nanvar) X(nanstd) X(cumsum) X(cumprod) X(nancumsum)  \
  X(nancumprod)
// clang-format on
#define NDGPU_DECLARE_REDUCE(name) NDArray name(const NDArray& a, const ReduceOptions& options);
NDGPU_REDUCE_OPTIONS(NDGPU_DECLARE_REDUCE)
#undef NDGPU_DECLARE_REDUCE

// max and min without options, as NumPy's aliases of amax and amin.
NDArray max(const NDArray& a);
NDArray min(const NDArray& a);

}  // namespace ndgpu
