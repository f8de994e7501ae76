// CUB's DeviceScan::InclusiveSum behind ndgpu_cub_inclusive_sum (cumsum of one contiguous row).
#include <cub/device/device_scan.cuh>

#include "ndgpu_cub.h"

namespace {

// N is the item count's type: CUB picks its offset type from it, and 32-bit offsets are its
// fastest path, so counts that fit an int are passed as one.
template <class T, class N>
cudaError_t inclusive_sum_n(const ndgpu_cub_scan_call& c, N n) {
  cudaStream_t s = static_cast<cudaStream_t>(c.stream);
  const T* in = static_cast<const T*>(c.in);
  T* out = static_cast<T*>(c.out);
  size_t bytes = 0;
  cudaError_t e = cub::DeviceScan::InclusiveSum(nullptr, bytes, in, out, n, s);
  if (e != cudaSuccess) return e;
  void* tmp = bytes ? c.alloc(c.alloc_ctx, bytes) : nullptr;
  if (bytes && !tmp) return cudaErrorMemoryAllocation;
  e = cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n, s);
  if (tmp) c.free(c.alloc_ctx, tmp, bytes);
  return e;
}

template <class T>
cudaError_t inclusive_sum(const ndgpu_cub_scan_call& c) {
  return c.n <= 0x7fffffffLL ? inclusive_sum_n<T>(c, int(c.n)) : inclusive_sum_n<T>(c, c.n);
}

}  // namespace

cudaError_t ndgpu_cub_scan(const ndgpu_cub_scan_call& c) {
  if (c.n <= 0) return cudaSuccess;
  switch (c.type) {
    case 0:
      return inclusive_sum<float>(c);
    case 1:
      return inclusive_sum<double>(c);
    case 2:
      return inclusive_sum<int>(c);
    case 3:
      return inclusive_sum<long long>(c);
    case 4:
      return inclusive_sum<unsigned>(c);
    case 5:
      return inclusive_sum<unsigned long long>(c);
    default:
      return cudaErrorInvalidValue;
  }
}
