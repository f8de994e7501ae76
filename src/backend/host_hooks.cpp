#include "ndgpu/host_hooks.hpp"

#include <atomic>

namespace ndgpu {
namespace {

// Set once at start-up (module import), read on every long call: plain atomics suffice.
std::atomic<void* (*)()> g_release{nullptr};
std::atomic<void (*)(void*)> g_reacquire{nullptr};
std::atomic<bool (*)()> g_interrupted{nullptr};
// A region inside a region (a compile inside a launch's lookup) must not release twice.
thread_local int tls_depth = 0;
thread_local int tls_held = 0;  // InterruptsHeld regions open on this thread

}  // namespace

void set_host_hooks(const HostHooks& hooks) {
  g_release = hooks.release;
  g_reacquire = hooks.reacquire;
  g_interrupted = hooks.interrupted;
}

BlockingRegion::BlockingRegion() {
  if (tls_depth++ > 0) return;
  auto release = g_release.load();
  auto reacquire = g_reacquire.load();
  if (!release || !reacquire) return;
  token_ = release();
  released_ = true;
}

BlockingRegion::~BlockingRegion() {
  --tls_depth;
  if (released_) g_reacquire.load()(token_);
}

InterruptsHeld::InterruptsHeld() {
  ++tls_held;
}
InterruptsHeld::~InterruptsHeld() {
  --tls_held;
}

bool interrupt_requested() {
  if (tls_held) return false;
  auto hook = g_interrupted.load();
  return hook && hook();
}

void check_interrupt() {
  if (interrupt_requested()) throw Interrupted();
}

}  // namespace ndgpu
