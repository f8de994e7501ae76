// The caching allocator's policy against a fake raw allocator: runs without a GPU.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "backend/cuda/host_array_pool.hpp"
#include "backend/cuda/memory_pool.hpp"
#include "backend/cuda/pinned_pool.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {
namespace {

constexpr size_t KiB = 1024, MiB = 1024 * KiB;

// Hands out fake, never dereferenced addresses up to `capacity` bytes in use.
class FakeAllocator : public RawAllocator {
 public:
  explicit FakeAllocator(size_t capacity = size_t(1) << 40) : capacity_(capacity) {}
  void* raw_alloc(size_t n) override {
    ++allocs;
    if (in_use + n > capacity_) return nullptr;
    void* p = reinterpret_cast<void*>(next_);
    next_ += n + 4096;  // gaps keep segments apart, as real allocations are
    live[p] = n;
    in_use += n;
    return p;
  }
  void raw_free(void* p) override {
    ++frees;
    auto it = live.find(p);
    ASSERT_NE(it, live.end()) << "freed a pointer that was not allocated";
    in_use -= it->second;
    live.erase(it);
  }
  void synchronize() override { ++syncs; }

  std::map<void*, size_t> live;
  size_t in_use = 0;
  int allocs = 0, frees = 0, syncs = 0;

 private:
  size_t capacity_;
  uintptr_t next_ = 0x100000000;
};

char* ptr(void* p) {
  return static_cast<char*>(p);
}

TEST(CudaMemoryPool, RoundsSizes) {
  EXPECT_EQ(MemoryPool::round_size(1), 512u);
  EXPECT_EQ(MemoryPool::round_size(512), 512u);
  EXPECT_EQ(MemoryPool::round_size(513), 1024u);
  EXPECT_EQ(MemoryPool::segment_size(512), 2 * MiB);
  EXPECT_EQ(MemoryPool::segment_size(1 * MiB), 2 * MiB);
  EXPECT_EQ(MemoryPool::segment_size(1 * MiB + 512), 20 * MiB);
  EXPECT_EQ(MemoryPool::segment_size(10 * MiB), 10 * MiB);
  EXPECT_EQ(MemoryPool::segment_size(11 * MiB), 12 * MiB);
}

TEST(CudaMemoryPool, SplitsSmallSegmentAndReusesFreedBlock) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  void* a = pool.allocate(1000);
  void* b = pool.allocate(1000);
  EXPECT_EQ(raw.allocs, 1);  // both from one 2 MiB segment
  EXPECT_EQ(ptr(b) - ptr(a), 1024);
  EXPECT_EQ(pool.block_size(a), 1024u);
  EXPECT_EQ(pool.used_bytes(), 2048u);
  EXPECT_EQ(pool.total_bytes(), 2 * MiB);
  EXPECT_EQ(pool.n_free_blocks(), 1u);  // the rest of the segment

  pool.deallocate(a);
  void* c = pool.allocate(600);  // best fit: a's 1 KiB hole, not the big tail
  EXPECT_EQ(c, a);
  EXPECT_EQ(raw.allocs, 1);
  EXPECT_EQ(pool.used_bytes(), 2048u);
  EXPECT_EQ(pool.allocate(0), nullptr);
}

TEST(CudaMemoryPool, MergesFreeNeighbours) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  void* a = pool.allocate(512);
  void* b = pool.allocate(512);
  void* c = pool.allocate(512);
  EXPECT_EQ(pool.n_free_blocks(), 1u);
  pool.deallocate(a);
  pool.deallocate(c);  // merges with the tail
  EXPECT_EQ(pool.n_free_blocks(), 2u);
  pool.deallocate(b);  // merges a, b and the tail: the whole segment is one block
  EXPECT_EQ(pool.n_free_blocks(), 1u);
  EXPECT_EQ(pool.used_bytes(), 0u);
  // A request for the whole segment now fits without a new segment.
  void* whole = pool.allocate(1 * MiB);
  EXPECT_EQ(whole, a);
  EXPECT_EQ(raw.allocs, 1);
  pool.deallocate(whole);
  pool.free_all_blocks();
  EXPECT_EQ(raw.frees, 1);
  EXPECT_EQ(raw.syncs, 1);
  EXPECT_EQ(pool.total_bytes(), 0u);
  EXPECT_EQ(raw.in_use, 0u);
}

TEST(CudaMemoryPool, RecentSmallBlocksComeBackBySizeAndStream) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  const StreamHandle s1 = 0x1000;
  void* a = pool.allocate(1000);
  void* b = pool.allocate(3000);
  void* keep = pool.allocate(512);  // keeps the segment from being one free block
  pool.deallocate(a);
  pool.deallocate(b);
  EXPECT_EQ(pool.used_bytes(), 512u);
  EXPECT_EQ(pool.block_size(b), 0u);                    // parked is not live
  EXPECT_THROW(pool.deallocate(b), ndgpu::ValueError);  // nor freed twice
  EXPECT_EQ(pool.allocate(2600), b);                    // same rounded size (3 KiB)
  EXPECT_EQ(pool.allocate(1000), a);
  pool.deallocate(a, s1);
  void* other = pool.allocate(1000);  // a waits on s1: not for the null stream
  EXPECT_NE(other, a);
  EXPECT_EQ(pool.allocate(1000, s1), a);
  for (void* p : {a, b, other, keep}) pool.deallocate(p);
  // More frees than parking places: the oldest merge as usual; all of it is released.
  std::vector<void*> many;
  for (int i = 0; i < 40; ++i) many.push_back(pool.allocate(size_t(i + 1) * 1024));
  for (void* p : many) pool.deallocate(p);
  EXPECT_EQ(pool.used_bytes(), 0u);
  EXPECT_EQ(pool.n_free_blocks(), size_t(raw.allocs));  // merged back into whole segments
  pool.free_all_blocks();
  EXPECT_EQ(raw.in_use, 0u);
  EXPECT_EQ(pool.total_bytes(), 0u);
}

TEST(CudaMemoryPool, SmallAndLargePoolsStayApart) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  void* big = pool.allocate(4 * MiB);  // a 20 MiB large segment
  EXPECT_EQ(raw.allocs, 1);
  EXPECT_EQ(pool.total_bytes(), 20 * MiB);
  void* small = pool.allocate(4 * KiB);  // never carved from the large segment
  EXPECT_EQ(raw.allocs, 2);
  EXPECT_FALSE(ptr(small) >= ptr(big) && ptr(small) < ptr(big) + 20 * MiB);
  void* mid = pool.allocate(3 * MiB);  // shares the large segment
  EXPECT_EQ(raw.allocs, 2);
  EXPECT_EQ(ptr(mid) - ptr(big), ptrdiff_t(4 * MiB));
  pool.deallocate(big);
  pool.deallocate(small);
  pool.deallocate(mid);
  EXPECT_EQ(pool.used_bytes(), 0u);
  pool.free_all_blocks();
  EXPECT_EQ(raw.in_use, 0u);
}

TEST(CudaMemoryPool, LargeRemainderOfAMiBOrLessIsNotSplit) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  void* a = pool.allocate(11 * MiB - 512 * KiB);  // 12 MiB segment, 1.5 MiB remainder split
  EXPECT_EQ(pool.block_size(a), 11 * MiB - 512 * KiB);
  EXPECT_EQ(pool.n_free_blocks(), 1u);
  void* b = pool.allocate(12 * MiB - 256 * KiB);  // 12 MiB segment, 256 KiB kept in the block
  EXPECT_EQ(pool.block_size(b), 12 * MiB);
  EXPECT_EQ(pool.used_bytes(), 23 * MiB - 512 * KiB);
  pool.deallocate(a);
  pool.deallocate(b);
}

TEST(CudaMemoryPool, OversizeBlockNotSplitForSmallRequest) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  void* huge = pool.allocate(256 * MiB);
  pool.deallocate(huge);
  void* a = pool.allocate(40 * MiB);  // < half of 256 MiB: a fresh segment
  EXPECT_EQ(raw.allocs, 2);
  EXPECT_NE(a, huge);
  void* b = pool.allocate(200 * MiB);  // >= half: served by the cached block
  EXPECT_EQ(b, huge);
  EXPECT_EQ(raw.allocs, 2);
  pool.deallocate(a);
  pool.deallocate(b);
}

TEST(CudaMemoryPool, OversizeBlockSplitWhenDriverIsFull) {
  FakeAllocator raw(300 * MiB);
  MemoryPool pool(raw, "cuda:0");
  void* huge = pool.allocate(256 * MiB);
  pool.deallocate(huge);
  void* a = pool.allocate(64 * MiB);  // the driver refuses 64 MiB more: carve the cached block
  EXPECT_EQ(a, huge);
  EXPECT_EQ(pool.total_bytes(), 256 * MiB);
  pool.deallocate(a);
}

TEST(CudaMemoryPool, BlocksAreReusedOnTheirStreamOnly) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  const StreamHandle s1 = 0x1000, s2 = 0x2000;
  void* a = pool.allocate(4 * KiB, s1);
  pool.deallocate(a, s1);
  void* b = pool.allocate(4 * KiB, s2);  // s1's cached memory is not handed to s2
  EXPECT_EQ(raw.allocs, 2);
  void* c = pool.allocate(4 * KiB, s1);
  EXPECT_EQ(c, a);
  // Freed on s2 though allocated on s1: now reusable by s2.
  pool.deallocate(c, s2);
  void* d = pool.allocate(4 * KiB, s2);
  EXPECT_EQ(d, c);
  pool.deallocate(b, s2);
  pool.deallocate(d, s2);
}

TEST(CudaMemoryPool, OutOfMemoryFreesCacheAndRetries) {
  FakeAllocator raw(21 * MiB);
  MemoryPool pool(raw, "cuda:0");
  void* a = pool.allocate(20 * MiB);
  pool.deallocate(a);
  // A 2 MiB small segment does not fit beside the cached 20 MiB: the pool waits for the
  // device, returns the cached segment and retries.
  void* s = pool.allocate(4 * KiB);
  EXPECT_EQ(raw.syncs, 1);
  EXPECT_EQ(raw.frees, 1);
  EXPECT_EQ(pool.total_bytes(), 2 * MiB);
  EXPECT_EQ(raw.in_use, 2 * MiB);
  pool.deallocate(s);
}

TEST(CudaMemoryPool, OutOfMemoryMessageNamesRequestHoldingsAndDevice) {
  FakeAllocator raw(64 * MiB);
  MemoryPool pool(raw, "cuda:1");
  void* a = pool.allocate(30 * MiB);
  void* b = pool.allocate(1000);
  try {
    pool.allocate(100 * MiB);
    FAIL() << "expected OutOfMemoryError";
  } catch (const OutOfMemoryError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("104,857,600 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find("cuda:1"), std::string::npos) << msg;
    EXPECT_NE(msg.find("holds 33,554,432 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find("31,458,304 in use"), std::string::npos) << msg;
    EXPECT_NE(msg.find("2,096,128 cached"), std::string::npos) << msg;
  }
  // The pool still works after the failure.
  pool.deallocate(a);
  pool.deallocate(b);
  EXPECT_EQ(pool.used_bytes(), 0u);
}

TEST(CudaMemoryPool, LimitCapsHeldBytes) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  EXPECT_EQ(pool.get_limit(), 0u);
  pool.set_limit(24 * MiB);
  EXPECT_EQ(pool.get_limit(), 24 * MiB);
  void* a = pool.allocate(20 * MiB);
  EXPECT_THROW(pool.allocate(4 * MiB), OutOfMemoryError);  // a 20 MiB segment would pass 24
  void* s = pool.allocate(1 * MiB);                        // a 2 MiB small segment fits
  try {
    pool.allocate(4 * MiB);
  } catch (const OutOfMemoryError& e) {
    EXPECT_NE(std::string(e.what()).find("limit set to 25,165,824 bytes"), std::string::npos)
        << e.what();
  }
  pool.deallocate(a);
  // Freed but cached: the limit frees the cache before refusing.
  void* b = pool.allocate(22 * MiB);
  EXPECT_EQ(pool.total_bytes(), 24 * MiB);
  pool.deallocate(b);
  pool.deallocate(s);
}

TEST(CudaMemoryPool, FreeingUnknownPointerRaises) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  int x = 0;
  EXPECT_THROW(pool.deallocate(&x), ValueError);
  pool.deallocate(nullptr);  // ignored, as free(NULL)
}

TEST(CudaMemoryPool, ManyAllocationsBalance) {
  FakeAllocator raw;
  MemoryPool pool(raw, "cuda:0");
  std::vector<void*> ptrs;
  for (int i = 0; i < 1000; ++i) ptrs.push_back(pool.allocate(size_t(i % 37 + 1) * 3000));
  for (size_t i = 0; i < ptrs.size(); i += 2) pool.deallocate(ptrs[i]);
  for (size_t i = 1; i < ptrs.size(); i += 2) pool.deallocate(ptrs[i]);
  EXPECT_EQ(pool.used_bytes(), 0u);
  // Everything merged back into whole segments.
  EXPECT_EQ(pool.n_free_blocks(), size_t(raw.allocs));
  pool.free_all_blocks();
  EXPECT_EQ(raw.in_use, 0u);
}

TEST(CudaPinnedPool, ReusesBuffers) {
  FakeAllocator raw;
  PinnedPool pool(raw, 64 * MiB);
  void* a = pool.acquire(1000);
  EXPECT_EQ(raw.live.at(a), PinnedPool::kRound);
  pool.release(a);
  EXPECT_EQ(pool.cached_bytes(), PinnedPool::kRound);
  EXPECT_EQ(pool.acquire(10), a);
  void* big = pool.acquire(16 * MiB);
  pool.release(big);
  void* small = pool.acquire(1 * MiB);  // a 16 MiB buffer is too big to hand out for 1 MiB
  EXPECT_NE(small, big);
  pool.release(small);
  pool.release(a);
  pool.free_all();
  EXPECT_EQ(raw.in_use, 0u);
  EXPECT_EQ(pool.held_bytes(), 0u);
}

TEST(CudaHostArrayPool, MissPreparesABufferForTheNextRequest) {
  FakeAllocator raw;
  std::vector<std::function<void()>> tasks;  // background work, run when the test says
  HostArrayPool pool(raw, 64 * MiB, MiB, [&](std::function<void()> t) { tasks.push_back(t); });
  EXPECT_EQ(pool.try_acquire(512 * KiB), nullptr);  // under the minimum: never pooled
  EXPECT_TRUE(tasks.empty());
  EXPECT_EQ(pool.try_acquire(3 * MiB), nullptr);  // a miss schedules one page-lock
  EXPECT_EQ(pool.try_acquire(3 * MiB), nullptr);  // still pending: not scheduled twice
  ASSERT_EQ(tasks.size(), 1u);
  EXPECT_EQ(pool.stats().held, 3 * MiB);  // reserved while pending
  tasks[0]();
  void* a = pool.try_acquire(3 * MiB - 100);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(raw.live.at(a), 3 * MiB);
  EXPECT_TRUE(pool.owns(a, 3 * MiB));
  EXPECT_TRUE(pool.owns(static_cast<char*>(a) + MiB, MiB));
  EXPECT_FALSE(pool.owns(static_cast<char*>(a) + MiB, 3 * MiB));
  EXPECT_EQ(pool.stats().cached, 0u);
  pool.release(a);
  EXPECT_EQ(pool.stats().cached, 3 * MiB);
  EXPECT_EQ(pool.try_acquire(2 * MiB), a);  // up to twice the request is handed out
  pool.release(a);
  pool.free_cached();
  EXPECT_EQ(raw.in_use, 0u);
  EXPECT_EQ(pool.stats().held, 0u);
}

TEST(CudaHostArrayPool, RespectsTheLimitAndSurvivesAFailedPageLock) {
  FakeAllocator raw(8 * MiB);  // the "driver" refuses beyond 8 MiB
  std::vector<std::function<void()>> tasks;
  HostArrayPool pool(raw, 16 * MiB, MiB, [&](std::function<void()> t) { tasks.push_back(t); });
  EXPECT_EQ(pool.try_acquire(20 * MiB), nullptr);  // over the pool's limit: not even tried
  EXPECT_TRUE(tasks.empty());
  EXPECT_EQ(pool.try_acquire(12 * MiB), nullptr);
  ASSERT_EQ(tasks.size(), 1u);
  tasks[0]();  // the page-lock fails
  EXPECT_EQ(pool.stats().held, 0u);
  EXPECT_EQ(pool.try_acquire(12 * MiB), nullptr);  // tried again later
  EXPECT_EQ(tasks.size(), 2u);
  int foreign = 0;
  pool.release(&foreign);  // not the pool's: ignored
  EXPECT_FALSE(pool.owns(&foreign, 4));
}

}  // namespace
}  // namespace ndgpu::cuda
