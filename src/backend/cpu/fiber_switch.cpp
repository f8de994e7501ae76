#include "backend/cpu/fiber_switch.hpp"

#include <cstdint>

#ifndef NDGPU_FIBER_USE_UCONTEXT
// ndgpu_fiber_swap(save_sp, load_sp): pushes the callee-saved registers and the SSE/x87
// control words, stores rsp, loads the other stack and pops its registers. A new fiber's
// stack is laid out so that the first swap "returns" into ndgpu_fiber_start, which calls
// rbx(r12).
extern "C" void ndgpu_fiber_swap(void** save_sp, void* load_sp);
extern "C" void ndgpu_fiber_start();
asm(R"(
  .text
  .globl ndgpu_fiber_swap
  .hidden ndgpu_fiber_swap
  .type ndgpu_fiber_swap,@function
ndgpu_fiber_swap:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size ndgpu_fiber_swap,.-ndgpu_fiber_swap

  .globl ndgpu_fiber_start
  .hidden ndgpu_fiber_start
  .type ndgpu_fiber_start,@function
ndgpu_fiber_start:
  movq %r12, %rdi
  callq *%rbx
  ud2
  .size ndgpu_fiber_start,.-ndgpu_fiber_start
)");
#endif

namespace ndgpu::cpu {

#ifdef NDGPU_FIBER_USE_UCONTEXT

namespace {
// makecontext passes int arguments only: the pointers travel in two halves.
void trampoline(unsigned fn_lo, unsigned fn_hi, unsigned arg_lo, unsigned arg_hi) {
  auto fn = reinterpret_cast<void (*)(void*)>((uintptr_t(fn_hi) << 32) | fn_lo);
  fn(reinterpret_cast<void*>((uintptr_t(arg_hi) << 32) | arg_lo));
}
}  // namespace

void fiber_init(FiberContext* f, char* stack, size_t size, void (*fn)(void*), void* arg) {
  getcontext(&f->uc);
  f->uc.uc_stack.ss_sp = stack;
  f->uc.uc_stack.ss_size = size;
  f->uc.uc_link = nullptr;
  auto fp = uintptr_t(fn), ap = uintptr_t(arg);
  makecontext(&f->uc, reinterpret_cast<void (*)()>(&trampoline), 4, unsigned(fp),
              unsigned(fp >> 32), unsigned(ap), unsigned(ap >> 32));
}

void fiber_switch(FiberContext* from, FiberContext* to) {
  swapcontext(&from->uc, &to->uc);
}

#else

void fiber_init(FiberContext* f, char* stack, size_t size, void (*fn)(void*), void* arg) {
  auto top = reinterpret_cast<uintptr_t>(stack + size) & ~uintptr_t(15);
  auto* slot = reinterpret_cast<uint64_t*>(top - 8);  // the "return address" of the first swap
  slot[0] = reinterpret_cast<uint64_t>(&ndgpu_fiber_start);
  slot[-1] = 0;                                // rbp
  slot[-2] = reinterpret_cast<uint64_t>(fn);   // rbx
  slot[-3] = reinterpret_cast<uint64_t>(arg);  // r12
  slot[-4] = slot[-5] = slot[-6] = 0;          // r13, r14, r15
  uint32_t mxcsr;
  uint16_t fpucw;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpucw));
  auto* ctl = reinterpret_cast<uint32_t*>(&slot[-7]);
  ctl[0] = mxcsr;
  ctl[1] = fpucw;
  f->sp = &slot[-7];
}

void fiber_switch(FiberContext* from, FiberContext* to) {
  ndgpu_fiber_swap(&from->sp, to->sp);
}

#endif

}  // namespace ndgpu::cpu
