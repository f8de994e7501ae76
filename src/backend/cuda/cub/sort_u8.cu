// CUB's radix sorts of 1-byte keys.
#include "sort_impl.cuh"

cudaError_t ndgpu_cub_sort_1(const ndgpu_cub_sort_call& c) {
  return ndgpu_cub::sort<unsigned char>(c);
}
