// float32 inclusive sums under other scan policies than CUB's own sm_90 tuning (128 threads x
// 24 items), picked by ndgpu_cub_scan_call::variant (NDGPU_CUB_SCAN, docs/sorting.md) so the
// H200 can measure them side by side: CUB's policy was tuned on the H100's bandwidth.
#include <cub/device/device_scan.cuh>

#include "ndgpu_cub.h"

namespace {

using Plus = ::cuda::std::plus<>;

template <int Threads, int Items, cub::BlockLoadAlgorithm Load, cub::CacheLoadModifier Modifier,
          cub::BlockStoreAlgorithm Store, class Delay>
struct Hub {
  struct Policy900 : cub::ChainedPolicy<900, Policy900, Policy900> {
    using ScanPolicyT =
        cub::AgentScanPolicy<Threads, Items, float, Load, Modifier, Store,
                             cub::BLOCK_SCAN_WARP_SCANS,
                             cub::detail::MemBoundScaling<Threads, Items, float>, Delay>;
  };
  using MaxPolicy = Policy900;
};

using Sm90Delay = cub::detail::fixed_delay_constructor_t<688, 1140>;
using Sm100Delay = cub::detail::exponential_backon_jitter_constructor_t<1904, 830>;

// 1: Blackwell's tuning for 4-byte sums (384 x 22), made for a GPU with more bandwidth.
using Blackwell = Hub<384, 22, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT,
                      cub::BLOCK_STORE_WARP_TRANSPOSE, Sm100Delay>;
// 2: twice CUB's tile (256 x 24): half the look-backs.
using Wide = Hub<256, 24, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT,
                 cub::BLOCK_STORE_WARP_TRANSPOSE, Sm90Delay>;
// 3: 16-byte loads and stores of each thread's 16 items, no shared-memory transpose.
using Vector = Hub<256, 16, cub::BLOCK_LOAD_VECTORIZE, cub::LOAD_DEFAULT,
                   cub::BLOCK_STORE_VECTORIZE, Sm90Delay>;
// 4: CUB's sm_90 tile with streaming (evict-first) loads: the input is read once.
using Streaming = Hub<128, 24, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CS,
                      cub::BLOCK_STORE_WARP_TRANSPOSE, Sm90Delay>;
// 5: 512 x 20 with Blackwell's back-off.
using Big = Hub<512, 20, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT,
                cub::BLOCK_STORE_WARP_TRANSPOSE, Sm100Delay>;

template <class PolicyHub>
cudaError_t run(const ndgpu_cub_scan_call& c) {
  using Dispatch = cub::DispatchScan<const float*, float*, Plus, cub::NullType, unsigned, float,
                                     cub::ForceInclusive::No, PolicyHub>;
  cudaStream_t s = static_cast<cudaStream_t>(c.stream);
  const float* in = static_cast<const float*>(c.in);
  float* out = static_cast<float*>(c.out);
  const unsigned n = unsigned(c.n);
  size_t bytes = 0;
  cudaError_t e = Dispatch::Dispatch(nullptr, bytes, in, out, Plus{}, cub::NullType{}, n, s);
  if (e != cudaSuccess) return e;
  void* tmp = bytes ? c.alloc(c.alloc_ctx, bytes) : nullptr;
  if (bytes && !tmp) return cudaErrorMemoryAllocation;
  e = Dispatch::Dispatch(tmp, bytes, in, out, Plus{}, cub::NullType{}, n, s);
  if (tmp) c.free(c.alloc_ctx, tmp, bytes);
  return e;
}

}  // namespace

// n fits 32 bits here (the caller checks).
cudaError_t ndgpu_cub_scan_float_tuned(const ndgpu_cub_scan_call& c) {
  switch (c.variant) {
    case 1:
      return run<Blackwell>(c);
    case 2:
      return run<Wide>(c);
    case 3:
      return run<Vector>(c);
    case 4:
      return run<Streaming>(c);
    case 5:
      return run<Big>(c);
    default:
      return cudaErrorInvalidValue;
  }
}
