// libndgpu_cub.so (CUB's device-wide algorithms, compiled by nvcc at build time), opened on
// the first call that needs it. docs/sorting.md says why it is a library of its own.
#pragma once
#include "ndgpu/backend.hpp"
#include "ndgpu/config.hpp"

namespace ndgpu::cuda {

class CudaBackend;

// Sorts with CUB on `device`, scratch memory from the backend's pool; BackendError naming
// the library when it cannot be found.
void cub_sort(CudaBackend& backend, int device, const SortCall& call);
// CUB's inclusive sum; false (nothing done) when libndgpu_cub.so is not there.
bool cub_inclusive_sum(CudaBackend& backend, int device, const ScanCall& call);
// CUB's range histogram; false (nothing done) when libndgpu_cub.so is not there.
bool cub_histogram(CudaBackend& backend, int device, const HistogramCall& call);
// The library as show_config() reports it: the file found and CUB's version, or why not.
LibraryInfo cub_library_info();

}  // namespace ndgpu::cuda
