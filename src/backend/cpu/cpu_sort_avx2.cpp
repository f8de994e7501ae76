#include "backend/cpu/cpu_sort_avx2.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <vector>

#include "backend/cpu/thread_pool.hpp"
#include "ndgpu/errors.hpp"

// GCC and Clang on x86-64 only. Every header comes before the target pragma below, so that
// no inline function shared with other files is compiled for AVX2 here.
#if defined(__x86_64__) && defined(__GNUC__)
#define NDGPU_SORT_AVX2 1
#include <immintrin.h>
#endif

namespace ndgpu::cpu {

#ifndef NDGPU_SORT_AVX2

bool has_avx2_sort() {
  return false;
}
void avx2_sort32(const uint32_t*, uint32_t*, int64_t, int64_t, bool) {
  throw BackendError("sort: this build has no AVX2 sort");
}

#else

bool has_avx2_sort() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
  return yes;
}

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,popcnt")
#endif

namespace {

#include "backend/cpu/cpu_sort_avx2_networks.hpp"

// Up to this many keys sort in registers (16 vectors: all of AVX2's) by a bitonic network.
constexpr int64_t kBaseMax = 128;
// Partitions keep this many vectors from each end in registers, so that their writes never
// pass their reads.
constexpr int kUnroll = 4;

NDGPU_INLINE V load(const int32_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const V*>(p));
}
NDGPU_INLINE void store(int32_t* p, V v) {
  _mm256_storeu_si256(reinterpret_cast<V*>(p), v);
}

#include "backend/cpu/cpu_sort_quick.hpp"

// Keys in signed order: float bits (negatives' magnitude bits flipped, NaNs the largest
// key) or unsigned keys with the top bit flipped. Decoded NaNs are one positive quiet NaN.
struct FloatCodec {
  NDGPU_INLINE static V in(V x) {
    const V flip = _mm256_srli_epi32(_mm256_srai_epi32(x, 31), 1);
    const V nan = _mm256_cmpgt_epi32(_mm256_and_si256(x, splat(0x7FFFFFFF)), splat(0x7F800000));
    return _mm256_blendv_epi8(_mm256_xor_si256(x, flip), splat(INT32_MAX), nan);
  }
  NDGPU_INLINE static V out(V k) {
    return _mm256_xor_si256(k, _mm256_srli_epi32(_mm256_srai_epi32(k, 31), 1));
  }
  static int32_t in(int32_t x) {
    if ((x & 0x7FFFFFFF) > 0x7F800000) return INT32_MAX;
    return x ^ int32_t(uint32_t(x >> 31) >> 1);
  }
};
struct UnsignedCodec {
  NDGPU_INLINE static V in(V x) { return _mm256_xor_si256(x, splat(INT32_MIN)); }
  NDGPU_INLINE static V out(V k) { return in(k); }
  static int32_t in(int32_t x) { return x ^ INT32_MIN; }
};

template <class C>
void sort_small(int32_t* p, int64_t n) {
  if (n <= 8)
    sort_small_in_registers<C, 1>(p, n);
  else if (n <= 16)
    sort_small_in_registers<C, 2>(p, n);
  else if (n <= 32)
    sort_small_in_registers<C, 4>(p, n);
  else if (n <= 64)
    sort_small_in_registers<C, 8>(p, n);
  else
    sort_small_in_registers<C, 16>(p, n);
}

template <class C>
void decode(int32_t* p, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store(p + i, C::out(load(p + i)));
  if (i < n) {
    const V m = first_lanes(n - i);
    _mm256_maskstore_epi32(p + i, m, C::out(_mm256_maskload_epi32(p + i, m)));
  }
}

// The median of 16 keys spread over [a, a + n) (two gathers: small parts take most of
// these), or of 64 from 4096 keys.
template <class C>
int32_t choose_pivot(const int32_t* a, int64_t n) {
  if (n < 4096) {
    const V lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const V step = splat(int32_t(n / 16)), first = splat(int32_t(n / 32));
    V v[2];
    for (int h = 0; h < 2; ++h) {
      const V at =
          _mm256_add_epi32(_mm256_mullo_epi32(step, _mm256_add_epi32(lane, splat(8 * h))), first);
      v[h] = C::in(_mm256_i32gather_epi32(a, at, 4));
    }
    sort_registers<2>(v);
    return _mm256_cvtsi256_si32(v[1]);
  }
  alignas(32) int32_t sample[64];
  for (int i = 0; i < 64; ++i) sample[i] = C::in(a[(2 * int64_t(i) + 1) * n / 128]);
  V v[8];
  for (int i = 0; i < 8; ++i) v[i] = load(sample + 8 * i);
  sort_registers<8>(v);
  for (int i = 0; i < 8; ++i) store(sample + 8 * i, v[i]);
  return sample[32];
}

// Partitions [a, a + n) in place around pivot (partition_in_place's order): each vector is
// permuted so that its keys below the pivot come first, then stored at the left write cursor
// and, ending at the right one, for the rest.
int64_t partition(int32_t* a, int64_t n, int32_t pivot) {
  const V pv = splat(pivot);
  // Full-width stores are safe while 8 slots are free at either end (the main loops); the
  // last writes fill the gap exactly.
  auto put = [&](int32_t*& wl, int32_t*& wr, V v, bool exact) {
    const M ge = at_least(v, pv);
    const int nge = std::popcount(ge), nlt = kLanes - nge;
    const V parted = partition_lanes(v, ge);
    if (exact) {
      _mm256_maskstore_epi32(wl, first_lanes(nlt), parted);
      wl += nlt;
      wr -= nge;
      // the top nge lanes end at the old right cursor; the store starts nlt slots before it
      _mm256_maskstore_epi32(wr - nlt, _mm256_xor_si256(first_lanes(nlt), splat(-1)), parted);
    } else {
      store(wl, parted);
      wl += nlt;
      store(wr - kLanes, parted);
      wr -= nge;
    }
  };
  // Fewer than 8 unread: all read first, then every slot left is free.
  auto last = [&](int32_t*& wl, int32_t*& wr, const int32_t* l, int64_t count) {
    int32_t rest[kLanes];
    std::copy(l, l + count, rest);
    for (int64_t i = 0; i < count; ++i) {
      if (rest[i] < pivot)
        *wl++ = rest[i];
      else
        *--wr = rest[i];
    }
  };
  return partition_in_place(a, n, put, last);
}

// Keys of src below the pivot go to [lt, lt_end), the others to [ge, ge_end), each in order.
// Other threads fill the neighbouring ranges: a full-width store (garbage past its keys,
// overwritten by the next) only where 8 slots of its own range are left.
template <class C>
void partition_copy(const int32_t* src, int64_t n, int32_t pivot, int32_t* lt, int32_t* ge,
                    const int32_t* lt_end, const int32_t* ge_end) {
  const V pv = splat(pivot);
  auto put = [&](V v, M valid) {
    const M up = at_least(v, pv) & valid, down = valid & ~up;
    const M invalid = ~valid & 0xFFu;
    const V below = partition_lanes(v, up | invalid), above = partition_lanes(v, down | invalid);
    const int ndown = std::popcount(down), nup = std::popcount(up);
    // No store at all without keys: a masked-off store on a page not yet mapped takes a
    // microcode assist each time.
    if (lt_end - lt >= kLanes)
      store(lt, below);
    else if (ndown)
      _mm256_maskstore_epi32(lt, first_lanes(ndown), below);
    if (ge_end - ge >= kLanes)
      store(ge, above);
    else if (nup)
      _mm256_maskstore_epi32(ge, first_lanes(nup), above);
    lt += ndown;
    ge += nup;
  };
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) put(C::in(load(src + i)), 0xFFu);
  if (i < n) {
    const V m = first_lanes(n - i);
    put(C::in(_mm256_maskload_epi32(src + i, m)), bits_of(m));
  }
}

template <class C>
ChunkStats count_below(const int32_t* src, int64_t n, int32_t pivot) {
  const V pv = splat(pivot);
  V lo = splat(INT32_MAX), hi = splat(INT32_MIN);
  int64_t below = 0;
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    const V v = C::in(load(src + i));
    below += std::popcount(bits_of(_mm256_cmpgt_epi32(pv, v)));
    lo = _mm256_min_epi32(lo, v);
    hi = _mm256_max_epi32(hi, v);
  }
  ChunkStats s;
  alignas(32) int32_t l8[kLanes], h8[kLanes];
  store(l8, lo);
  store(h8, hi);
  s.min = *std::min_element(l8, l8 + kLanes);
  s.max = *std::max_element(h8, h8 + kLanes);
  for (; i < n; ++i) {
    const int32_t k = C::in(src[i]);
    below += k < pivot;
    s.min = std::min(s.min, k);
    s.max = std::max(s.max, k);
  }
  s.below = below;
  return s;
}

template <class C>
void encode_copy(const int32_t* src, int32_t* dst, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store(dst + i, C::in(load(src + i)));
  for (; i < n; ++i) dst[i] = C::in(src[i]);
}

}  // namespace

void avx2_sort32(const uint32_t* in, uint32_t* out, int64_t rows, int64_t len, bool float_keys) {
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
#pragma GCC pop_options
#endif

#endif  // NDGPU_SORT_AVX2

}  // namespace ndgpu::cpu
