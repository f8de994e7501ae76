// The quick tier through the public C++ API: off unless a program opts in, and then the first
// call is interpreted and the compiled kernel that follows gives the same bits.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ndgpu/backend.hpp"
#include "ndgpu/elementwise_kernel.hpp"
#include "ndgpu/kernel_cache.hpp"
#include "ndgpu/ops.hpp"

using namespace ndgpu;

namespace {

// A comment no cache has seen: the kernel must be compiled (or interpreted) afresh.
std::string unique_comment() {
  auto t = std::chrono::steady_clock::now().time_since_epoch().count();
  return " /* " + std::to_string(::getpid()) + "-" + std::to_string(t) + " */";
}

}  // namespace

TEST(QuickTier, OffInCppUnlessChosen) {
  if (std::getenv("NDGPU_QUICK_TIER")) GTEST_SKIP() << "NDGPU_QUICK_TIER is set";
  EXPECT_EQ(quick_tier(), QuickTier::Off);
}

TEST(QuickTier, OptedInFirstCallIsInterpretedThenCompiled) {
  QuickTier previous = quick_tier();
  set_quick_tier(QuickTier::On);  // every device: the CPU backend here
  ElementwiseKernel k("float32 x, int32 m", "float64 y", "y = x * m + 0.1" + unique_comment(),
                      "cpp_quick");
  std::vector<float> xs(300);
  std::vector<int> ns(300);
  for (int i = 0; i < 300; ++i) xs[size_t(i)] = 0.37f * float(i - 150), ns[size_t(i)] = i % 7 - 3;
  NDArray x = from_host(xs.data(), {300}, DType::Float32);
  NDArray n = from_host(ns.data(), {300}, DType::Int32);
  std::vector<Operand> args{x, n};

  uint64_t before = kernel_cache_stats().interpreted_launches;
  NDArray first = k(args)[0];
  EXPECT_EQ(kernel_cache_stats().interpreted_launches, before + 1);
  wait_for_background_work();  // as a C++ program that opts in must, at the latest at exit
  NDArray second = k(args)[0];
  EXPECT_EQ(kernel_cache_stats().interpreted_launches, before + 1);
  set_quick_tier(previous);

  std::vector<double> a(300), b(300);
  first.to_host(a.data());
  second.to_host(b.data());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)), 0);
  for (int i = 0; i < 300; ++i) {
    // float * int is float; then + 0.1 in double (no contraction either way).
    volatile float product = xs[size_t(i)] * float(ns[size_t(i)]);
    EXPECT_EQ(a[size_t(i)], double(product) + 0.1) << i;
  }
}
