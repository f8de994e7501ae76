// Float32 product kernels of ndgpu's own for stacks of small matrices (m, n, k ≤ 64): one
// block per matrix holds both operands in shared memory and each thread accumulates a 4×4
// tile of C. cuBLAS's strided batched GEMM costs about 10 µs of host time per call and no less
// GPU time (H200, benchmarks/gemm_variants.py), so these serve float32 products on CUDA.
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "kernel/launch.hpp"
#include "ndgpu/raw_kernel.hpp"
#include "ops/linalg/small_gemm.hpp"

namespace ndgpu {
namespace {

constexpr int64_t kMaxSide = 64;

// The general kernel (any m, n, k ≤ 64, any alignment; the CPU backend runs it too). A is
// stored transposed so that each step reads 4 rows of A and 4 columns of B as two 16-byte
// loads; rows are padded to 68 floats (16-byte aligned, fewer conflicts).
const char* kSource = R"(
struct __align__(16) ndgpu_f4 { float x, y, z, w; };
extern "C" __global__ void ndgpu_small_sgemm(const float* a, const float* b, float* c, int m,
                                             int n, int k, long long a_batch, long long b_batch) {
  __shared__ __align__(16) float at[64][68];
  __shared__ __align__(16) float bs[64][68];
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const long long z = blockIdx.x;
  const float* A = a + z * a_batch;
  const float* B = b + z * b_batch;
  for (int i = tid; i < 64 * 64; i += 256) {
    const int r = i / 64, q = i % 64;
    at[q][r] = (r < m && q < k) ? A[r * k + q] : 0.0f;
    bs[r][q] = (r < k && q < n) ? B[r * n + q] : 0.0f;
  }
  __syncthreads();
  float acc[4][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;
  for (int p = 0; p < k; ++p) {
    const ndgpu_f4 x = *(const ndgpu_f4*)&at[p][ty * 4];
    const ndgpu_f4 y = *(const ndgpu_f4*)&bs[p][tx * 4];
    const float xs[4] = {x.x, x.y, x.z, x.w}, ys[4] = {y.x, y.y, y.z, y.w};
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) acc[i][j] += xs[i] * ys[j];
  }
  float* C = c + z * m * n;
  for (int i = 0; i < 4; ++i) {
    const int r = ty * 4 + i;
    if (r >= m) break;
    for (int j = 0; j < 4; ++j) {
      const int q = tx * 4 + j;
      if (q < n) C[r * n + q] = acc[i][j];
    }
  }
}
)";

// The fast kernel, for CUDA when k and n are multiples of 4 and the operands 16-byte aligned:
// 16-byte loads in their natural layouts, A read as four k-steps per load, and k in two
// halves copied asynchronously (sm_80+) so that a block multiplies the first half while the
// second lands. 128 threads with an 8x4 tile each: a 4x4 tile per thread left the shared
// memory pipe the limit (8 16-byte reads per 64 FMAs; 12 per 128 here). On the H200, 1024 x
// 64^3 back to back: 20.9 µs per product (25.7 TFLOP/s) where 4x4 tiles took 22.2 and cuBLAS
// 23.0 (benchmarks/dispatch_probe.py, batched_gemm_probe.cu). Rows and columns past m and n
// hold stale shared memory; their products are never stored.
const char* kAlignedSource = R"(
struct __align__(16) ndgpu_f4 { float x, y, z, w; };
__device__ __forceinline__ void ndgpu_copy16(float* dst, const float* src) {
#if __CUDA_ARCH__ >= 800
  const unsigned s = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src));
#else
  *(ndgpu_f4*)dst = *(const ndgpu_f4*)src;
#endif
}
extern "C" __global__ void __launch_bounds__(128) ndgpu_small_sgemm_aligned(
    const float* a, const float* b, float* c, int m, int n, int k, long long a_batch,
    long long b_batch) {
  __shared__ __align__(16) float as[64][68];
  __shared__ __align__(16) float bs[64][68];
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16, k4 = k / 4, n4 = n / 4;
  const long long z = blockIdx.x;
  const float* A = a + z * a_batch;
  const float* B = b + z * b_batch;
  const int half = k4 > 8 ? 8 : k4;  // float4 columns of A (rows of B / 4) in the first half
  for (int h = 0; h < 2; ++h) {
    const int lo = h ? half : 0, width = h ? k4 - half : half;
    for (int i = tid; i < m * width; i += 128) {
      const int r = i / width, q = (lo + i % width) * 4;
      ndgpu_copy16(&as[r][q], A + r * k + q);
    }
    for (int i = tid; i < width * 4 * n4; i += 128) {
      const int r = lo * 4 + i / n4, q = (i % n4) * 4;
      ndgpu_copy16(&bs[r][q], B + r * n + q);
    }
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
  }
  float acc[8][4] = {};
  for (int h = 0; h < 2; ++h) {
#if __CUDA_ARCH__ >= 800
    if (h == 0) asm volatile("cp.async.wait_group 1;\n" ::);
    else asm volatile("cp.async.wait_group 0;\n" ::);
#endif
    __syncthreads();
    const int end = h ? k : half * 4;
#pragma unroll 2
    for (int p = h ? half * 4 : 0; p < end; p += 4) {
      ndgpu_f4 x[8], y[4];
#pragma unroll
      for (int i = 0; i < 8; ++i) x[i] = *(const ndgpu_f4*)&as[ty * 8 + i][p];
#pragma unroll
      for (int i = 0; i < 4; ++i) y[i] = *(const ndgpu_f4*)&bs[p + i][tx * 4];
#pragma unroll
      for (int i = 0; i < 8; ++i) {
        const float xv[4] = {x[i].x, x[i].y, x[i].z, x[i].w};
#pragma unroll
        for (int q = 0; q < 4; ++q) {
          acc[i][0] += xv[q] * y[q].x;
          acc[i][1] += xv[q] * y[q].y;
          acc[i][2] += xv[q] * y[q].z;
          acc[i][3] += xv[q] * y[q].w;
        }
      }
    }
  }
  if (tx >= n4) return;
  ndgpu_f4* C = (ndgpu_f4*)(c + z * m * n);
#pragma unroll
  for (int i = 0; i < 8; ++i)
    if (ty * 8 + i < m)
      C[(ty * 8 + i) * n4 + tx] = ndgpu_f4{acc[i][0], acc[i][1], acc[i][2], acc[i][3]};
}
)";

// The kernels' functions per device, looked up once: a product of 1024 small matrices takes
// about 21 µs on the H200, so the launch skips RawKernel's per-call argument checks.
constexpr int kMaxDevices = 64;

void* product_function(bool aligned, Device device) {
  static std::unique_ptr<RawKernel> kernels[2];
  static std::once_flag once[2];
  static std::atomic<void*> functions[2][2][kMaxDevices];  // [aligned][cpu][device]
  std::call_once(once[aligned], [aligned] {
    kernels[aligned] =
        aligned ? std::make_unique<RawKernel>(kAlignedSource, "ndgpu_small_sgemm_aligned")
                : std::make_unique<RawKernel>(kSource, "ndgpu_small_sgemm");
  });
  const bool cpu = device.type == DeviceType::CPU;
  if (device.index >= kMaxDevices) return kernel::function_of(*kernels[aligned]);
  std::atomic<void*>& slot = functions[aligned][cpu][device.index];
  void* f = slot.load(std::memory_order_acquire);
  if (!f) slot.store(f = kernel::function_of(*kernels[aligned]), std::memory_order_release);
  return f;
}

bool aligned16(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % 16 == 0;
}

}  // namespace

bool small_gemm_wanted(Device device, DType t, int64_t m, int64_t n, int64_t k, int64_t batch) {
  if (t != DType::Float32 || batch < 1 || batch > (int64_t(1) << 31) - 1 || m > kMaxSide ||
      n > kMaxSide || k > kMaxSide)
    return false;
  const char* route = std::getenv("NDGPU_GEMM");
  if (route && std::strcmp(route, "kernel") == 0) return true;  // on either backend
  return !route && device.type == DeviceType::CUDA;             // the CPU backend has OpenBLAS
}

void small_gemm(const NDArray& a, const NDArray& b, NDArray& c, int64_t m, int64_t n, int64_t k,
                int64_t batch) {
  const Device device = c.device();
  DeviceGuard g(device);
  const int64_t a_batch = a.size() == m * k ? 0 : m * k, b_batch = b.size() == k * n ? 0 : k * n;
  const bool aligned = device.type == DeviceType::CUDA && k % 4 == 0 && n % 4 == 0 &&
                       aligned16(a.data()) && aligned16(b.data()) && aligned16(c.data());
  kernel::ArgPack args;  // the kernels' parameters: three pointers, int m, n, k, long long strides
  args.push(a.data()), args.push(b.data()), args.push(c.data());
  args.push(int32_t(m)), args.push(int32_t(n)), args.push(int32_t(k));
  args.push(int64_t(a_batch)), args.push(int64_t(b_batch));
  LaunchConfig cfg;
  cfg.grid = Dim3{unsigned(batch), 1, 1};
  cfg.block = Dim3{aligned ? 128u : 256u, 1, 1};  // 8x4 or 4x4 tiles per thread
  cfg.stream = current_stream(device);
  backend_for(device).launch(device.index, product_function(aligned, device), cfg, args.pointers());
}

}  // namespace ndgpu
