// Annotations for profilers (Nsight Systems and Compute): NVTX ranges and marks, and the
// CUDA profiler's start/stop. Without a profiler attached, or without the CUDA toolkit's
// headers at build time, they cost a call and do nothing.
#pragma once
#include <string>

namespace ndgpu::profiling {

// `color` picks one of a fixed palette (CuPy's id_color); -1 leaves the range uncoloured.
void range_push(const std::string& message, int color = -1);
void range_pop();
void mark(const std::string& message, int color = -1);
// Starts and stops the CUDA profiler's collection (cuProfilerStart/Stop); no-ops on the CPU
// backend.
void profiler_start();
void profiler_stop();

}  // namespace ndgpu::profiling
