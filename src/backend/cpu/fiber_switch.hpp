// The context switch under the fiber scheduler. On x86-64 a dozen instructions that save the
// callee-saved registers (glibc's swapcontext also makes a sigprocmask system call per
// switch); elsewhere ucontext.
#pragma once
#include <cstddef>

#if !defined(__x86_64__) || defined(NDGPU_FIBER_UCONTEXT)
#include <ucontext.h>
#define NDGPU_FIBER_USE_UCONTEXT 1
#endif

namespace ndgpu::cpu {

struct FiberContext {
#ifdef NDGPU_FIBER_USE_UCONTEXT
  ucontext_t uc;
#else
  void* sp = nullptr;
#endif
};

// Prepares `f` to run fn(arg) on [stack, stack + size) when first switched to. fn must not
// return (it switches away for good instead).
void fiber_init(FiberContext* f, char* stack, size_t size, void (*fn)(void*), void* arg);
// Saves the running context in `from` and resumes `to`.
void fiber_switch(FiberContext* from, FiberContext* to);

}  // namespace ndgpu::cpu
