// Hooks the host language installs so that long backend work (a CPU launch, a compile, a
// synchronisation, a large copy) lets other host threads run and can be interrupted.
// Python's module drops the GIL and checks for Ctrl-C through them; C++ programs need none.
#pragma once
#include <mutex>
#include <stdexcept>

namespace ndgpu {

struct HostHooks {
  void* (*release)() = nullptr;        // before long work: e.g. drop the GIL (returns a token)
  void (*reacquire)(void*) = nullptr;  // after it, with release's token
  bool (*interrupted)() = nullptr;     // true when the user asked to stop (Ctrl-C)
};
void set_host_hooks(const HostHooks& hooks);

// Raised out of interrupted work: KeyboardInterrupt in Python (or the exception that
// Python's own SIGINT handler raised). The library stays usable.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// Around long work: other host threads run meanwhile (a no-op without hooks).
class BlockingRegion {
 public:
  BlockingRegion();
  ~BlockingRegion();
  BlockingRegion(const BlockingRegion&) = delete;
  BlockingRegion& operator=(const BlockingRegion&) = delete;

 private:
  void* token_ = nullptr;
  bool released_ = false;
};

// Locks `m`, letting other host threads run while it waits. A mutex held across a
// BlockingRegion (one guarding a compile) must be taken this way: a thread that waited for it
// holding the GIL would deadlock with the holder, which wants the GIL back.
template <class Mutex>
std::unique_lock<Mutex> lock_unblocked(Mutex& m) {
  std::unique_lock<Mutex> lk(m, std::try_to_lock);
  if (!lk.owns_lock()) {
    BlockingRegion unblock;
    lk.lock();
  }
  return lk;
}

// Inside one, interrupt_requested() is false and the hook is not asked, so a Ctrl-C stays
// for the next poll: deferred work, whose caller could not tell it was cut short, runs whole.
class InterruptsHeld {
 public:
  InterruptsHeld();
  ~InterruptsHeld();
  InterruptsHeld(const InterruptsHeld&) = delete;
  InterruptsHeld& operator=(const InterruptsHeld&) = delete;
};

// Polled by long work between pieces; throws Interrupted when the hook says so.
void check_interrupt();
// The same, without the throw.
bool interrupt_requested();

}  // namespace ndgpu
