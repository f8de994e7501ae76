// The CPU backend's sorts: radix sorts of unsigned keys. One long row of keys alone goes most
// significant digit first, then bucket by bucket over the thread pool; with values (argsort)
// least significant first, its passes split over the pool; many segments spread over it.
#pragma once
#include "ndgpu/backend.hpp"

namespace ndgpu::cpu {

void cpu_sort(const SortCall& call);

}  // namespace ndgpu::cpu
