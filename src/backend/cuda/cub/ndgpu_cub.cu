// libndgpu_cub.so's entry points: the C interface of ndgpu_cub.h over CUB's algorithms.
#include <cuda_runtime.h>
#include <cub/version.cuh>

#include <cstdio>

#include "ndgpu_cub.h"

cudaError_t ndgpu_cub_sort_1(const ndgpu_cub_sort_call& c);
cudaError_t ndgpu_cub_sort_2(const ndgpu_cub_sort_call& c);
cudaError_t ndgpu_cub_sort_4(const ndgpu_cub_sort_call& c);
cudaError_t ndgpu_cub_sort_8(const ndgpu_cub_sort_call& c);
cudaError_t ndgpu_cub_sort_float(const ndgpu_cub_sort_call& c);
cudaError_t ndgpu_cub_scan(const ndgpu_cub_scan_call& c);
cudaError_t ndgpu_cub_histogram_range(const ndgpu_cub_histogram_call& c);

namespace {

int report(cudaError_t e, char* error, size_t error_len) {
  if (e != cudaSuccess && error && error_len)
    std::snprintf(error, error_len, "%s (%s)", cudaGetErrorName(e), cudaGetErrorString(e));
  return int(e);
}

}  // namespace

extern "C" int ndgpu_cub_abi_version(void) {
  return NDGPU_CUB_ABI_VERSION;
}

// CUB's version (MMMmmmpp) for show_config(); looked up by name, so a library without it
// still loads (not part of the ABI that NDGPU_CUB_ABI_VERSION guards).
extern "C" __attribute__((visibility("default"))) int ndgpu_cub_version(void) {
  return CUB_VERSION;
}

extern "C" int ndgpu_cub_sort(const ndgpu_cub_sort_call* c, char* error, size_t error_len) {
  if (c->float_keys) return report(ndgpu_cub_sort_float(*c), error, error_len);
  switch (c->key_bytes) {
    case 1:
      return report(ndgpu_cub_sort_1(*c), error, error_len);
    case 2:
      return report(ndgpu_cub_sort_2(*c), error, error_len);
    case 4:
      return report(ndgpu_cub_sort_4(*c), error, error_len);
    case 8:
      return report(ndgpu_cub_sort_8(*c), error, error_len);
    default:
      return report(cudaErrorInvalidValue, error, error_len);
  }
}

extern "C" int ndgpu_cub_inclusive_sum(const ndgpu_cub_scan_call* c, char* error,
                                       size_t error_len) {
  return report(ndgpu_cub_scan(*c), error, error_len);
}

extern "C" int ndgpu_cub_histogram(const ndgpu_cub_histogram_call* c, char* error,
                                   size_t error_len) {
  return report(ndgpu_cub_histogram_range(*c), error, error_len);
}
