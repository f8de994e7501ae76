// The probes' timer: three warm-up launches, then the median over `reps` event pairs of
// `inner` back-to-back launches, in ms per launch.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <vector>

template <class F>
float median_ms(F launch, int reps = 20, int inner = 1) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) launch();
  cudaDeviceSynchronize();
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(a);
    for (int i = 0; i < inner; ++i) launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms / inner);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
