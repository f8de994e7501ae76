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

NDGPU_INLINE V load(const int32_t* p) {
  return _mm512_loadu_si512(p);
}

#include "backend/cpu/cpu_sort_quick.hpp"

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

// Partitions [a, a + n) in place around pivot (partition_in_place's order), each vector's
// keys below the pivot to the left write cursor, the others to the right one (compressed in
// registers: the compressing store is slow on AMD).
int64_t partition(int32_t* a, int64_t n, int32_t pivot) {
  const V pv = _mm512_set1_epi32(pivot);
  // Full-width stores are safe while 16 slots are free at either end (the main loops; a
  // store masked by a count is slow); the last writes fill the gap exactly.
  auto put = [&](int32_t*& wl, int32_t*& wr, V v, bool exact) {
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
  // Fewer than 16 unread: in a register, then every slot left is free.
  auto last = [&](int32_t*& wl, int32_t*& wr, const int32_t* l, int64_t count) {
    const M valid = first_lanes(count);
    const V v = _mm512_maskz_loadu_epi32(valid, l);
    const M ge = _mm512_mask_cmpge_epi32_mask(valid, v, pv);
    const M below = M(valid & ~ge);
    const int nlt = std::popcount(unsigned(below)), nge = std::popcount(unsigned(ge));
    _mm512_mask_storeu_epi32(wl, first_lanes(nlt), _mm512_maskz_compress_epi32(below, v));
    wl += nlt;
    wr -= nge;
    _mm512_mask_storeu_epi32(wr, first_lanes(nge), _mm512_maskz_compress_epi32(ge, v));
  };
  return partition_in_place(a, n, put, last);
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
