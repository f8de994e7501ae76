// A fixed pool of host threads for kernel blocks; sized to the machine (NDGPU_NUM_THREADS).
#pragma once
#include <cstdint>
#include <functional>

namespace ndgpu::cpu {

int pool_size();
// Runs fn(i) for i in [0, count) over the pool and the calling thread; returns when all are
// done. The first exception thrown by fn is rethrown here. Nested calls run serially.
void parallel_for(uint64_t count, const std::function<void(uint64_t)>& fn);

}  // namespace ndgpu::cpu
