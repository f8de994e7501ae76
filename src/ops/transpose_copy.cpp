// A transpose copy through shared memory. A plain strided copy of x.T into C order reads
// with a large stride, a full memory transaction per element; here each block stages a
// 32x32 tile, read along the source's contiguous axis and written along the destination's.
#include <array>
#include <memory>
#include <mutex>
#include <string>

#include "ndgpu/raw_kernel.hpp"
#include "ops/transpose_copy.hpp"

namespace ndgpu {
namespace {

constexpr int kTile = 32, kRows = 8;

// out[b][r][c] = in[b * in_batch + r * in_row + c * in_col], out C-contiguous. The tile has
// one padding column so that the column reads of the write phase hit distinct banks.
const char* kSource = R"(
struct __align__(16) ndgpu_e16 { unsigned long long lo, hi; };
extern "C" __global__ void NAME(const char* in, char* out, long long rows, long long cols,
                                long long in_row, long long in_col, long long in_batch) {
  __shared__ E tile[32][33];
  const long long b = blockIdx.z;
  const long long r0 = (long long)blockIdx.y * 32, c0 = (long long)blockIdx.x * 32;
  const char* src = in + b * in_batch;
  const long long r = r0 + threadIdx.x;
  for (int k = threadIdx.y; k < 32; k += 8) {
    const long long c = c0 + k;
    if (r < rows && c < cols) tile[k][threadIdx.x] = *(const E*)(src + r * in_row + c * in_col);
  }
  __syncthreads();
  E* dst = (E*)out + b * rows * cols;
  const long long c = c0 + threadIdx.x;
  for (int k = threadIdx.y; k < 32; k += 8) {
    const long long rr = r0 + k;
    if (rr < rows && c < cols) dst[rr * cols + c] = tile[threadIdx.x][k];
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
    src = "#define E " + std::string(kTypes[size_t(slot)]) + "\n" + src;
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
  int64_t ty = (rows + kTile - 1) / kTile, tx = (cols + kTile - 1) / kTile;
  if (rows < kTile || cols < kTile || ty > 65535 || batch > 65535 || tx > (1ll << 31) - 1)
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
  kernel_for(item)(Dim3{unsigned(tx), unsigned(ty), unsigned(batch)}, Dim3{kTile, kRows, 1}, args);
  return true;
}

}  // namespace ndgpu
