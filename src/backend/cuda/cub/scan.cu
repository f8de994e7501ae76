// CUB's DeviceScan::InclusiveSum behind ndgpu_cub_inclusive_sum (cumsum of one contiguous row).
#include <thrust/iterator/transform_iterator.h>
#include <cstdint>
#include <cub/device/device_scan.cuh>
#include <type_traits>

#include "ndgpu_cub.h"

namespace {

// Sums' policies on sm_90: CUB's own tunings were made on the H100. On the H200 (2026-12-02,
// a standalone probe of tile shapes and look-back delays, 2^28 values) 32 items per thread
// beat them: 4-byte sums 3030-3130 -> 3260-3385 GB/s with 128 threads (CUB: 24 items),
// 8-byte 3230 -> 3540 GB/s with 224 threads (CUB: 24 items). Other archs keep CUB's. 4-byte
// rows run as pairs on the 8-byte tile (below) unless their ends are not 8-byte aligned.
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

// 4-byte sums scanned as 8-byte pairs, which CUB streams faster (H200, 2^28 float32:
// 3340-3370 GB/s as floats, 3580-3610 as pairs; the probe is described in docs/sorting.md).
// A pair holds the prefix through its first and its second element; values (a, b) enter as
// (a, a + b), and P.Q = (P.hi + Q.lo, P.hi + Q.hi) is associative.
template <class T>
struct __align__(8) Pair {
  T lo, hi;
};
template <class T>
struct PairSum {
  __host__ __device__ Pair<T> operator()(const Pair<T>& p, const Pair<T>& q) const {
    return {p.hi + q.lo, p.hi + q.hi};
  }
};
template <class T>
struct EnterPair {
  __host__ __device__ Pair<T> operator()(const Pair<T>& v) const { return {v.lo, v.lo + v.hi}; }
};

}  // namespace

// CUB keeps a non-primitive tile value in separate status and value words, behind fences; a
// pair fits CUB's one-word tile descriptor as a double does (2707 -> 3591 GB/s in the probe).
CUB_NAMESPACE_BEGIN
template <class T>
struct ScanTileState<Pair<T>, false> : ScanTileState<Pair<T>, true> {
  using ScanTileState<Pair<T>, true>::ScanTileState;
};
CUB_NAMESPACE_END

namespace {

// Pairs take the 8-byte tile on sm_90 and CUB's default shape (128 threads, 15 items) before.
template <class T>
struct PairPolicies {
  template <int Threads, int Items, class Delay>
  using Policy = cub::AgentScanPolicy<Threads, Items, Pair<T>, cub::BLOCK_LOAD_WARP_TRANSPOSE,
                                      cub::LOAD_DEFAULT, cub::BLOCK_STORE_WARP_TRANSPOSE,
                                      cub::BLOCK_SCAN_WARP_SCANS,
                                      cub::detail::MemBoundScaling<Threads, Items, Pair<T>>, Delay>;
  struct Policy600 : cub::ChainedPolicy<600, Policy600, Policy600> {
    using ScanPolicyT = Policy<128, 15, cub::detail::fixed_delay_constructor_t<350, 450>>;
  };
  using Tile = WideTile<double>;
  struct Policy900 : cub::ChainedPolicy<900, Policy900, Policy600> {
    using ScanPolicyT = Policy<Tile::threads, Tile::items,
                               cub::detail::fixed_delay_constructor_t<Tile::delay, Tile::l2_write>>;
  };
  using MaxPolicy = Policy900;
};

template <class T>
__global__ void add_last(const T* in, T* out, unsigned n) {
  out[n - 1] = out[n - 2] + in[n - 1];
}

// An inclusive sum of n 4-byte values (in and out 8-byte aligned) over n / 2 pairs; an odd
// count's last value is added by one more thread.
template <class T>
cudaError_t pair_sum(void* tmp, size_t& bytes, const T* in, T* out, unsigned n, cudaStream_t s) {
  using Input = thrust::transform_iterator<EnterPair<T>, const Pair<T>*, Pair<T>>;
  using Dispatch = cub::DispatchScan<Input, Pair<T>*, PairSum<T>, cub::NullType, unsigned, Pair<T>,
                                     cub::ForceInclusive::No, PairPolicies<T>>;
  const Input pairs(reinterpret_cast<const Pair<T>*>(in), EnterPair<T>{});
  cudaError_t e = Dispatch::Dispatch(tmp, bytes, pairs, reinterpret_cast<Pair<T>*>(out),
                                     PairSum<T>{}, cub::NullType{}, n / 2, s);
  if (e != cudaSuccess || !tmp || n % 2 == 0) return e;
  add_last<<<1, 1, 0, s>>>(in, out, n);
  return cudaGetLastError();
}

bool pairs_fit(const void* in, const void* out) {
  return reinterpret_cast<uintptr_t>(in) % 8 == 0 && reinterpret_cast<uintptr_t>(out) % 8 == 0;
}

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
  const bool pairs = sizeof(T) == 4 && n >= 2 && pairs_fit(in, out);
  auto scan = [&](void* tmp, size_t& bytes) {
    if constexpr (wide && sizeof(T) == 4)
      if (pairs) return pair_sum<T>(tmp, bytes, in, out, unsigned(n), s);
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
