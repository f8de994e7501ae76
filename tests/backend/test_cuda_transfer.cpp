// The host side of staged copies: runs without a GPU.
#include <gtest/gtest.h>

#include <vector>

#include "backend/cuda/transfer.hpp"

namespace ndgpu::cuda {
namespace {

TEST(CudaTransfer, ParallelMemcpyCopiesEveryByte) {
  // Sizes around the thresholds and part boundaries, where a rounding slip loses a tail.
  for (size_t n : {size_t(0), size_t(1), size_t(4) << 20, (size_t(4) << 20) + 1,
                   (size_t(6) << 20) + 1, (size_t(16) << 20) + 4095, (size_t(33) << 20) + 7}) {
    std::vector<unsigned char> src(n), dst(n + 16, 0xee);
    for (size_t i = 0; i < n; ++i) src[i] = (unsigned char)(i * 131 + 17);
    parallel_memcpy(dst.data(), src.data(), n);
    ASSERT_TRUE(std::equal(src.begin(), src.end(), dst.begin())) << "size " << n;
    for (size_t i = n; i < n + 16; ++i) ASSERT_EQ(dst[i], 0xee) << "wrote past the end, size " << n;
  }
}

}  // namespace
}  // namespace ndgpu::cuda
