#include "kernel/iteration_plan.hpp"

#include <algorithm>

#include <cstdlib>
#include <numeric>
#include "kernel/limits.hpp"

namespace ndgpu::kernel {

IterationPlan make_plan(const Shape& shape, std::vector<Strides> strides,
                        const std::vector<int64_t>& itemsizes, bool reorder, bool collapse) {
  IterationPlan plan;
  plan.size = shape_size(shape);
  const size_t nops = strides.size();
  std::vector<int> axes;
  for (int d = 0; d < int(shape.size()); ++d)
    if (!collapse || shape[d] != 1) axes.push_back(d);
  if (reorder && nops > 0) {
    // Slowest axis first, judged by the first operand (the output), then the others.
    std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) {
      for (size_t k = 0; k < nops; ++k) {
        int64_t sa = std::llabs(strides[k][a]), sb = std::llabs(strides[k][b]);
        if (sa == 0 || sb == 0) continue;  // broadcast axes say nothing about order
        if (sa != sb) return sa > sb;
      }
      return false;
    });
  }
  for (int d : axes) plan.shape.push_back(shape[d]);
  plan.strides.resize(nops);
  for (size_t k = 0; k < nops; ++k)
    for (int d : axes) plan.strides[k].push_back(strides[k][d]);

  if (collapse) {
    // Merge axis d into d+1 when stepping d equals stepping over all of d+1, for all operands.
    for (int d = plan.ndim() - 2; d >= 0; --d) {
      bool mergeable = true;
      for (size_t k = 0; k < nops && mergeable; ++k)
        mergeable = plan.strides[k][d] == plan.strides[k][d + 1] * plan.shape[d + 1];
      if (!mergeable) continue;
      plan.shape[d + 1] *= plan.shape[d];
      plan.shape.erase(plan.shape.begin() + d);
      for (auto& s : plan.strides) s.erase(s.begin() + d);
    }
  }

  plan.contiguous = plan.ndim() <= 1;
  for (size_t k = 0; k < nops && plan.contiguous; ++k)
    plan.contiguous = plan.ndim() == 0 || plan.strides[k][0] == itemsizes[k];
  if (plan.contiguous && plan.ndim() == 0) plan.shape = {plan.size}, plan.strides.assign(nops, {});
  if (plan.contiguous)
    for (size_t k = 0; k < nops; ++k) plan.strides[k] = {itemsizes[k]};

  const int64_t limit = kIndex32Limit;
  plan.index32 = plan.size < limit;
  for (size_t k = 0; k < nops && plan.index32; ++k) {
    int64_t span = 0;
    for (int d = 0; d < plan.ndim(); ++d)
      span += std::llabs(plan.strides[k][d]) * (plan.shape[d] - 1);
    plan.index32 = span + itemsizes[k] < limit;
  }
  return plan;
}

}  // namespace ndgpu::kernel
