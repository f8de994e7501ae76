// CUB's radix sorts of 4-byte keys.
#include "sort_impl.cuh"

cudaError_t ndgpu_cub_sort_4(const ndgpu_cub_sort_call& c) {
  return ndgpu_cub::sort<unsigned int>(c);
}
