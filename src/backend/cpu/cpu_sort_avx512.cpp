#include "backend/cpu/cpu_sort_avx512.hpp"

#include <algorithm>
#include <bit>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <vector>

#include "backend/cpu/thread_pool.hpp"
#include "ndgpu/errors.hpp"

// GCC and Clang on x86-64 only. Every header comes before the target pragma below, so that
// no inline function shared with other files is compiled for AVX-512 here.
#if defined(__x86_64__) && defined(__GNUC__)
#define NDGPU_SORT_AVX512 1
#include <immintrin.h>
#endif

namespace ndgpu::cpu {

#ifndef NDGPU_SORT_AVX512

bool has_avx512_sort() {
  return false;
}
void avx512_sort32(const uint32_t*, uint32_t*, int64_t, int64_t, bool) {
  throw BackendError("sort: this build has no AVX-512 sort");
}

#else

bool has_avx512_sort() {
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512dq") &&
                          __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi2") &&
                          __builtin_cpu_supports("popcnt");
  return yes;
}

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512vl,avx512dq,avx512bw,bmi2"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,bmi2,popcnt")
// GCC 12 takes the intrinsics' deliberately undefined inputs for uninitialised ones.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace {

#include "backend/cpu/cpu_sort_avx512_networks.hpp"

// Up to this many keys sort in registers (16 of them) by a bitonic network.
constexpr int64_t kBaseMax = 256;
// Partitions keep this many vectors from each end in registers, so that their writes never
// pass their reads.
constexpr int kUnroll = 4;
// One row from this many keys sorts over the pool.
constexpr int64_t kParallelMin = int64_t(1) << 16;
// The pool's threads split parts of the row until there are about this many per thread.
constexpr int kPartsPerThread = 8;

// Keys in signed order: float bits (negatives' magnitude bits flipped, NaNs the largest
// key) or unsigned keys with the top bit flipped. Decoded NaNs are one positive quiet NaN.
struct FloatCodec {
  NDGPU_INLINE static V in(V x) {
    const V flip = _mm512_srli_epi32(_mm512_srai_epi32(x, 31), 1);
    const M nan = _mm512_cmpgt_epi32_mask(_mm512_and_si512(x, _mm512_set1_epi32(0x7FFFFFFF)),
                                          _mm512_set1_epi32(0x7F800000));
    return _mm512_mask_mov_epi32(_mm512_xor_si512(x, flip), nan, _mm512_set1_epi32(INT32_MAX));
  }
  NDGPU_INLINE static V out(V k) {
    return _mm512_xor_si512(k, _mm512_srli_epi32(_mm512_srai_epi32(k, 31), 1));
  }
  static int32_t in(int32_t x) {
    if ((x & 0x7FFFFFFF) > 0x7F800000) return INT32_MAX;
    return x ^ int32_t(uint32_t(x >> 31) >> 1);
  }
};
struct UnsignedCodec {
  NDGPU_INLINE static V in(V x) { return _mm512_xor_si512(x, _mm512_set1_epi32(INT32_MIN)); }
  NDGPU_INLINE static V out(V k) { return in(k); }
  static int32_t in(int32_t x) { return x ^ INT32_MIN; }
};

// Up to kBaseMax encoded keys sorted and decoded in place.
template <class C>
void sort_small(int32_t* p, int64_t n) {
  if (n <= 16)
    sort_small_in_registers<C, 1>(p, n);
  else if (n <= 32)
    sort_small_in_registers<C, 2>(p, n);
  else if (n <= 64)
    sort_small_in_registers<C, 4>(p, n);
  else if (n <= 128)
    sort_small_in_registers<C, 8>(p, n);
  else
    sort_small_in_registers<C, 16>(p, n);
}

template <class C>
void decode(int32_t* p, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    _mm512_storeu_si512(p + i, C::out(_mm512_loadu_si512(p + i)));
  const M m = first_lanes(n - i);
  if (m) _mm512_mask_storeu_epi32(p + i, m, C::out(_mm512_maskz_loadu_epi32(m, p + i)));
}

// Keys already encoded.
struct Encoded {
  NDGPU_INLINE static V in(V k) { return k; }
  static int32_t in(int32_t k) { return k; }
};

// A pivot for [a, a + n) (n >= 32), keys read through C: the median of 16 keys spread over
// them (one gather: small parts take most of these), or of 64 from 4096 keys.
template <class C>
int32_t choose_pivot(const int32_t* a, int64_t n) {
  if (n < 4096) {
    const V lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const V at = _mm512_add_epi32(_mm512_mullo_epi32(_mm512_set1_epi32(int32_t(n / 16)), lane),
                                  _mm512_set1_epi32(int32_t(n / 32)));
    const V sorted = sort16(C::in(_mm512_i32gather_epi32(at, a, 4)));
    return _mm_cvtsi128_si32(_mm512_extracti32x4_epi32(sorted, 2));
  }
  alignas(64) int32_t sample[64];
  for (int i = 0; i < 64; ++i) sample[i] = C::in(a[(2 * int64_t(i) + 1) * n / 128]);
  V v[4];
  for (int i = 0; i < 4; ++i) v[i] = _mm512_load_si512(sample + 16 * i);
  sort_registers<4>(v);
  for (int i = 0; i < 4; ++i) _mm512_store_si512(sample + 16 * i, v[i]);
  return sample[32];
}

// Partitions [a, a + n) in place around pivot, n >= 2 * kUnroll * 16, and returns where the
// keys not below it start: kUnroll vectors from each end wait in registers, reads come from
// whichever end has less free room (a branch: without one, the loads wait on the choice),
// and each vector's keys below the pivot go to the left write cursor, the others to the
// right one (compressed in registers: the compressing store is slow on AMD).
int64_t partition(int32_t* a, int64_t n, int32_t pivot) {
  const V pv = _mm512_set1_epi32(pivot);
  int32_t *wl = a, *wr = a + n, *l = a, *r = a + n;
  // Full-width stores are safe while 16 slots are free at either end (the main loops; a
  // store masked by a count is slow); the last writes fill the gap exactly.
  auto put = [&](V v, bool exact) {
    const M ge = _mm512_cmpge_epi32_mask(v, pv);
    const int nge = std::popcount(unsigned(ge));
    const V below = _mm512_maskz_compress_epi32(M(~ge), v);
    if (exact)
      _mm512_mask_storeu_epi32(wl, first_lanes(kLanes - nge), below);
    else
      _mm512_storeu_si512(wl, below);
    wl += kLanes - nge;
    wr -= nge;
    if (exact) {
      _mm512_mask_storeu_epi32(wr, first_lanes(nge), _mm512_maskz_compress_epi32(ge, v));
    } else {  // the keys compressed to the top lanes, by compressing the reversed vector
      const V rv = reverse(v);
      const V top = reverse(_mm512_maskz_compress_epi32(_mm512_cmpge_epi32_mask(rv, pv), rv));
      _mm512_storeu_si512(wr + nge - kLanes, top);
    }
  };
  V left[kUnroll], right[kUnroll];
  for (int i = 0; i < kUnroll; ++i) {
    left[i] = _mm512_loadu_si512(l + kLanes * i);
    right[i] = _mm512_loadu_si512(r - kLanes * (kUnroll - i));
  }
  constexpr int64_t kStep = kLanes * kUnroll;
  l += kStep;
  r -= kStep;
  while (r - l >= kStep) {
    V v[kUnroll];
    if (l - wl <= wr - r) {
      for (int i = 0; i < kUnroll; ++i) v[i] = _mm512_loadu_si512(l + kLanes * i);
      l += kStep;
    } else {
      r -= kStep;
      for (int i = 0; i < kUnroll; ++i) v[i] = _mm512_loadu_si512(r + kLanes * i);
    }
    for (int i = 0; i < kUnroll; ++i) put(v[i], false);
  }
  while (r - l >= kLanes) {
    const bool from_left = l - wl <= wr - r;
    const int32_t* src = from_left ? l : r - kLanes;
    l += from_left ? kLanes : 0;
    r -= from_left ? 0 : kLanes;
    put(_mm512_loadu_si512(src), false);
  }
  if (r > l) {  // fewer than 16 unread: in a register, then every slot left is free
    const M valid = first_lanes(r - l);
    const V v = _mm512_maskz_loadu_epi32(valid, l);
    const M ge = _mm512_mask_cmpge_epi32_mask(valid, v, pv);
    const M below = M(valid & ~ge);
    const int nlt = std::popcount(unsigned(below)), nge = std::popcount(unsigned(ge));
    _mm512_mask_storeu_epi32(wl, first_lanes(nlt), _mm512_maskz_compress_epi32(below, v));
    wl += nlt;
    wr -= nge;
    _mm512_mask_storeu_epi32(wr, first_lanes(nge), _mm512_maskz_compress_epi32(ge, v));
  }
  for (int i = 0; i < kUnroll; ++i) {
    put(left[i], true);
    put(right[i], true);
  }
  return wl - a;
}

struct Part {
  int32_t* a;
  int64_t n;
};

// One quicksort step on encoded keys [a, a + n), n > kBaseMax: partitions them and returns
// the parts still to sort (0, 1 or 2); parts whose keys are all equal are decoded here.
template <class C>
int split_step(Part p, Part* next) {
  const int32_t pivot = choose_pivot<Encoded>(p.a, p.n);
  int64_t at = partition(p.a, p.n, pivot);
  if (at == 0) {  // the pivot is the smallest key: the keys equal to it go first, done
    at = pivot == INT32_MAX ? p.n : partition(p.a, p.n, pivot + 1);
    decode<C>(p.a, at);
    if (at == p.n) return 0;
    next[0] = {p.a + at, p.n - at};
    return 1;
  }
  next[0] = {p.a, at};
  next[1] = {p.a + at, p.n - at};
  return 2;
}

// Encoded keys sorted and decoded in place; past `depth` levels, std::sort (n log n).
template <class C>
void quicksort(Part p, int depth) {
  while (p.n > kBaseMax) {
    if (depth-- <= 0) {
      std::sort(p.a, p.a + p.n);
      return decode<C>(p.a, p.n);
    }
    Part next[2];
    const int parts = split_step<C>(p, next);
    if (parts == 0) return;
    if (parts == 2) {  // the smaller part first, by recursion; the larger one by the loop
      if (next[0].n > next[1].n) std::swap(next[0], next[1]);
      quicksort<C>(next[0], depth);
      next[0] = next[1];
    }
    p = next[0];
  }
  sort_small<C>(p.a, p.n);
}

// Keys of src below the pivot go to [lt, lt_end), the others to [ge, ge_end), each in order.
// Other threads fill the neighbouring ranges: a full-width store (garbage past its keys,
// overwritten by the next) only where 16 slots of its own range are left. A loop whose loads
// take a mask built from the count runs several times slower: whole vectors go unmasked.
template <class C>
void partition_copy(const int32_t* src, int64_t n, int32_t pivot, int32_t* lt, int32_t* ge,
                    const int32_t* lt_end, const int32_t* ge_end) {
  const V pv = _mm512_set1_epi32(pivot);
  auto put = [&](V v, M valid) {
    const M up = _mm512_mask_cmpge_epi32_mask(valid, v, pv), down = M(valid & ~up);
    const V below = _mm512_maskz_compress_epi32(down, v),
            above = _mm512_maskz_compress_epi32(up, v);
    const int ndown = std::popcount(unsigned(down)), nup = std::popcount(unsigned(up));
    // No store at all without keys: a masked-off store on a page not yet mapped takes a
    // microcode assist each time (a chunk whose keys all went one way crawled on it).
    if (lt_end - lt >= kLanes)
      _mm512_storeu_si512(lt, below);
    else if (ndown)
      _mm512_mask_storeu_epi32(lt, first_lanes(ndown), below);
    if (ge_end - ge >= kLanes)
      _mm512_storeu_si512(ge, above);
    else if (nup)
      _mm512_mask_storeu_epi32(ge, first_lanes(nup), above);
    lt += ndown;
    ge += nup;
  };
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) put(C::in(_mm512_loadu_si512(src + i)), M(0xFFFF));
  const M tail = first_lanes(n - i);
  if (tail) put(C::in(_mm512_maskz_loadu_epi32(tail, src + i)), tail);
}

struct ChunkStats {
  int64_t below = 0;
  int32_t min = INT32_MAX, max = INT32_MIN;
};

template <class C>
ChunkStats count_below(const int32_t* src, int64_t n, int32_t pivot) {
  const V pv = _mm512_set1_epi32(pivot);
  V lo = _mm512_set1_epi32(INT32_MAX), hi = _mm512_set1_epi32(INT32_MIN);
  int64_t below = 0;
  auto add = [&](V v, M valid) {
    below += std::popcount(unsigned(_mm512_mask_cmplt_epi32_mask(valid, v, pv)));
    lo = _mm512_mask_min_epi32(lo, valid, lo, v);
    hi = _mm512_mask_max_epi32(hi, valid, hi, v);
  };
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) add(C::in(_mm512_loadu_si512(src + i)), M(0xFFFF));
  const M tail = first_lanes(n - i);
  if (tail) add(C::in(_mm512_maskz_loadu_epi32(tail, src + i)), tail);
  return {below, _mm512_reduce_min_epi32(lo), _mm512_reduce_max_epi32(hi)};
}

template <class C>
void encode_copy(const int32_t* src, int32_t* dst, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    _mm512_storeu_si512(dst + i, C::in(_mm512_loadu_si512(src + i)));
  const M m = first_lanes(n - i);
  if (m) _mm512_mask_storeu_epi32(dst + i, m, C::in(_mm512_maskz_loadu_epi32(m, src + i)));
}

int depth_limit(int64_t n) {
  return 2 * int(std::bit_width(uint64_t(n))) + 4;
}

// Parts still to sort, shared by the pool's threads: each takes the largest, splits it while
// it is over `split_above` keys (its parts go back) and sorts it whole otherwise. No barrier
// between levels: a thread that the system holds back keeps one part at most from the others.
template <class C>
class PartQueue {
 public:
  PartQueue(const std::vector<Part>& parts, int depth, int64_t split_above)
      : split_above_(split_above) {
    for (const Part& p : parts) parts_.push_back({p, depth});
  }
  void work() {
    std::unique_lock lock(mu_);
    for (;;) {
      ready_.wait(lock, [&] { return !parts_.empty() || busy_ == 0; });
      if (parts_.empty()) return;  // and none busy: no part will come
      auto largest = std::max_element(parts_.begin(), parts_.end(),
                                      [](const Task& x, const Task& y) { return x.p.n < y.p.n; });
      const Task t = *largest;
      parts_.erase(largest);
      ++busy_;
      lock.unlock();
      Part next[2];
      int count = 0;
      if (t.p.n > split_above_ && t.depth > 0)
        count = split_step<C>(t.p, next);
      else
        quicksort<C>(t.p, t.depth);
      lock.lock();
      for (int i = 0; i < count; ++i) parts_.push_back({next[i], t.depth - 1});
      --busy_;
      ready_.notify_all();
    }
  }

 private:
  struct Task {
    Part p;
    int depth;
  };
  std::mutex mu_;
  std::condition_variable ready_;
  std::vector<Task> parts_;
  int busy_ = 0;
  const int64_t split_above_;
};

// The row over the pool: the first partition reads `in` in chunks (a count, then each
// chunk's keys copied to its places in `out`, encoded on the way), then the threads split
// and sort the parts in place through a PartQueue.
template <class C>
void sort_parallel(const int32_t* in, int32_t* out, int64_t n) {
  const int threads = pool_size();
  const int64_t chunks = std::clamp<int64_t>(n / kParallelMin, 1, 4 * int64_t(threads));
  const int64_t per = ((n + chunks - 1) / chunks + kLanes - 1) / kLanes * kLanes;
  auto chunk = [&](int64_t c) {
    const int64_t b = std::min(n, c * per);
    return Part{const_cast<int32_t*>(in) + b, std::min(n, b + per) - b};
  };
  const int32_t pivot = choose_pivot<C>(in, n);
  std::vector<ChunkStats> stats(static_cast<size_t>(chunks));
  parallel_for(uint64_t(chunks), [&](uint64_t c) {
    const Part p = chunk(int64_t(c));
    stats[c] = count_below<C>(p.a, p.n, pivot);
  });
  ChunkStats all;
  for (const ChunkStats& s : stats) {
    all.below += s.below;
    all.min = std::min(all.min, s.min);
    all.max = std::max(all.max, s.max);
  }
  std::vector<Part> parts;
  if (all.below == 0 || pivot == all.max) {  // few distinct keys: the in-place steps decide
    parallel_for(uint64_t(chunks), [&](uint64_t c) {
      const Part p = chunk(int64_t(c));
      encode_copy<C>(p.a, out + (p.a - in), p.n);
    });
    parts.push_back({out, n});
  } else {
    parallel_for(uint64_t(chunks), [&](uint64_t c) {
      int64_t lt = 0, ge = all.below;
      for (uint64_t d = 0; d < c; ++d) {
        lt += stats[d].below;
        ge += chunk(int64_t(d)).n - stats[d].below;
      }
      const Part p = chunk(int64_t(c));
      const int64_t below = stats[c].below;
      partition_copy<C>(p.a, p.n, pivot, out + lt, out + ge, out + lt + below,
                        out + ge + (p.n - below));
    });
    parts = {{out, all.below}, {out + all.below, n - all.below}};
  }
  const int64_t split_above = std::max(n / (int64_t(kPartsPerThread) * threads), 8 * kBaseMax);
  PartQueue<C> queue(parts, depth_limit(n) - 1, split_above);
  parallel_for(uint64_t(threads), [&](uint64_t) { queue.work(); });
}

template <class C>
void sort_rows(const int32_t* in, int32_t* out, int64_t rows, int64_t len) {
  if (rows == 1 && len >= kParallelMin && pool_size() > 1) return sort_parallel<C>(in, out, len);
  // Rows spread over the pool in groups of about kParallelMin keys, each sorted by one thread.
  const int64_t group = std::max<int64_t>(1, kParallelMin / std::max<int64_t>(len, 1));
  parallel_for(uint64_t((rows + group - 1) / group), [&](uint64_t g) {
    for (int64_t r = int64_t(g) * group, e = std::min(rows, r + group); r < e; ++r) {
      encode_copy<C>(in + r * len, out + r * len, len);
      quicksort<C>({out + r * len, len}, depth_limit(len));
    }
  });
}

}  // namespace

void avx512_sort32(const uint32_t* in, uint32_t* out, int64_t rows, int64_t len, bool float_keys) {
  const auto* src = reinterpret_cast<const int32_t*>(in);
  auto* dst = reinterpret_cast<int32_t*>(out);
  if (float_keys)
    sort_rows<FloatCodec>(src, dst, rows, len);
  else
    sort_rows<UnsignedCodec>(src, dst, rows, len);
}

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif

#endif  // NDGPU_SORT_AVX512

}  // namespace ndgpu::cpu
