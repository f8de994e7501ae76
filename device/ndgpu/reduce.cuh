// Device helpers of generated reduction kernels. On CUDA a block (or thread) cooperates on an
// output with warp shuffles; on the CPU a block has one thread, which reduces its contiguous
// share serially with several accumulators (shorter dependency chains, vectorisable).
#pragma once
#include "ndgpu/elementwise.cuh"

#ifdef NDGPU_DEVICE_CUDA
#define NDGPU_DEV __device__ __forceinline__
#else
#define NDGPU_DEV inline
#endif

namespace ndgpu {

// Byte offset of element `idx` (C order over `shape`) for one operand's `strides`.
template <class I, int N>
NDGPU_DEV I unravel_offset(I idx, const I* shape, const I* strides) {
  I off = 0;
#pragma unroll
  for (int d = N - 1; d >= 0; --d) {
    if (d == 0) {
      off += idx * strides[0];
    } else {
      I c = idx % shape[d];
      idx /= shape[d];
      off += c * strides[d];
    }
  }
  return off;
}

#ifdef NDGPU_DEVICE_CUDA
// Any trivially copyable value through a warp shuffle, one 32-bit word at a time.
template <class T>
NDGPU_DEV T shfl_down(const T& v, int delta) {
  constexpr int W = (sizeof(T) + 3) / 4;
  struct alignas(alignof(T) > 4 ? alignof(T) : 4) Words {
    unsigned w[W];
  } b;
  *reinterpret_cast<T*>(&b) = v;
#pragma unroll
  for (int k = 0; k < W; ++k) b.w[k] = __shfl_down_sync(0xffffffffu, b.w[k], delta);
  return *reinterpret_cast<const T*>(&b);
}

// Combines every thread's value; the result is valid in thread 0. blockDim.x is a multiple
// of 32. The leading barrier lets a block call it again for its next output.
template <class R, class Red>
NDGPU_DEV R block_reduce(R v, const Red& red) {
  __shared__ alignas(16) unsigned char smem[32 * sizeof(R)];
  R* sh = reinterpret_cast<R*>(smem);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nw = blockDim.x >> 5;
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) v = red(v, shfl_down(v, d));
  if (nw == 1) return v;
  __syncthreads();
  if (lane == 0) sh[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = sh[lane < nw ? lane : 0];
#pragma unroll
    for (int d = 16; d > 0; d >>= 1) {
      R o = shfl_down(v, d);
      if (lane + d < nw) v = red(v, o);
    }
  }
  return v;
}
#endif

// Reduces map(j) for j in [begin, end) within one block (row strategy).
template <class R, class I, class Map, class Red>
NDGPU_DEV R block_reduce_range(R acc, I begin, I end, const Map& map, const Red& red) {
#ifdef NDGPU_DEVICE_CUDA
  const I step = (I)blockDim.x;
  I j = begin + (I)threadIdx.x;
  for (; j + 3 * step < end; j += 4 * step) {
    R v0 = map(j), v1 = map(j + step), v2 = map(j + 2 * step), v3 = map(j + 3 * step);
    acc = red(acc, red(red(v0, v1), red(v2, v3)));
  }
  for (; j < end; j += step) acc = red(acc, map(j));
  return block_reduce(acc, red);
#else
  R a[8];
  for (int k = 0; k < 8; ++k) a[k] = acc;
  I j = begin;
  for (; j + 8 <= end; j += 8) {
    for (int k = 0; k < 8; ++k) a[k] = red(a[k], map(j + k));
    // Keeps GCC 12.2's loop vectoriser off this loop: it drops partial sums of widened
    // int8/int16 values (test_integer_sums_every_length). The 8 sums stay SIMD.
    asm volatile("" ::: "memory");
  }
  for (; j < end; ++j) a[0] = red(a[0], map(j));
  for (int k = 0; k < 4; ++k) a[k] = red(a[k], a[k + 4]);
  return red(red(a[0], a[1]), red(a[2], a[3]));
#endif
}

// As block_reduce_range over one contiguous row of S values, with 16-byte loads on CUDA.
// The host guarantees `row + begin` is 16-byte aligned and (end - begin) a multiple of V
// except in the last chunk, whose tail is read element by element.
template <int V, class R, class S, class I, class MapV, class Red>
NDGPU_DEV R block_reduce_row_vec(R acc, const S* row, I begin, I end, const MapV& mapv,
                                 const Red& red) {
#ifdef NDGPU_DEVICE_CUDA
  typedef Vec<S, V> VT;
  const VT* p = reinterpret_cast<const VT*>(row + begin);
  const I nv = (end - begin) / V, step = (I)blockDim.x;
  I k = (I)threadIdx.x;
  for (; k + step < nv; k += 2 * step) {
    VT a = p[k], b = p[k + step];
    I j = begin + k * V, jb = j + step * V;
#pragma unroll
    for (int w = 0; w < V; ++w) acc = red(acc, red(mapv(a.v[w], j + w), mapv(b.v[w], jb + w)));
  }
  if (k < nv) {
    VT a = p[k];
#pragma unroll
    for (int w = 0; w < V; ++w) acc = red(acc, mapv(a.v[w], begin + k * V + w));
  }
  for (I j = begin + nv * V + (I)threadIdx.x; j < end; j += step) acc = red(acc, mapv(row[j], j));
  return block_reduce(acc, red);
#else
  return block_reduce_range(
      acc, begin, end, [&](I j) { return mapv(row[j], j); }, red);
#endif
}

// Row strategy: a block per output (CUDA), or a block's contiguous share of the outputs
// (CPU); blockIdx.y picks the chunk [y*chunk, (y+1)*chunk) of the reduced range.
template <class I, class Body>
NDGPU_DEV void for_each_block_output(I out_size, const Body& body) {
#ifdef NDGPU_DEVICE_CUDA
  for (I o = (I)blockIdx.x; o < out_size; o += (I)gridDim.x) body(o);
#else
  I per = (out_size + (I)gridDim.x - 1) / (I)gridDim.x, o = (I)blockIdx.x * per;
  I end = min_((I)(o + per), out_size);
  for (; o < end; ++o) body(o);
#endif
}

#ifndef NDGPU_DEVICE_CUDA
// The CPU's column strategy: this block's outputs in tiles of 16 KiB of accumulators walk the
// reduced range together, `row(acc, o0, nt, j)` folding row j into a tile. Where outputs are
// adjacent in memory each row's part of a tile is one contiguous run: rows stream.
template <class R, class I, class Row, class Fin>
void cpu_column_tiles(R identity, I out_size, I begin, I end, const Row& row, const Fin& fin) {
  constexpr int kTile = 16384 / (int)sizeof(R) < 16 ? 16 : 16384 / (int)sizeof(R);
  I per = (out_size + (I)gridDim.x - 1) / (I)gridDim.x, o0 = (I)blockIdx.x * per;
  I o1 = min_((I)(o0 + per), out_size);
  for (; o0 < o1; o0 += kTile) {
    const int nt = (int)min_((I)kTile, (I)(o1 - o0));
    R acc[kTile];
    for (int t = 0; t < nt; ++t) acc[t] = identity;
    for (I j = begin; j < end; ++j) row(acc, o0, nt, j);
    for (int t = 0; t < nt; ++t) fin(o0 + t, acc[t]);
  }
}
#endif

// Column strategy: a thread per output, each reducing [begin, end) on its own; reads of
// neighbouring threads are neighbouring addresses. On the CPU, tiles (above).
template <class R, class I, class Map, class Red, class Fin>
NDGPU_DEV void cols_reduce(R identity, I out_size, I begin, I end, const Map& map, const Red& red,
                           const Fin& fin) {
#ifdef NDGPU_DEVICE_CUDA
  const I stride = (I)blockDim.x * (I)gridDim.x;
  for (I o = (I)blockIdx.x * (I)blockDim.x + (I)threadIdx.x; o < out_size; o += stride) {
    R acc = identity;
    I j = begin;
    for (; j + 3 < end; j += 4) {
      R v0 = map(o, j), v1 = map(o, j + 1), v2 = map(o, j + 2), v3 = map(o, j + 3);
      acc = red(red(red(red(acc, v0), v1), v2), v3);
    }
    for (; j < end; ++j) acc = red(acc, map(o, j));
    fin(o, acc);
  }
#else
  cpu_column_tiles(
      identity, out_size, begin, end,
      [&](R* acc, I o0, int nt, I j) {
        for (int t = 0; t < nt; ++t) acc[t] = red(acc[t], map(o0 + t, j));
      },
      fin);
#endif
}

// cols_reduce of one input over one output and one reduced axis: element (o, j) of type T at
// base + o * so + j * sj, mapped by mapv(value, o, j). On the CPU, outputs adjacent in memory
// are read as rows of T, which the host compiler vectorises with plain loads.
template <class T, class R, class I, class MapV, class Red, class Fin>
NDGPU_DEV void cols_reduce_2d(R identity, I out_size, I begin, I end, const char* base, I so, I sj,
                              const MapV& mapv, const Red& red, const Fin& fin) {
  auto map = [&](I o, I j) -> R { return mapv(*(const T*)(base + o * so + j * sj), o, j); };
#ifndef NDGPU_DEVICE_CUDA
  if (so == (I)sizeof(T)) {
    cpu_column_tiles(
        identity, out_size, begin, end,
        [&](R* acc, I o0, int nt, I j) {
          const T* r = (const T*)(base + o0 * so + j * sj);
          for (int t = 0; t < nt; ++t) acc[t] = red(acc[t], mapv(r[t], o0 + t, j));
        },
        fin);
    return;
  }
#endif
  cols_reduce(identity, out_size, begin, end, map, red, fin);
}

// Whether this thread writes the block's result (row strategy).
NDGPU_DEV bool block_leader() {
#ifdef NDGPU_DEVICE_CUDA
  return threadIdx.x == 0;
#else
  return true;
#endif
}

// `_in_ind` / `_out_ind` in kernel code (CuPy's names): sizes of the reduction.
struct ReduceIndex {
  long long n;
  NDGPU_HD long long size() const { return n; }
};

}  // namespace ndgpu

// CPU fast math: sqrt as CUDA's approximate one (fast_math.cuh), complex too.
#include "ndgpu/fast_math.cuh"
#if defined(NDGPU_FAST_MATH) && !defined(NDGPU_DEVICE_CUDA) && defined(NDGPU_HAS_COMPLEX)
namespace ndgpu {
// (::ndgpu::sqrt) in parentheses: the sqrt macro above must not expand it.
template <class T>
inline complex<T> fast_sqrt(const complex<T>& z) {
  return (::ndgpu::sqrt)(z);
}
}  // namespace ndgpu
#endif
