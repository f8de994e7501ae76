#include "kernel/reduction/plan.hpp"

#include <algorithm>

#include <cstdlib>
#include "kernel/limits.hpp"

namespace ndgpu::kernel {
namespace {

// Sorts a group of axes slowest first by the layout operand; merges evenly stepped runs.
void arrange_group(std::vector<int>& axes, const std::vector<Strides>& strides, int layout,
                   bool reorder) {
  if (reorder && layout >= 0)
    std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) {
      return std::llabs(strides[layout][a]) > std::llabs(strides[layout][b]);
    });
}

void merge_group(Shape& gshape, std::vector<Strides>& gstrides) {
  for (int d = int(gshape.size()) - 2; d >= 0; --d) {
    bool mergeable = true;
    for (auto& s : gstrides) mergeable = mergeable && s[d] == s[d + 1] * gshape[d + 1];
    if (!mergeable) continue;
    gshape[d + 1] *= gshape[d];
    gshape.erase(gshape.begin() + d);
    for (auto& s : gstrides) s.erase(s.begin() + d);
  }
}

}  // namespace

ReductionPlan make_reduction_plan(const Shape& shape, const std::vector<bool>& reduced,
                                  const std::vector<Strides>& strides,
                                  const std::vector<int64_t>& itemsizes, int layout, bool reorder,
                                  bool collapse) {
  ReductionPlan plan;
  std::vector<int> out_axes, red_axes;
  for (int d = 0; d < int(shape.size()); ++d) {
    if (shape[d] == 1) continue;  // never changes an index or an offset
    (reduced[d] ? red_axes : out_axes).push_back(d);
  }
  arrange_group(out_axes, strides, layout, reorder);
  arrange_group(red_axes, strides, layout, reorder);

  const size_t nops = strides.size();
  std::vector<Strides> os(nops), rs(nops);
  for (int d : out_axes) plan.out_shape.push_back(shape[d]);
  for (int d : red_axes) plan.red_shape.push_back(shape[d]);
  for (size_t k = 0; k < nops; ++k) {
    for (int d : out_axes) os[k].push_back(strides[k][d]);
    for (int d : red_axes) rs[k].push_back(strides[k][d]);
  }
  if (collapse) {
    merge_group(plan.out_shape, os);
    merge_group(plan.red_shape, rs);
  }
  plan.strides.resize(nops);
  for (size_t k = 0; k < nops; ++k) {
    plan.strides[k] = os[k];
    plan.strides[k].insert(plan.strides[k].end(), rs[k].begin(), rs[k].end());
  }
  plan.out_size = shape_size(plan.out_shape);
  plan.red_size = shape_size(plan.red_shape);

  const int64_t limit = kIndex32Limit;
  plan.index32 = plan.out_size * plan.red_size < limit;
  for (size_t k = 0; k < nops && plan.index32; ++k) {
    int64_t span = itemsizes[k];
    for (int d = 0; d < plan.out_ndim(); ++d)
      span += std::llabs(plan.strides[k][d]) * std::max<int64_t>(plan.out_shape[d] - 1, 0);
    for (int d = 0; d < plan.red_ndim(); ++d)
      span += std::llabs(plan.strides[k][plan.out_ndim() + d]) *
              std::max<int64_t>(plan.red_shape[d] - 1, 0);
    plan.index32 = span < limit;
  }
  return plan;
}

ReduceStrategy choose_strategy(const ReductionPlan& plan, int layout) {
  if (plan.out_size <= 1 || plan.red_ndim() == 0 || layout < 0) return ReduceStrategy::Rows;
  if (plan.out_ndim() == 0) return ReduceStrategy::Rows;
  const Strides& s = plan.strides[layout];
  int64_t rs = std::llabs(s[plan.out_ndim() + plan.red_ndim() - 1]);
  int64_t os = std::llabs(s[plan.out_ndim() - 1]);
  return rs <= os ? ReduceStrategy::Rows : ReduceStrategy::Columns;
}

}  // namespace ndgpu::kernel
