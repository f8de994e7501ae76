// The C interface of libndgpu_cub.so, CUB's device-wide algorithms compiled by nvcc at build
// time (docs/sorting.md). Plain C types only: the library is opened with dlopen and shares
// nothing with ndgpu but these declarations.
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// Bumped whenever a declaration below changes; the backend refuses another version.
#define NDGPU_CUB_ABI_VERSION 3

// Device scratch memory from the caller's pool; alloc returns NULL when it fails.
typedef void* (*ndgpu_cub_alloc_fn)(void* ctx, size_t bytes);
typedef void (*ndgpu_cub_free_fn)(void* ctx, void* ptr, size_t bytes);

// A stable radix sort of unsigned keys of key_bytes (1, 2, 4, 8) bytes in `segments` equal
// segments of n / segments keys, carrying int64 values when values_in is not NULL; with
// float_keys, float or double keys in one segment, keys only.
typedef struct {
  int key_bytes;
  long long n;
  long long segments;
  const void* keys_in;
  void* keys_out;
  const long long* values_in;
  long long* values_out;
  void* stream;  // a CUstream, the same handle as a cudaStream_t
  ndgpu_cub_alloc_fn alloc;
  ndgpu_cub_free_fn free;
  void* alloc_ctx;
  int float_keys;
} ndgpu_cub_sort_call;

// An inclusive prefix sum of n values of `type` (0 float, 1 double, 2 int32, 3 int64,
// 4 uint32, 5 uint64) from in to out.
typedef struct {
  int type;
  long long n;
  const void* in;
  void* out;
  void* stream;
  ndgpu_cub_alloc_fn alloc;
  ndgpu_cub_free_fn free;
  void* alloc_ctx;
} ndgpu_cub_scan_call;

// Counts of n samples of `type` (0 float, 1 double) in the bins [levels[i], levels[i + 1])
// of bins + 1 increasing device levels of that type, into `bins` int32 counts.
typedef struct {
  int type;
  long long n;
  const void* samples;
  const void* levels;
  int bins;
  int* counts;
  void* stream;
  ndgpu_cub_alloc_fn alloc;
  ndgpu_cub_free_fn free;
  void* alloc_ctx;
} ndgpu_cub_histogram_call;

__attribute__((visibility("default"))) int ndgpu_cub_abi_version(void);
// 0 on success; otherwise a CUDA error code, with its text in `error` (error_len bytes).
__attribute__((visibility("default"))) int ndgpu_cub_sort(const ndgpu_cub_sort_call* call,
                                                          char* error, size_t error_len);

__attribute__((visibility("default"))) int ndgpu_cub_inclusive_sum(const ndgpu_cub_scan_call* call,
                                                                   char* error, size_t error_len);

__attribute__((visibility("default"))) int ndgpu_cub_histogram(const ndgpu_cub_histogram_call* call,
                                                               char* error, size_t error_len);

#ifdef __cplusplus
}
#endif
