// CUB's radix sorts behind ndgpu_cub_sort, for one key width (each width has its own .cu so
// that nvcc's instantiations compile in parallel).
#pragma once
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>

#include "ndgpu_cub.h"

namespace ndgpu_cub {

// Scratch memory from the caller's allocator, released when the call ends.
struct Scratch {
  const ndgpu_cub_sort_call& call;
  void* ptr = nullptr;
  size_t bytes = 0;
  Scratch(const ndgpu_cub_sort_call& c, size_t n) : call(c), bytes(n) {
    if (n) ptr = c.alloc(c.alloc_ctx, n);
  }
  ~Scratch() {
    if (ptr) call.free(call.alloc_ctx, ptr, bytes);
  }
  bool failed() const { return bytes && !ptr; }
};

namespace {  // each width's .cu has its own copy

__global__ void fill_offsets(int* offsets, int count, int segment_length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= count) offsets[i] = i * segment_length;
}

}  // namespace

// N is the item count's type: CUB picks its offset type from it, and 32-bit offsets are its
// fastest path, so counts that fit an int are passed as one.
template <class K, class N>
cudaError_t sort_keys_n(const ndgpu_cub_sort_call& c, cudaStream_t s, N n) {
  const K* kin = static_cast<const K*>(c.keys_in);
  K* kout = static_cast<K*>(c.keys_out);
  size_t bytes = 0;
  cudaError_t e =
      cub::DeviceRadixSort::SortKeys(nullptr, bytes, kin, kout, n, 0, int(sizeof(K) * 8), s);
  if (e != cudaSuccess) return e;
  Scratch tmp(c, bytes);
  if (tmp.failed()) return cudaErrorMemoryAllocation;
  return cub::DeviceRadixSort::SortKeys(tmp.ptr, bytes, kin, kout, n, 0, int(sizeof(K) * 8), s);
}

template <class K, class N>
cudaError_t sort_pairs_n(const ndgpu_cub_sort_call& c, cudaStream_t s, N n) {
  const K* kin = static_cast<const K*>(c.keys_in);
  K* kout = static_cast<K*>(c.keys_out);
  size_t bytes = 0;
  cudaError_t e = cub::DeviceRadixSort::SortPairs(nullptr, bytes, kin, kout, c.values_in,
                                                  c.values_out, n, 0, int(sizeof(K) * 8), s);
  if (e != cudaSuccess) return e;
  Scratch tmp(c, bytes);
  if (tmp.failed()) return cudaErrorMemoryAllocation;
  return cub::DeviceRadixSort::SortPairs(tmp.ptr, bytes, kin, kout, c.values_in, c.values_out, n, 0,
                                         int(sizeof(K) * 8), s);
}

template <class K>
cudaError_t sort_keys_whole(const ndgpu_cub_sort_call& c, cudaStream_t s) {
  return c.n <= 0x7fffffffLL ? sort_keys_n<K>(c, s, int(c.n)) : sort_keys_n<K>(c, s, c.n);
}

template <class K>
cudaError_t sort_whole(const ndgpu_cub_sort_call& c, cudaStream_t s) {
  if (!c.values_in) return sort_keys_whole<K>(c, s);
  return c.n <= 0x7fffffffLL ? sort_pairs_n<K>(c, s, int(c.n)) : sort_pairs_n<K>(c, s, c.n);
}

// Segments in batches whose keys fit CUB's int item count.
template <class K>
cudaError_t sort_segments(const ndgpu_cub_sort_call& c, cudaStream_t s) {
  const long long len = c.n / c.segments;
  const long long per_batch = (0x7fffffffLL / len) < c.segments ? 0x7fffffffLL / len : c.segments;
  Scratch offsets(c, size_t(per_batch + 1) * sizeof(int));
  if (offsets.failed()) return cudaErrorMemoryAllocation;
  int* off = static_cast<int*>(offsets.ptr);
  fill_offsets<<<unsigned((per_batch + 256) / 256), 256, 0, s>>>(off, int(per_batch), int(len));
  cudaError_t e = cudaGetLastError();
  for (long long first = 0; e == cudaSuccess && first < c.segments; first += per_batch) {
    const int segs = int(c.segments - first < per_batch ? c.segments - first : per_batch);
    const int items = int(segs * len);
    const K* kin = static_cast<const K*>(c.keys_in) + first * len;
    K* kout = static_cast<K*>(c.keys_out) + first * len;
    const long long* vin = c.values_in ? c.values_in + first * len : nullptr;
    long long* vout = c.values_in ? c.values_out + first * len : nullptr;
    auto run = [&](void* tmp, size_t& bytes) {
      return vin ? cub::DeviceSegmentedRadixSort::SortPairs(tmp, bytes, kin, kout, vin, vout, items,
                                                            segs, off, off + 1, 0,
                                                            int(sizeof(K) * 8), s)
                 : cub::DeviceSegmentedRadixSort::SortKeys(tmp, bytes, kin, kout, items, segs, off,
                                                           off + 1, 0, int(sizeof(K) * 8), s);
    };
    size_t bytes = 0;
    e = run(nullptr, bytes);
    if (e != cudaSuccess) break;
    Scratch tmp(c, bytes);
    if (tmp.failed()) return cudaErrorMemoryAllocation;
    e = run(tmp.ptr, bytes);
  }
  return e;
}

template <class K>
cudaError_t sort(const ndgpu_cub_sort_call& c) {
  cudaStream_t s = static_cast<cudaStream_t>(c.stream);
  if (c.n == 0 || c.segments == 0) return cudaSuccess;
  return c.segments == 1 ? sort_whole<K>(c, s) : sort_segments<K>(c, s);
}

}  // namespace ndgpu_cub
