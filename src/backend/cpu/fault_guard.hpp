// A fault inside a kernel on the CPU backend (a bad pointer, an integer division by zero, a
// trap) must not take the process down silently. While a block runs, SIGSEGV, SIGBUS,
// SIGFPE and SIGILL on that host thread jump back here (sigsetjmp/siglongjmp, on an
// alternate signal stack so that a stack overflow is caught too); the launch then raises.
// Best effort: a kernel that faulted while holding a lock (inside printf) may leave it held.
#pragma once
#include <string>

namespace ndgpu::cpu {

// Runs fn(arg) on this thread. Returns "" or a description of the signal that stopped it
// ("SIGSEGV (invalid memory access at 0x10)"). Signals outside guarded code go to the
// handlers installed before ndgpu's.
std::string run_guarded(void (*fn)(void*), void* arg);

}  // namespace ndgpu::cpu
