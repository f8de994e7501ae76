// CUB's radix sort of float and double keys in one segment (sort of float32/float64 on
// CUDA): CUB orders IEEE keys itself, so no key encoding or decoding pass is needed.
#include "sort_impl.cuh"

cudaError_t ndgpu_cub_sort_float(const ndgpu_cub_sort_call& c) {
  if (c.segments != 1 || c.values_in) return cudaErrorInvalidValue;
  if (c.n == 0) return cudaSuccess;
  cudaStream_t s = static_cast<cudaStream_t>(c.stream);
  if (c.key_bytes == 4) return ndgpu_cub::sort_keys_whole<float>(c, s);
  if (c.key_bytes == 8) return ndgpu_cub::sort_keys_whole<double>(c, s);
  return cudaErrorInvalidValue;
}
