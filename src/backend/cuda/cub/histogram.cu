// CUB's DeviceHistogram::HistogramRange behind ndgpu_cub_histogram: numpy.histogram of
// float32/float64 samples into given levels (the caller passes NumPy's edges, the last one
// nudged up so that values on it count in the last bin, as NumPy counts them).
#include <cub/device/device_histogram.cuh>

#include "ndgpu_cub.h"

namespace {

template <class T>
cudaError_t histogram_range(const ndgpu_cub_histogram_call& c) {
  cudaStream_t s = static_cast<cudaStream_t>(c.stream);
  const T* samples = static_cast<const T*>(c.samples);
  const T* levels = static_cast<const T*>(c.levels);
  const int num_levels = c.bins + 1;
  size_t bytes = 0;
  cudaError_t e = cub::DeviceHistogram::HistogramRange(nullptr, bytes, samples, c.counts,
                                                       num_levels, levels, c.n, s);
  if (e != cudaSuccess) return e;
  void* tmp = bytes ? c.alloc(c.alloc_ctx, bytes) : nullptr;
  if (bytes && !tmp) return cudaErrorMemoryAllocation;
  e = cub::DeviceHistogram::HistogramRange(tmp, bytes, samples, c.counts, num_levels, levels, c.n,
                                           s);
  if (tmp) c.free(c.alloc_ctx, tmp, bytes);
  return e;
}

}  // namespace

cudaError_t ndgpu_cub_histogram_range(const ndgpu_cub_histogram_call& c) {
  if (c.bins <= 0) return cudaErrorInvalidValue;
  switch (c.type) {
    case 0:
      return histogram_range<float>(c);
    case 1:
      return histogram_range<double>(c);
    default:
      return cudaErrorInvalidValue;
  }
}
