// Where the batched 1024 x 64^3 float32 product's time goes (src/ops/linalg/small_gemm.cpp):
// the shipped kernel's shape with k copied in 1, 2, 4 or 8 asynchronous chunks, the same with
// its loads alone or its arithmetic alone, a 128-thread variant with 8x4 tiles per thread, and
// a plain a + b over the same bytes as the memory floor. Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 -std=c++17 benchmarks/cpp/batched_gemm_probe.cu -o /tmp/bg && /tmp/bg
// (`/tmp/bg once` launches each kernel once, for Nsight Compute.)
// H200, 2026-12-03, us per launch (one: events around one launch; loop: 20 back to back):
//   a + b over the same 48 MiB: one 16.4-18.6, loop 13.3 (the memory floor)
//   4x4 tiles, 2 chunks (the shape shipped until then): one 26.0-26.5, loop 21.8;
//     its loads alone: loop 14.5; its arithmetic alone: loop 16.9
//   4x4 with 1, 4, 8 chunks: loop 22.5, 21.9, 24.0; capped for 5 blocks per SM: 21.9
//   8x4 tiles, 128 threads, 2 chunks: one 24.5-25.9, loop 21.1-21.2 (4 chunks: 21.4)
//   8x8 ring (KC, stages): loop 21.2 (16, 2) to 23.3 (8, 4); 28.5 capped for 10 blocks
// Nsight Compute (clocks locked at 1.47 GHz): the 4x4 arithmetic alone keeps the shared-memory
// pipe 87.6% busy (every 16-byte read is four wavefronts, broadcast or not); each whole kernel
// issues 0.62-0.68 warp instructions per scheduler cycle with DRAM 27-30% busy and half its
// reads hitting L2: latency-bound, no pipe full, whatever the tile.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "probe_timer.cuh"

constexpr int kBatch = 1024, kSide = 64, kElems = kSide * kSide;

struct __align__(16) F4 {
  float x, y, z, w;
};

__device__ __forceinline__ void copy16(float* dst, const float* src) {
  const unsigned s = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src));
}
__device__ __forceinline__ void commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}
// cp.async.wait_group takes an immediate: one case per count of groups left in flight.
__device__ __forceinline__ void wait_groups(int left) {
  switch (left) {
    case 0:
      asm volatile("cp.async.wait_group 0;\n" ::);
      break;
    case 1:
      asm volatile("cp.async.wait_group 1;\n" ::);
      break;
    case 2:
      asm volatile("cp.async.wait_group 2;\n" ::);
      break;
    case 3:
      asm volatile("cp.async.wait_group 3;\n" ::);
      break;
    case 4:
      asm volatile("cp.async.wait_group 4;\n" ::);
      break;
    case 5:
      asm volatile("cp.async.wait_group 5;\n" ::);
      break;
    case 6:
      asm volatile("cp.async.wait_group 6;\n" ::);
      break;
    default:
      asm volatile("cp.async.wait_group 7;\n" ::);
      break;
  }
}

// One block per product, ROWS x 4 tile per thread (256 threads for 4, 128 for 8); k copied in
// CH chunks, each multiplied as soon as it lands. LOAD/MATH switch off either half; MINB
// asks for that many resident blocks per SM (registers capped to fit).
template <int ROWS, int CH, bool LOAD, bool MATH, int MINB = 1>
__global__ void __launch_bounds__(64 * 16 / ROWS, MINB)
    tiles(const float* a, const float* b, float* c) {
  constexpr int kThreads = 64 * 16 / ROWS, kW = 16 / CH;  // float4 columns of A per chunk
  __shared__ __align__(16) float as[64][68];
  __shared__ __align__(16) float bs[64][68];
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const float* A = a + (long long)blockIdx.x * kElems;
  const float* B = b + (long long)blockIdx.x * kElems;
  if (LOAD) {
#pragma unroll
    for (int h = 0; h < CH; ++h) {
      for (int i = tid; i < 64 * kW; i += kThreads) {
        const int r = i / kW, q = (h * kW + i % kW) * 4;
        copy16(&as[r][q], A + r * 64 + q);
      }
      for (int i = tid; i < kW * 4 * 16; i += kThreads) {
        const int r = h * kW * 4 + i / 16, q = (i % 16) * 4;
        copy16(&bs[r][q], B + r * 64 + q);
      }
      commit();
    }
  }
  float acc[ROWS][4] = {};
#pragma unroll
  for (int h = 0; h < CH; ++h) {
    if (LOAD) wait_groups(CH - 1 - h);
    __syncthreads();
    if (MATH) {
#pragma unroll 2
      for (int p = h * kW * 4; p < (h + 1) * kW * 4; p += 4) {
        F4 x[ROWS], y[4];
#pragma unroll
        for (int i = 0; i < ROWS; ++i) x[i] = *(const F4*)&as[ty * ROWS + i][p];
#pragma unroll
        for (int i = 0; i < 4; ++i) y[i] = *(const F4*)&bs[p + i][tx * 4];
#pragma unroll
        for (int i = 0; i < ROWS; ++i) {
          const float xv[4] = {x[i].x, x[i].y, x[i].z, x[i].w};
#pragma unroll
          for (int q = 0; q < 4; ++q) {
            acc[i][0] += xv[q] * y[q].x;
            acc[i][1] += xv[q] * y[q].y;
            acc[i][2] += xv[q] * y[q].z;
            acc[i][3] += xv[q] * y[q].w;
          }
        }
      }
    }
  }
  if (!MATH) {  // the loads alone: store what landed, so that they are not dropped
#pragma unroll
    for (int i = 0; i < ROWS; ++i) {
      const F4 v = *(const F4*)&as[ty * ROWS + i][tx * 4],
               u = *(const F4*)&bs[ty * ROWS + i][tx * 4];
      acc[i][0] = v.x + u.x, acc[i][1] = v.y + u.y, acc[i][2] = v.z + u.z, acc[i][3] = v.w + u.w;
    }
  }
  F4* C = (F4*)(c + (long long)blockIdx.x * kElems);
#pragma unroll
  for (int i = 0; i < ROWS; ++i)
    C[(ty * ROWS + i) * 16 + tx] = F4{acc[i][0], acc[i][1], acc[i][2], acc[i][3]};
}

// 8x8 outputs per thread, 64 threads per product (rows ty + 8i, columns tx*4.. and 32 + tx*4..),
// k streamed through a ring of STAGES shared-memory chunks of KC (A rows padded by 4 floats):
// per four k-steps a thread reads 16 16-byte words for 256 FMAs, where a 4x4 tile reads 8 for
// 64, and the small ring leaves room for 8 blocks per SM.
template <int KC, int STAGES, int MINB>
__global__ void __launch_bounds__(64, MINB) ring8x8(const float* a, const float* b, float* c) {
  constexpr int kSA = KC + 4, kChunks = 64 / KC;
  __shared__ __align__(16) float as[STAGES][64][kSA];
  __shared__ __align__(16) float bs[STAGES][KC][64];
  const int tid = threadIdx.x, tx = tid % 8, ty = tid / 8;
  const float* A = a + (long long)blockIdx.x * kElems;
  const float* B = b + (long long)blockIdx.x * kElems;
  auto issue = [&](int chunk) {
    const int st = chunk % STAGES, k0 = chunk * KC;
#pragma unroll
    for (int i = tid; i < 64 * KC / 4; i += 64) {
      const int r = i / (KC / 4), q = (i % (KC / 4)) * 4;
      copy16(&as[st][r][q], A + r * 64 + k0 + q);
    }
#pragma unroll
    for (int i = tid; i < KC * 16; i += 64) {
      const int r = i / 16, q = (i % 16) * 4;
      copy16(&bs[st][r][q], B + (k0 + r) * 64 + q);
    }
  };
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < kChunks) issue(s);
    commit();
  }
  float acc[8][8] = {};
#pragma unroll 1
  for (int s = 0; s < kChunks; ++s) {
    if (s + STAGES - 1 < kChunks) issue(s + STAGES - 1);
    commit();
    wait_groups(STAGES - 1);
    __syncthreads();
    const int st = s % STAGES;
#pragma unroll
    for (int p = 0; p < KC; p += 4) {
      F4 x[8];
#pragma unroll
      for (int i = 0; i < 8; ++i) x[i] = *(const F4*)&as[st][ty + 8 * i][p];
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const F4 y0 = *(const F4*)&bs[st][p + q][tx * 4],
                 y1 = *(const F4*)&bs[st][p + q][32 + tx * 4];
        const float yv[8] = {y0.x, y0.y, y0.z, y0.w, y1.x, y1.y, y1.z, y1.w};
#pragma unroll
        for (int i = 0; i < 8; ++i) {
          const float xv = q == 0 ? x[i].x : q == 1 ? x[i].y : q == 2 ? x[i].z : x[i].w;
#pragma unroll
          for (int j = 0; j < 8; ++j) acc[i][j] += xv * yv[j];
        }
      }
    }
    __syncthreads();  // the stage is refilled by a later issue
  }
  F4* C = (F4*)(c + (long long)blockIdx.x * kElems);
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    C[(ty + 8 * i) * 16 + tx] = F4{acc[i][0], acc[i][1], acc[i][2], acc[i][3]};
    C[(ty + 8 * i) * 16 + 8 + tx] = F4{acc[i][4], acc[i][5], acc[i][6], acc[i][7]};
  }
}

// The memory floor: c = a + b over the same 48 MiB, one float4 per thread.
__global__ void add4(const F4* a, const F4* b, F4* c, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  const F4 x = a[i], y = b[i];
  c[i] = F4{x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w};
}

double max_error(const std::vector<float>& ha, const std::vector<float>& hb, const float* dc) {
  std::vector<float> hc(ha.size());
  cudaMemcpy(hc.data(), dc, hc.size() * 4, cudaMemcpyDeviceToHost);
  double worst = 0;
  for (int z : {0, 517, kBatch - 1})
    for (int r = 0; r < 64; ++r)
      for (int q = 0; q < 64; ++q) {
        double s = 0;
        for (int p = 0; p < 64; ++p)
          s += double(ha[z * kElems + r * 64 + p]) * hb[z * kElems + p * 64 + q];
        worst = std::fmax(worst, std::fabs(s - hc[z * kElems + r * 64 + q]));
      }
  return worst;
}

int main(int argc, char**) {
  const bool once = argc > 1;  // one launch each, for a profiler: /tmp/bg once
  const size_t n = size_t(kBatch) * kElems;
  std::vector<float> ha(n), hb(n);
  unsigned s = 12345;
  for (auto* v : {&ha, &hb})
    for (float& x : *v) x = ((s = s * 1664525u + 1013904223u) >> 8) * (1.0f / (1 << 24)) - 0.5f;
  float *a, *b, *c;
  cudaMalloc(&a, n * 4), cudaMalloc(&b, n * 4), cudaMalloc(&c, n * 4);
  cudaMemcpy(a, ha.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb.data(), n * 4, cudaMemcpyHostToDevice);
  const double flop = 2.0 * kBatch * kSide * kSide * kSide;
  auto report = [&](const std::string& name, auto launch, bool check) {
    if (once) {
      launch();
      cudaDeviceSynchronize();
      return;
    }
    for (int round = 0; round < 2; ++round) {
      const float one = median_ms(launch, 40, 1), loop = median_ms(launch, 20, 20);
      std::printf("%-30s one %6.2f us (%5.1f TF/s)  loop %6.2f us (%5.1f TF/s)", name.c_str(),
                  one * 1e3, flop / (one * 1e-3) / 1e12, loop * 1e3, flop / (loop * 1e-3) / 1e12);
      if (check && round == 0) std::printf("  err %.1e", max_error(ha, hb, c));
      std::printf("\n");
    }
  };
#define TILES(R, CH, L, M, CHECK, MINB)                                                 \
  report(                                                                               \
      std::string(#R "x4 tiles, " #CH " chunks, min " #MINB) + (L && M ? ""             \
                                                                : L    ? ", loads only" \
                                                                       : ", math only"),   \
      [&] { tiles<R, CH, L, M, MINB><<<kBatch, 64 * 16 / R>>>(a, b, c); }, CHECK)
  report(
      "add over 48 MiB",
      [&] { add4<<<int(n / 4 / 256), 256>>>((F4*)a, (F4*)b, (F4*)c, int(n / 4)); }, false);
  TILES(4, 2, true, true, true, 1);  // the shipped kernel's shape
  TILES(4, 2, true, false, false, 1);
  TILES(4, 2, false, true, false, 1);
  TILES(4, 1, true, true, true, 1);
  TILES(4, 4, true, true, true, 1);
  TILES(4, 8, true, true, true, 1);
  TILES(8, 2, true, true, true, 1);
  TILES(8, 4, true, true, true, 1);
  TILES(8, 4, false, true, false, 1);
#define RING(KC, ST, MINB)                                       \
  report(                                                        \
      "8x8 ring, chunks of " #KC ", stages " #ST ", min " #MINB, \
      [&] { ring8x8<KC, ST, MINB><<<kBatch, 64>>>(a, b, c); }, true)
  RING(16, 2, 1);
  RING(16, 2, 8);
  RING(16, 3, 8);
  RING(8, 2, 8);
  RING(8, 4, 8);
  RING(32, 2, 6);
  RING(16, 2, 10);
  TILES(4, 2, true, true, true, 5);
  TILES(4, 4, true, true, true, 5);
  TILES(8, 2, true, true, true, 6);
  TILES(8, 4, true, true, true, 6);
  return 0;
}
