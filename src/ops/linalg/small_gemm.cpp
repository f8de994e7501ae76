// A float32 product kernel of ndgpu's own for stacks of small matrices (m, n, k ≤ 64): one
// block per matrix holds both operands in shared memory and each thread accumulates a 4×4
// tile of C. cuBLAS pays a kernel's fixed prologue per 64³ matrix; this is the variant to
// measure against it (NDGPU_GEMM=kernel, docs/architecture.md).
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "ndgpu/raw_kernel.hpp"
#include "ops/linalg/small_gemm.hpp"

namespace ndgpu {
namespace {

constexpr int64_t kMaxSide = 64;

// A is stored transposed in shared memory so that each step reads 4 rows of A and 4 columns
// of B as two 16-byte loads; rows are padded to 68 floats (16-byte aligned, fewer conflicts).
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

const RawKernel& small_sgemm_kernel() {
  static std::unique_ptr<RawKernel> k;
  static std::once_flag once;
  std::call_once(once, [] { k = std::make_unique<RawKernel>(kSource, "ndgpu_small_sgemm"); });
  return *k;
}

Scalar i32(int64_t v) {
  return Scalar::typed_int(DType::Int32, v);
}
Scalar i64(int64_t v) {
  return Scalar::typed_int(DType::Int64, v);
}

}  // namespace

bool small_gemm_wanted(DType t, int64_t m, int64_t n, int64_t k, int64_t batch) {
  const char* route = std::getenv("NDGPU_GEMM");
  return route && std::strcmp(route, "kernel") == 0 && t == DType::Float32 && batch >= 1 &&
         batch <= (int64_t(1) << 31) - 1 && m <= kMaxSide && n <= kMaxSide && k <= kMaxSide;
}

void small_gemm(const NDArray& a, const NDArray& b, NDArray& c, int64_t m, int64_t n, int64_t k,
                int64_t batch) {
  DeviceGuard g(c.device());
  const int64_t a_batch = a.size() == m * k ? 0 : m * k, b_batch = b.size() == k * n ? 0 : k * n;
  std::vector<RawArg> args{a, b, c, i32(m), i32(n), i32(k), i64(a_batch), i64(b_batch)};
  small_sgemm_kernel()(Dim3{unsigned(batch), 1, 1}, Dim3{256, 1, 1}, args);
}

}  // namespace ndgpu
