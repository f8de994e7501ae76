// Runs the threads of a CPU block as fibers so that __syncthreads, warp shuffles and votes
// behave as on a GPU: each barrier switches to the next fiber of the block, round-robin, and
// a barrier opens when every live thread has reached it. Fibers of a block share one host
// thread (so `thread_local` statics are the block's __shared__ memory); their stacks are
// allocated once per host thread and reused.
#pragma once
#include <string>

#include "ndgpu/cpu_abi.h"

namespace ndgpu::cpu {

// The table kernels call through ndgpu_cpu_launch::runtime.
const ndgpu_cpu_runtime* fiber_runtime();

// Called before each block runs on this host thread (threads = the block's size): a block
// run without fibers may only reach a barrier when it has one thread.
void begin_block(unsigned threads);
// What went wrong in the block that just ran on this thread ("" when nothing): a deadlock,
// a fiber's stack overflow, a barrier reached without fiber support. Clears it.
std::string take_block_error();
// Forgets the fibers of a block that a fault abandoned.
void abandon_block();

}  // namespace ndgpu::cpu
