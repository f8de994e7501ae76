// A transpose copy through shared memory. A plain strided copy of x.T into C order reads
// with a large stride, a full memory transaction per element; here each block stages a
// 64x64 tile, read along the source's contiguous axis and written along the destination's.
#include <array>
#include <memory>
#include <mutex>
#include <string>

#include "ndgpu/raw_kernel.hpp"
#include "ops/transpose_copy.hpp"

namespace ndgpu {
namespace {

constexpr int kMinSide = 32, kThreadsX = 32, kThreadsY = 8;

// A T x T tile (T = 64, or 32 for 16-byte elements) per block of 32 x 8 threads.
int tile_side(int64_t itemsize) {
  return itemsize == 16 ? 32 : 64;
}

// out[b][r][c] = in[b * in_batch + r * in_row + c * in_col], out C-contiguous, in_row the
// element size. Reads run along r, writes along c; the tile's padding column keeps the
// column accesses on distinct banks. Whole tiles take a branch-free, fully unrolled path so
// every thread has all its loads in flight at once.
const char* kSource = R"(
struct __align__(16) ndgpu_e16 { unsigned long long lo, hi; };
extern "C" __global__ void NAME(const char* in, char* out, long long rows, long long cols,
                                long long in_row, long long in_col, long long in_batch) {
  __shared__ E tile[TILE][TILE + 1];
  const long long r0 = (long long)blockIdx.y * TILE, c0 = (long long)blockIdx.x * TILE;
  const char* src = in + blockIdx.z * in_batch + c0 * in_col + r0 * in_row;
  E* dst = (E*)out + blockIdx.z * rows * cols + r0 * cols + c0;
  const int tx = threadIdx.x, ty = threadIdx.y;
  if (r0 + TILE <= rows && c0 + TILE <= cols) {
#pragma unroll
    for (int k = 0; k < TILE / 8; ++k)
#pragma unroll
      for (int j = 0; j < TILE / 32; ++j)
        tile[ty + 8 * k][tx + 32 * j] = *(const E*)(src + (ty + 8 * k) * in_col + (tx + 32 * j) * in_row);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE / 8; ++k)
#pragma unroll
      for (int j = 0; j < TILE / 32; ++j)
        dst[(ty + 8 * k) * cols + tx + 32 * j] = tile[tx + 32 * j][ty + 8 * k];
    return;
  }
  for (int k = 0; k < TILE / 8; ++k)
    for (int j = 0; j < TILE / 32; ++j) {
      const int x = tx + 32 * j, y = ty + 8 * k;
      if (r0 + x < rows && c0 + y < cols) tile[y][x] = *(const E*)(src + y * in_col + x * in_row);
    }
  __syncthreads();
  for (int k = 0; k < TILE / 8; ++k)
    for (int j = 0; j < TILE / 32; ++j) {
      const int x = tx + 32 * j, y = ty + 8 * k;
      if (r0 + y < rows && c0 + x < cols) dst[y * cols + x] = tile[x][y];
    }
}
)";

const RawKernel& kernel_for(int64_t itemsize) {
  static const std::array<const char*, 5> kTypes{"unsigned char", "unsigned short", "unsigned int",
                                                 "unsigned long long", "ndgpu_e16"};
  int slot = itemsize == 1 ? 0 : itemsize == 2 ? 1 : itemsize == 4 ? 2 : itemsize == 8 ? 3 : 4;
  static std::array<std::unique_ptr<RawKernel>, 5> kernels;
  static std::once_flag once[5];
  std::call_once(once[slot], [&] {
    std::string src = kSource, name = "ndgpu_transpose_copy_" + std::to_string(itemsize);
    src.replace(src.find("NAME"), 4, name);
    src = "#define E " + std::string(kTypes[size_t(slot)]) + "\n#define TILE " +
          std::to_string(tile_side(itemsize)) + "\n" + src;
    kernels[size_t(slot)] = std::make_unique<RawKernel>(src, name);
  });
  return *kernels[size_t(slot)];
}

Scalar i64(int64_t v) {
  return Scalar::typed_int(DType::Int64, v);
}

}  // namespace

bool transpose_copy(NDArray& dst, const NDArray& src) {
  int nd = dst.ndim();
  int64_t item = dst.itemsize();
  if (src.dtype() != dst.dtype() || src.shape() != dst.shape() || !dst.c_contiguous()) return false;
  // Blocks would read what others write: overlapping copies take the engine's path, which
  // copies the source first.
  if (src.storage() == dst.storage()) return false;
  if ((nd != 2 && nd != 3) || src.strides()[nd - 2] != item || src.strides()[nd - 1] == item)
    return false;
  if (item != 1 && item != 2 && item != 4 && item != 8 && item != 16) return false;
  int64_t rows = dst.shape()[nd - 2], cols = dst.shape()[nd - 1];
  int64_t batch = nd == 3 ? dst.shape()[0] : 1;
  // Narrow matrices gain nothing from tiles; grids past CUDA's y and z limits take the plain path.
  const int64_t side = tile_side(item);
  int64_t ty = (rows + side - 1) / side, tx = (cols + side - 1) / side;
  if (rows < kMinSide || cols < kMinSide || ty > 65535 || batch > 65535 || tx > (1ll << 31) - 1)
    return false;
  // On the CPU the block's barrier runs its threads as fibers: the tiles only pay on a GPU,
  // so the CPU takes them for small arrays alone (enough for tests to cover the kernel).
  if (dst.device().type == DeviceType::CPU && dst.size() > (1 << 16)) return false;
  DeviceGuard g(dst.device());
  std::vector<RawArg> args{src,
                           dst,
                           i64(rows),
                           i64(cols),
                           i64(src.strides()[nd - 2]),
                           i64(src.strides()[nd - 1]),
                           i64(nd == 3 ? src.strides()[0] : 0)};
  kernel_for(item)(Dim3{unsigned(tx), unsigned(ty), unsigned(batch)}, Dim3{kThreadsX, kThreadsY, 1},
                   args);
  return true;
}

}  // namespace ndgpu
