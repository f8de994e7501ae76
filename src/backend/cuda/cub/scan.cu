// CUB's DeviceScan::InclusiveSum behind ndgpu_cub_inclusive_sum (cumsum of one contiguous row).
#include <cub/device/device_scan.cuh>
#include <type_traits>

#include "ndgpu_cub.h"

namespace {

// Sums' policies on sm_90: CUB's own tunings were made on the H100. On the H200 (2026-12-02,
// a standalone probe of tile shapes and look-back delays, 2^28 values) 32 items per thread
// beat them: 4-byte sums 3030-3130 -> 3260-3385 GB/s with 128 threads (CUB: 24 items),
// 8-byte 3230 -> 3540 GB/s with 224 threads (CUB: 24 items). Other archs keep CUB's.
template <class T>
struct WideTile;  // threads, items, look-back delay and its L2 write latency
template <>
struct WideTile<float> {
  static constexpr int threads = 128, items = 32, delay = 688, l2_write = 1140;
};
template <>
struct WideTile<double> {
  static constexpr int threads = 224, items = 32, delay = 576, l2_write = 1215;
};
template <class T>
struct WideTilePolicies {
  using Cub = cub::detail::scan::policy_hub<T, T, T, unsigned, ::cuda::std::plus<>>;
  using Tile = WideTile<std::conditional_t<sizeof(T) == 4, float, double>>;
  struct Policy900 : cub::ChainedPolicy<900, Policy900, typename Cub::Policy860> {
    using ScanPolicyT =
        cub::AgentScanPolicy<Tile::threads, Tile::items, T, cub::BLOCK_LOAD_WARP_TRANSPOSE,
                             cub::LOAD_DEFAULT, cub::BLOCK_STORE_WARP_TRANSPOSE,
                             cub::BLOCK_SCAN_WARP_SCANS,
                             cub::detail::MemBoundScaling<Tile::threads, Tile::items, T>,
                             cub::detail::fixed_delay_constructor_t<Tile::delay, Tile::l2_write>>;
  };
  struct Policy1000 : cub::ChainedPolicy<1000, Policy1000, Policy900> {
    using ScanPolicyT = typename Cub::Policy1000::ScanPolicyT;
  };
  using MaxPolicy = Policy1000;
};

// CUB's DeviceScan::InclusiveSum for 32-bit counts with WideTilePolicies.
template <class T>
cudaError_t wide_tile_sum(void* tmp, size_t& bytes, const T* in, T* out, unsigned n,
                          cudaStream_t s) {
  using Dispatch = cub::DispatchScan<const T*, T*, ::cuda::std::plus<>, cub::NullType, unsigned, T,
                                     cub::ForceInclusive::No, WideTilePolicies<T>>;
  return Dispatch::Dispatch(tmp, bytes, in, out, ::cuda::std::plus<>{}, cub::NullType{}, n, s);
}

// N is the item count's type: CUB picks its offset type from it, and 32-bit offsets are its
// fastest path, so counts that fit an int are passed as one.
template <class T, class N>
cudaError_t inclusive_sum_n(const ndgpu_cub_scan_call& c, N n) {
  cudaStream_t s = static_cast<cudaStream_t>(c.stream);
  const T* in = static_cast<const T*>(c.in);
  T* out = static_cast<T*>(c.out);
  constexpr bool wide = sizeof(N) == 4;  // CUB's own dispatch for 64-bit counts
  auto scan = [&](void* tmp, size_t& bytes) {
    if constexpr (wide) return wide_tile_sum<T>(tmp, bytes, in, out, unsigned(n), s);
    return cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n, s);
  };
  size_t bytes = 0;
  cudaError_t e = scan(nullptr, bytes);
  if (e != cudaSuccess) return e;
  void* tmp = bytes ? c.alloc(c.alloc_ctx, bytes) : nullptr;
  if (bytes && !tmp) return cudaErrorMemoryAllocation;
  e = scan(tmp, bytes);
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
