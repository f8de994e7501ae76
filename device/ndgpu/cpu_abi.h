/* The contract between the CPU backend (src/backend/cpu) and kernels compiled for the host:
   the backend calls  SYMBOL(&launch, args)  once per block, from several threads, where
   SYMBOL is NAME__ndgpu_entry (see ndgpu::cpu::entry_symbol). */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

struct ndgpu_cpu_launch;

/* The fiber scheduler, implemented in the library (src/backend/cpu/fiber_scheduler.cpp).
   Kernels without barriers never call it. */
typedef struct ndgpu_cpu_runtime {
  /* Runs body(ctx) once per thread of the block, as cooperatively scheduled fibers; before
     resuming a fiber it writes that thread's index to thread_index[0..2]. */
  void (*run_fibers)(const struct ndgpu_cpu_launch* launch, void (*body)(void*), void* ctx,
                     unsigned* thread_index);
  /* __syncthreads (op 0), _count (1), _and (2), _or (3): waits for the block, returns the
     predicates reduced by op. */
  int (*sync_block)(int op, int predicate);
  /* A warp-level barrier over the live lanes of `mask`: publishes `value` and returns the 32
     values of this round; *lanes receives the lanes that took part. */
  const unsigned long long* (*warp_exchange)(unsigned mask, unsigned long long value,
                                             unsigned* lanes);
} ndgpu_cpu_runtime;

typedef struct ndgpu_cpu_launch {
  unsigned grid[3];
  unsigned block[3];
  unsigned block_index[3];
  unsigned long long shared_mem; /* bytes of extern __shared__ memory per block */
  void* dynamic_shared;          /* this block's extern __shared__ buffer (or null) */
  const ndgpu_cpu_runtime* runtime;
} ndgpu_cpu_launch;

typedef void (*ndgpu_cpu_entry)(const ndgpu_cpu_launch* launch, void** args);

#ifdef __cplusplus
}
#endif
