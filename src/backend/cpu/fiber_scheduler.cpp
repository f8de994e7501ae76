#include "backend/cpu/fiber_scheduler.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "backend/cpu/fiber_switch.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

// Per fiber: kernels with local arrays and printf fit; pages are touched only when used.
constexpr size_t kStackBytes = 128 * 1024;
constexpr size_t kGuardBytes = 4096;
constexpr uint64_t kCanary = 0x6e64677075737461ull;

struct Warp {
  unsigned live = 0, arrived = 0;
  uint64_t gen = 0;
  unsigned snap[2] = {0, 0};
  unsigned long long vals[2][32];
};

// Everything about the block this host thread is running.
struct BlockState {
  // Stacks: one mapping, a guard page, then `capacity` stacks of kStackBytes.
  char* region = nullptr;
  size_t capacity = 0;
  std::vector<FiberContext> fibers;
  std::vector<uint8_t> done;
  FiberContext scheduler;

  bool in_fibers = false;
  unsigned loop_threads = 1;  // block size when run without fibers
  unsigned n = 0, current = 0, alive = 0;
  unsigned bx = 1, by = 1;
  unsigned* thread_index = nullptr;
  void (*body)(void*) = nullptr;
  void* ctx = nullptr;
  uint64_t progress = 0;  // bumps whenever a fiber arrives, passes a barrier or finishes
  bool stop = false;

  unsigned bar_arrived = 0;
  uint64_t bar_gen = 0;
  int bar_count[2] = {0, 0}, bar_n[2] = {0, 0};
  std::vector<Warp> warps;
  unsigned long long solo[32] = {};

  std::string error;

  ~BlockState() {
    if (region) ::munmap(region, kGuardBytes + capacity * kStackBytes);
  }
  char* stack_base(unsigned i) { return region + kGuardBytes + size_t(i) * kStackBytes; }
};

thread_local BlockState tls;

void ensure_stacks(BlockState& s, unsigned n) {
  if (n <= s.capacity) return;
  if (s.region) ::munmap(s.region, kGuardBytes + s.capacity * kStackBytes);
  size_t bytes = kGuardBytes + size_t(n) * kStackBytes;
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (p == MAP_FAILED) {
    s.region = nullptr;
    s.capacity = 0;
    throw OutOfMemoryError("cannot map fiber stacks for a block of " + std::to_string(n) +
                           " threads on the CPU backend");
  }
  ::mprotect(p, kGuardBytes, PROT_NONE);
  s.region = static_cast<char*>(p);
  s.capacity = n;
  s.fibers.resize(n);
}

void set_thread_index(BlockState& s, unsigned i) {
  s.thread_index[0] = i % s.bx;
  s.thread_index[1] = (i / s.bx) % s.by;
  s.thread_index[2] = i / (s.bx * s.by);
}

// Back to the scheduler; returns when the scheduler resumes this fiber.
void yield(BlockState& s) {
  fiber_switch(&s.fibers[s.current], &s.scheduler);
}

void fiber_main(void*) {
  BlockState& s = tls;
  s.body(s.ctx);
  unsigned i = s.current;
  s.done[i] = 1;
  --s.alive;
  s.warps[i >> 5].live &= ~(1u << (i & 31));
  ++s.progress;
  fiber_switch(&s.fibers[i], &s.scheduler);  // never resumed
}

void run_fibers(const ndgpu_cpu_launch* L, void (*body)(void*), void* ctx, unsigned* thread_index) {
  BlockState& s = tls;
  unsigned n = L->block[0] * L->block[1] * L->block[2];
  try {
    ensure_stacks(s, n);
  } catch (const std::exception& e) {
    s.error = e.what();
    return;
  }
  s.n = s.alive = n;
  s.bx = L->block[0];
  s.by = L->block[1];
  s.thread_index = thread_index;
  s.body = body;
  s.ctx = ctx;
  s.done.assign(n, 0);
  s.bar_arrived = 0;
  s.warps.assign((n + 31) / 32, Warp{});
  for (unsigned w = 0; w < s.warps.size(); ++w) {
    unsigned lanes = n - w * 32;
    s.warps[w].live = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
  }
  for (unsigned i = 0; i < n; ++i) {
    std::memcpy(s.stack_base(i), &kCanary, sizeof kCanary);
    fiber_init(&s.fibers[i], s.stack_base(i), kStackBytes, &fiber_main, nullptr);
  }
  s.in_fibers = true;
  s.stop = false;
  while (s.alive && !s.stop) {
    uint64_t before = s.progress;
    for (unsigned i = 0; i < n && !s.stop; ++i) {
      if (s.done[i]) continue;
      s.current = i;
      set_thread_index(s, i);
      fiber_switch(&s.scheduler, &s.fibers[i]);
      if (std::memcmp(s.stack_base(i), &kCanary, sizeof kCanary) != 0) {
        s.error = "thread " + std::to_string(i) + " overflowed its " +
                  std::to_string(kStackBytes / 1024) + " KiB stack";
        s.stop = true;
      }
    }
    if (s.alive && s.progress == before && !s.stop) {
      s.error =
          "deadlock: the block's threads wait at different barriers (a __syncthreads "
          "or warp operation that not every thread reaches)";
      s.stop = true;
    }
  }
  s.in_fibers = false;
}

// Outside fibers a barrier is only right for a block of one thread.
bool barrier_without_fibers(BlockState& s) {
  if (s.loop_threads > 1 && s.error.empty())
    s.error =
        "a barrier (__syncthreads, shuffle or vote) was reached by a kernel compiled "
        "without fiber support";
  return true;
}

int sync_block(int op, int pred) {
  BlockState& s = tls;
  if (!s.in_fibers) {
    barrier_without_fibers(s);
    return op == 1 ? pred : pred != 0;
  }
  uint64_t g = s.bar_gen;
  int p = int(g & 1);
  if (s.bar_arrived == 0) s.bar_count[p] = 0;
  ++s.bar_arrived;
  s.bar_count[p] += pred;
  ++s.progress;
  while (s.bar_gen == g) {
    if (s.bar_arrived >= s.alive) {
      s.bar_n[p] = int(s.bar_arrived);
      s.bar_arrived = 0;
      ++s.bar_gen;
      ++s.progress;
      break;
    }
    yield(s);
  }
  switch (op) {
    case 1:
      return s.bar_count[p];
    case 2:
      return s.bar_count[p] == s.bar_n[p];
    case 3:
      return s.bar_count[p] > 0;
    default:
      return 0;
  }
}

const unsigned long long* warp_exchange(unsigned mask, unsigned long long value, unsigned* lanes) {
  BlockState& s = tls;
  if (!s.in_fibers) {
    barrier_without_fibers(s);
    s.solo[0] = value;
    *lanes = 1;
    return s.solo;
  }
  unsigned lane = s.current & 31;
  Warp& w = s.warps[s.current >> 5];
  uint64_t g = w.gen;
  int p = int(g & 1);
  w.vals[p][lane] = value;
  w.arrived |= 1u << lane;
  ++s.progress;
  while (w.gen == g) {
    unsigned need = mask & w.live;
    if ((w.arrived & need) == need) {
      w.snap[p] = w.arrived;
      w.arrived = 0;
      ++w.gen;
      ++s.progress;
      break;
    }
    yield(s);
  }
  *lanes = w.snap[p];
  return w.vals[p];
}

const ndgpu_cpu_runtime kRuntime = {&run_fibers, &sync_block, &warp_exchange};

}  // namespace

const ndgpu_cpu_runtime* fiber_runtime() {
  return &kRuntime;
}

void begin_block(unsigned threads) {
  tls.loop_threads = threads;
  tls.error.clear();
}

std::string take_block_error() {
  std::string e;
  e.swap(tls.error);
  return e;
}

void abandon_block() {
  tls.in_fibers = false;
  tls.stop = false;
}

}  // namespace ndgpu::cpu
