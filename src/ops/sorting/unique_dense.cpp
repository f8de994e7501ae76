#include "ops/sorting/unique_dense.hpp"

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {
namespace {

// Below this the sort's few launches cost less than the range's extra reductions.
constexpr int64_t kDenseMin = 1024;

// Read before writing: once a value's flag is set, its other occurrences only read the (cached)
// line, where every store would contend for it.
const kernel::ElementwiseDefinition& flag_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "T x, int64 lo",
       .out_params = "raw bool seen",
       .operation = "bool& f = seen[(long long)x - lo]; if (!f) f = true",
       .name = "ndgpu_unique_flag"});
  return d;
}

const kernel::ElementwiseDefinition& count_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "T x, int64 lo",
       .out_params = "raw int64 counts",
       .operation = "atomicAdd((unsigned long long*)&counts[(long long)x - lo], 1ull)",
       .name = "ndgpu_unique_count"});
  return d;
}

NDArray ufunc(const char* name, const NDArray& a, const Operand& b) {
  return call_ufunc(name, std::vector<Operand>{a, b})[0];
}

}  // namespace

std::optional<UniqueResult> unique_dense(const NDArray& flat, const Shape& shape,
                                         const UniqueOptions& o) {
  const DType t = flat.dtype();
  const int64_t n = flat.size();
  if (!is_integer(t) || t == DType::UInt64 || o.return_index || n < kDenseMin) return {};
  // The range, read in one copy: int64 holds every value of the other integer dtypes.
  const NDArray ends[2] = {amin(flat).reshape(Shape{1}), amax(flat).reshape(Shape{1})};
  int64_t lohi[2];
  concatenate(ends, 0).astype(DType::Int64, false).to_host(lohi);
  const uint64_t range = uint64_t(lohi[1]) - uint64_t(lohi[0]) + 1;
  if (range > uint64_t(n)) return {};
  const int64_t lo = lohi[0], r = int64_t(range);
  DeviceGuard g(flat.device());
  const Operand lo_arg = Scalar::py_int(lo);
  NDArray seen, counts;
  if (o.return_counts) {
    counts = zeros(Shape{r}, DType::Int64);
    const Operand args[3] = {flat, lo_arg, counts};
    kernel::run_elementwise(count_def(), args);
    seen = ufunc("greater", counts, Scalar::py_int(0));
  } else {
    seen = zeros(Shape{r}, DType::Bool);
    const Operand args[3] = {flat, lo_arg, seen};
    kernel::run_elementwise(flag_def(), args);
  }
  NDArray offsets = flatnonzero(seen);
  UniqueResult res;
  res.values = ufunc("add", offsets, lo_arg).astype(t, false);
  if (o.return_counts) res.counts = take(counts, offsets);
  if (o.return_inverse) {
    // A value's position among the values: the number of values seen below it.
    NDArray rank = ufunc("subtract", cumsum(seen, std::nullopt, DType::Int64), Scalar::py_int(1));
    NDArray at = ufunc("subtract", flat.astype(DType::Int64, false), lo_arg);
    res.inverse = take(rank, at).reshape(shape);
  }
  return res;
}

}  // namespace ndgpu
