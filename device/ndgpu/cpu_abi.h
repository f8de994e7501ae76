/* The contract between the CPU backend (src/backend/cpu) and kernels compiled for the host:
   the backend calls  NAME__ndgpu_entry(&launch, args)  once per block, from several threads. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ndgpu_cpu_launch {
  unsigned grid[3];
  unsigned block[3];
  unsigned block_index[3];
  unsigned long long shared_mem; /* bytes of extern __shared__ memory per block */
} ndgpu_cpu_launch;

typedef void (*ndgpu_cpu_entry)(const ndgpu_cpu_launch* launch, void** args);

#ifdef __cplusplus
}
#endif
