// A caching allocator for one device, written against an abstract raw allocator so that its
// policy is tested without a GPU. Policy (see docs/cuda_backend.md):
//  - requests round up to 512 B; <= 1 MiB is "small", served from 2 MiB segments;
//  - larger requests are "large": below 10 MiB they share 20 MiB segments, from 10 MiB up a
//    segment is the request rounded up to 2 MiB; the two pools never mix;
//  - a free block is split when the remainder is usable (>= 512 B small, > 1 MiB large) and
//    merged with free neighbours of its segment on free;
//  - an oversize cached block (>= 32 MiB) is not split for a request under half its size
//    unless the driver has no memory left;
//  - a block freed on stream S is reused directly only by allocations on S;
//  - the last few small blocks freed are parked unmerged, so that the next request of the
//    same rounded size on the same stream takes one back without touching the free sets
//    (a loop of small temporaries); anything that needs merged blocks flushes them first;
//  - when the driver refuses, cached segments are released and the request retried, then
//    OutOfMemoryError is raised with the request, what the pool holds and the device.
#pragma once
#include <cstddef>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "ndgpu/backend.hpp"

namespace ndgpu::cuda {

// Where the pool's segments come from (cuMemAlloc on a GPU, a fake in tests).
class RawAllocator {
 public:
  virtual ~RawAllocator() = default;
  // Returns nullptr when the device is out of memory; raises for any other failure.
  virtual void* raw_alloc(size_t nbytes) = 0;
  virtual void raw_free(void* ptr) = 0;
  // Called before cached segments go back to the driver: work queued on any stream may
  // still use a block freed in stream order, so a GPU waits for the device here.
  virtual void synchronize() {}
};

class MemoryPool {
 public:
  static constexpr size_t kRound = 512;
  static constexpr size_t kSmallMax = size_t(1) << 20;      // 1 MiB
  static constexpr size_t kSmallSegment = size_t(2) << 20;  // 2 MiB
  static constexpr size_t kMidMax = size_t(10) << 20;       // 10 MiB
  static constexpr size_t kMidSegment = size_t(20) << 20;   // 20 MiB
  static constexpr size_t kLargeRound = size_t(2) << 20;    // 2 MiB
  static constexpr size_t kOversize = size_t(32) << 20;     // 32 MiB

  // device_name ("cuda:0") appears in OutOfMemoryError messages.
  MemoryPool(RawAllocator& raw, std::string device_name);
  ~MemoryPool();
  MemoryPool(const MemoryPool&) = delete;
  MemoryPool& operator=(const MemoryPool&) = delete;

  // Returns nullptr for 0 bytes; raises OutOfMemoryError when it cannot serve the request.
  void* allocate(size_t nbytes, StreamHandle stream = 0);
  // Returns the block to the cache, reusable by allocations on `stream`. nullptr is ignored.
  void deallocate(void* ptr, StreamHandle stream = 0);

  // The rounded size of a live block (0 when ptr is not one).
  size_t block_size(void* ptr) const;
  size_t used_bytes() const;   // bytes in live blocks (rounded sizes)
  size_t total_bytes() const;  // bytes held from the driver (live and cached)
  size_t n_free_blocks() const;
  // Returns every fully free segment to the driver.
  void free_all_blocks();
  // Caps total_bytes(); 0 means no limit.
  void set_limit(size_t bytes);
  size_t get_limit() const;

  static size_t round_size(size_t nbytes);
  // Bytes asked of the driver for a request of `rounded` bytes.
  static size_t segment_size(size_t rounded);

 private:
  struct Block {
    char* ptr;
    size_t size;
    StreamHandle stream;
    bool free = false;
    bool small;
    bool parked = false;    // freed, waiting unmerged; still a key of live_ (no map churn)
    Block* prev = nullptr;  // neighbours in the same segment, by address
    Block* next = nullptr;
  };
  // Free blocks ordered by (stream, size, address): lower_bound gives the best fit.
  struct ByStreamSize {
    bool operator()(const Block* a, const Block* b) const;
  };
  using FreeSet = std::set<Block*, ByStreamSize>;

  Block* find_free(FreeSet& pool, size_t rounded, StreamHandle stream, bool allow_oversize);
  Block* split(FreeSet& pool, Block* b, size_t rounded);
  void insert_free(Block* b);
  Block* take_parked(size_t rounded, StreamHandle stream);
  void park(Block* b);
  void unpark_into_free_sets(Block* b);
  void flush_parked();      // parked blocks into the free sets, merged; with mutex_ held
  size_t release_cached();  // with mutex_ held
  [[noreturn]] void throw_oom(size_t nbytes, const char* why);

  RawAllocator& raw_;
  std::string device_name_;
  mutable std::mutex mutex_;
  FreeSet small_free_, large_free_;
  std::unordered_map<void*, Block*> live_;
  static constexpr size_t kParked = 16;
  Block* parked_[kParked] = {};  // oldest first; counted as cached, not used
  size_t n_parked_ = 0;
  size_t used_ = 0, total_ = 0, limit_ = 0;
};

}  // namespace ndgpu::cuda
