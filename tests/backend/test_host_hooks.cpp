// Host hooks (include/ndgpu/host_hooks.hpp): long work lets the host go, and stops when asked.
#include "ndgpu/host_hooks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "backend/cpu/thread_pool.hpp"

using namespace ndgpu;

namespace {

std::atomic<int> releases{0}, reacquires{0};
std::atomic<bool> stop_requested{false};

void* count_release() {
  ++releases;
  return &releases;
}
void count_reacquire(void* token) {
  EXPECT_EQ(token, &releases);
  ++reacquires;
}
bool stop() {
  return stop_requested.load();
}

struct HooksInstalled : ::testing::Test {
  void SetUp() override {
    releases = reacquires = 0;
    stop_requested = false;
    set_host_hooks({&count_release, &count_reacquire, &stop});
  }
  void TearDown() override { set_host_hooks({}); }
};

}  // namespace

TEST_F(HooksInstalled, RegionsReleaseOnceWhenNested) {
  {
    BlockingRegion outer;
    BlockingRegion inner;  // a compile inside a lookup that already let go
    EXPECT_EQ(releases, 1);
  }
  EXPECT_EQ(reacquires, 1);
}

TEST_F(HooksInstalled, InterruptStopsALaunchBetweenBlocksAndLeavesThePoolUsable) {
  std::atomic<int> ran{0};
  auto slow_block = [&](uint64_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (++ran == 5) stop_requested = true;  // Ctrl-C arrives during the launch
  };
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_THROW(cpu::parallel_for(2000, slow_block), Interrupted);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(1));
  EXPECT_LT(ran.load(), 2000);
  stop_requested = false;
  std::atomic<int> all{0};
  cpu::parallel_for(100, [&](uint64_t) { ++all; });
  EXPECT_EQ(all.load(), 100);
}

TEST(HostHooks, NoHooksMeansNoInterrupts) {
  set_host_hooks({});
  EXPECT_FALSE(interrupt_requested());
  EXPECT_NO_THROW(check_interrupt());
  BlockingRegion nothing;  // releases nothing, and must not crash
}
