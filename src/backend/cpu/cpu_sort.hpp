// The CPU backend's sorts: a least-significant-digit radix sort of unsigned keys, its passes
// split over the thread pool for one long segment, segments spread over the pool otherwise.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cpu {

void cpu_sort(const SortCall& call);

}  // namespace ndgpu::cpu
