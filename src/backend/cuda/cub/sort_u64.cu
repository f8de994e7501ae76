// CUB's radix sorts of 8-byte keys.
#include "sort_impl.cuh"

cudaError_t ndgpu_cub_sort_8(const ndgpu_cub_sort_call& c) {
  return ndgpu_cub::sort<unsigned long long>(c);
}
