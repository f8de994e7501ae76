#include "backend/cpu/cpu_sort.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <numeric>
#include <type_traits>
#include <vector>

#include <sys/mman.h>

#include "backend/cpu/cpu_sort_avx2.hpp"
#include "backend/cpu/cpu_sort_avx512.hpp"
#include "backend/cpu/thread_pool.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

// Below this a segment is sorted by insertion: radix passes cost more than they save.
constexpr int64_t kInsertionLimit = 48;
// Each chunk of a parallel pass has at least this many keys.
constexpr int64_t kMinChunk = 1 << 16;
// From this many keys one row of keys alone (floats or encoded keys) is sorted by its top
// digit first (msd_sort): below, its thousand-odd buckets would be too small to pay for their
// own histograms.
constexpr int64_t kMsdMin = int64_t(1) << 20;
// msd_sort's buckets up to this size are sorted digit by digit from the least significant,
// with a per-thread buffer of that size (kept by the pool's threads); larger ones are split
// by their top digit first. Two passes over a bucket beat the split's extra reads while it
// sits in L2/L3: 2^24 uniform floats in buckets of 2^19 keys took 15% less CPU than with 2^16.
constexpr int64_t kLocalBytes = int64_t(4) << 20;
template <class K>
constexpr int64_t kLocalKeys = kLocalBytes / int64_t(sizeof(K));
// msd_sort's first passes run in this many chunks per pool thread.
constexpr int kMsdChunksPerThread = 4;
// A bucket split by its top digit aims at parts of this many keys.
constexpr int64_t kPartKeys = 256;
// Scratch up to this size is kept between sorts: a fresh buffer costs a page fault per 4 KiB.
constexpr size_t kKeptScratch = size_t(1) << 30;

// 11-bit digits for 4- and 8-byte keys (three passes for 32 bits, six for 64: the 2048
// counters of a pass stay in L1/L2), 8-bit digits for narrower keys.
template <class K>
struct Digits {
  static constexpr int kBits = sizeof(K) >= 4 ? 11 : 8;
  static constexpr int kPasses = (int(sizeof(K)) * 8 + kBits - 1) / kBits;
  static constexpr int64_t kBuckets = int64_t(1) << kBits;
  static constexpr K kMask = K(kBuckets - 1);
};

// One buffer reused by consecutive sorts; a sort that finds it busy allocates its own.
class Scratch {
 public:
  explicit Scratch(size_t bytes) {
    static std::mutex mu;
    static void* kept = nullptr;
    static size_t kept_size = 0;
    if (bytes <= kKeptScratch && mu.try_lock()) {
      lock_ = std::unique_lock<std::mutex>(mu, std::adopt_lock);
      if (kept_size < bytes) {
        std::free(kept);
        kept = allocate(bytes);
        kept_size = kept ? bytes : 0;
      }
      p_ = kept;
    } else {
      owned_.reset(static_cast<char*>(allocate(bytes)));
      p_ = owned_.get();
    }
    if (!p_) throw OutOfMemoryError("sort: cannot allocate " + std::to_string(bytes) + " bytes");
  }
  void* get() const { return p_; }

 private:
  // Huge pages where the system grants them on request: 512 times fewer page faults.
  static void* allocate(size_t bytes) {
    constexpr size_t kHuge = size_t(2) << 20;
    const size_t rounded = (bytes + kHuge - 1) & ~(kHuge - 1);
    void* p = std::aligned_alloc(kHuge, rounded);
    if (p) ::madvise(p, rounded, MADV_HUGEPAGE);
    return p;
  }
  struct Free {
    void operator()(char* p) const { std::free(p); }
  };
  std::unique_lock<std::mutex> lock_;
  std::unique_ptr<char, Free> owned_;
  void* p_ = nullptr;
};

// How keys are read and written: as they are, or IEEE floats of K's width turned into keys
// in unsigned order on the way in and back on the way out, NaNs last (keys.cpp's encoding),
// so a float sort needs no passes of its own for the two conversions.
template <class K>
struct Plain {
  static K in(K x) { return x; }
  static K out(K k) { return k; }
};
template <class K>
struct FloatBits {
  static constexpr K kSign = K(1) << (sizeof(K) * 8 - 1);
  static constexpr K kExp = sizeof(K) == 4 ? K(0x7F800000u) : K(0x7FF0000000000000ull);
  static constexpr int kTop = int(sizeof(K)) * 8 - 1;
  // Branch-free: random signs would mispredict every other key.
  static K in(K x) {
    const K flip = K(K(0) - (x >> kTop)) | kSign;  // negatives: every bit; others: the sign
    return K((x ^ flip) | (K(0) - K((x & ~kSign) > kExp)));
  }
  static K out(K k) { return K(k ^ (K((k >> kTop) - 1) | kSign)); }
};

template <class K>
void insertion_sort(K* keys, int64_t* values, int64_t n) {
  for (int64_t i = 1; i < n; ++i) {
    K k = keys[i];
    int64_t v = values ? values[i] : 0;
    int64_t j = i;
    for (; j > 0 && keys[j - 1] > k; --j) {  // strict: equal keys keep their order
      keys[j] = keys[j - 1];
      if (values) values[j] = values[j - 1];
    }
    keys[j] = k;
    if (values) values[j] = v;
  }
}

// One stable pass: each key of [begin, end) to its bucket's next place; the first pass reads
// through the codec, the last writes through it.
template <class K, bool kValues, class C, bool kFirst, bool kLast>
void scatter(const K* ksrc, K* kdst, const int64_t* vsrc, int64_t* vdst, int64_t begin, int64_t end,
             int shift, int64_t* at) {
  using D = Digits<K>;
  for (int64_t i = begin; i < end; ++i) {
    const K k = kFirst ? C::in(ksrc[i]) : ksrc[i];
    const int64_t to = at[(k >> shift) & D::kMask]++;
    kdst[to] = kLast ? C::out(k) : k;
    if constexpr (kValues) vdst[to] = vsrc[i];
  }
}

template <class K, bool kValues, class C>
void scatter_pass(bool first, bool last, const K* ksrc, K* kdst, const int64_t* vsrc, int64_t* vdst,
                  int64_t begin, int64_t end, int shift, int64_t* at) {
  auto run = [&](auto f, auto l) {
    scatter<K, kValues, C, decltype(f)::value, decltype(l)::value>(ksrc, kdst, vsrc, vdst, begin,
                                                                   end, shift, at);
  };
  using T = std::true_type;
  using F = std::false_type;
  if (first)
    last ? run(T{}, T{}) : run(T{}, F{});
  else
    last ? run(F{}, T{}) : run(F{}, F{});
}

// One segment of n keys: stable LSD radix sort into kout/vout, using ktmp/vtmp as the other
// buffer. One read counts every digit; passes where every key has the same digit are
// skipped. `chunks` > 1 splits each pass over the thread pool.
template <class K, bool kValues, class C = Plain<K>>
void radix_sort(const K* kin, K* kout, const int64_t* vin, int64_t* vout, int64_t n, K* ktmp,
                int64_t* vtmp, int64_t chunks) {
  using D = Digits<K>;
  const int64_t per = (n + chunks - 1) / chunks;
  auto for_chunks = [&](auto&& fn) {
    if (chunks == 1)
      fn(0);
    else
      parallel_for(uint64_t(chunks), [&](uint64_t c) { fn(int64_t(c)); });
  };
  // counts[(c * kPasses + p) * kBuckets + b]: chunk c's keys with digit b in pass p.
  std::vector<int64_t> counts(size_t(chunks * D::kPasses * D::kBuckets), 0);
  auto count = [&](int64_t c, int p) { return counts.data() + (c * D::kPasses + p) * D::kBuckets; };
  for_chunks([&](int64_t c) {
    int64_t* h[D::kPasses];
    for (int p = 0; p < D::kPasses; ++p) h[p] = count(c, p);
    for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i) {
      const K k = C::in(kin[i]);
      for (int p = 0; p < D::kPasses; ++p) ++h[p][(k >> (D::kBits * p)) & D::kMask];
    }
  });
  std::vector<int> passes;
  for (int p = 0; p < D::kPasses; ++p) {
    bool one_bucket = false;
    for (int64_t b = 0; b < D::kBuckets && !one_bucket; ++b) {
      int64_t total = 0;
      for (int64_t c = 0; c < chunks; ++c) total += count(c, p)[b];
      one_bucket = total == n;
    }
    if (!one_bucket) passes.push_back(p);
  }
  if (passes.empty()) {
    if constexpr (!std::is_same_v<C, Plain<K>>)
      for (int64_t i = 0; i < n; ++i) kout[i] = C::out(C::in(kin[i]));
    else
      std::memcpy(kout, kin, size_t(n) * sizeof(K));
    if (kValues) std::memcpy(vout, vin, size_t(n) * sizeof(int64_t));
    return;
  }
  // The buffers alternate so that the last pass writes kout.
  const K* ksrc = kin;
  const int64_t* vsrc = vin;
  bool to_out = passes.size() % 2 == 1;
  std::vector<int64_t> offsets(size_t(chunks * D::kBuckets));
  for (size_t k = 0; k < passes.size(); ++k, to_out = !to_out) {
    const int pass = passes[k];
    const int shift = D::kBits * pass;
    K* kdst = to_out ? kout : ktmp;
    int64_t* vdst = to_out ? vout : vtmp;
    if (k > 0)  // the first pass's per-chunk counts are already known
      for_chunks([&](int64_t c) {
        int64_t* h = count(c, pass);
        std::fill(h, h + D::kBuckets, 0);
        for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i)
          ++h[(ksrc[i] >> shift) & D::kMask];
      });
    int64_t run = 0;
    for (int64_t b = 0; b < D::kBuckets; ++b)
      for (int64_t c = 0; c < chunks; ++c) {
        offsets[size_t(c * D::kBuckets + b)] = run;
        run += count(c, pass)[b];
      }
    for_chunks([&](int64_t c) {
      scatter_pass<K, kValues, C>(k == 0, k + 1 == passes.size(), ksrc, kdst, vsrc, vdst, c * per,
                                  std::min(n, (c + 1) * per), shift,
                                  offsets.data() + c * D::kBuckets);
    });
    ksrc = kdst;
    vsrc = vdst;
  }
}

// The bits where a run of keys differ: set in some (`any`), clear in others (not in `all`).
template <class K>
struct Spread {
  K any = 0, all = K(~K(0));
  void add(K k) {
    any |= k;
    all &= k;
  }
  void merge(const Spread& o) {
    any |= o.any;
    all &= o.all;
  }
  K diff() const { return K(any ^ all); }
};

template <class K, class C>
void decode_to(const K* src, K* out, int64_t n) {  // src may be out
  for (int64_t i = 0; i < n; ++i) out[i] = C::out(src[i]);
}

// One pass by the digit (k >> shift) & mask, at[] holding each digit's next place; keys read
// through the codec when kIn, written through it when kOut. Plain parameters, so that the
// loop keeps them in registers (a store through dst could alias a captured reference).
template <class K, class C, bool kIn, bool kOut>
void scatter_digit(const K* src, K* dst, int64_t n, int shift, K mask, int64_t* at) {
  for (int64_t i = 0; i < n; ++i) {
    const K k = kIn ? C::in(src[i]) : src[i];
    dst[at[(k >> shift) & mask]++] = kOut ? C::out(k) : k;
  }
}

// h[d] += the keys of src (read through the codec) whose digit is d.
template <class K, class C>
void count_digit(const K* src, int64_t n, int shift, K mask, int64_t* h) {
  for (int64_t i = 0; i < n; ++i) ++h[(C::in(src[i]) >> shift) & mask];
}

// Counts into bucket starts (exclusive prefix sums), in place.
inline void to_starts(int64_t* h, int64_t n) {
  for (int64_t d = 0, sum = 0; d < n; ++d) {
    const int64_t c = h[d];
    h[d] = sum;
    sum += c;
  }
}

// The calling thread's buffer of at least `bytes` (8-byte aligned), one for every key type,
// kept by the thread: at most kLocalBytes for msd_sort's buckets.
void* thread_buffer(size_t bytes) {
  thread_local std::vector<uint64_t> buffer;
  if (buffer.size() * sizeof(uint64_t) < bytes) buffer.resize((bytes + 7) / 8);
  return buffer.data();
}

template <class K, class C>
void sort_bucket(K* src, K* other, bool src_is_out, int64_t len);

// A bucket that fits a core's cache, by the `width` bits from `lo` where its keys differ:
// one read counts every digit, then a pass per digit. Buffers: src, other and a per-thread
// one, routed so that the last pass writes `out` (src or other) through the codec.
template <class K, class C>
void lsd_bucket(K* src, K* other, bool src_is_out, int64_t len, int lo, int width) {
  constexpr int kMaxPasses = (int(sizeof(K)) * 8 + Digits<K>::kBits - 1) / Digits<K>::kBits;
  const int passes = (width + Digits<K>::kBits - 1) / Digits<K>::kBits;
  int shift[kMaxPasses];
  K mask[kMaxPasses];
  int64_t base[kMaxPasses + 1];
  base[0] = 0;
  for (int p = 0, at = lo; p < passes; ++p) {  // digits of near-equal width
    const int bits = width / passes + (p < width % passes);
    shift[p] = at;
    mask[p] = K((K(1) << bits) - 1);
    base[p + 1] = base[p] + (int64_t(1) << bits);
    at += bits;
  }
  thread_local std::vector<int64_t> hist;
  hist.assign(size_t(base[passes]), 0);
  int64_t* h = hist.data();
  for (int64_t i = 0; i < len; ++i) {
    const K k = src[i];
    for (int p = 0; p < passes; ++p) ++h[base[p] + ((k >> shift[p]) & mask[p])];
  }
  for (int p = 0; p < passes; ++p) to_starts(h + base[p], base[p + 1] - base[p]);
  K* out = src_is_out ? src : other;
  // An odd number of passes from out, or an even one from the other buffer, would end
  // away from out: the first pass then goes to the thread's buffer.
  const bool via_local = (passes % 2 == 1) == src_is_out;
  K* local = via_local ? static_cast<K*>(thread_buffer(size_t(len) * sizeof(K))) : nullptr;
  K* from = src;
  K* next = other;
  for (int p = 0; p < passes; ++p) {
    K* to = local;
    if (p > 0 || !via_local) {
      to = next;
      next = next == other ? src : other;
    }
    if (p + 1 == passes && to == out)
      scatter_digit<K, C, false, true>(from, to, len, shift[p], mask[p], h + base[p]);
    else
      scatter_digit<K, C, false, false>(from, to, len, shift[p], mask[p], h + base[p]);
    from = to;
  }
  if (from != out) decode_to<K, C>(from, out, len);  // one pass from out, via the thread's buffer
}

// A bucket too big for a core's cache: scattered into the other buffer by its top digit
// (where its keys start to differ), each part then sorted on its own from there.
template <class K, class C>
void split_bucket(K* src, K* other, bool src_is_out, int64_t len, int hi, int width) {
  // Parts of about kPartKeys keys: smaller ones would pay more for their counters (or an
  // insertion sort) than their keys.
  const int bits = std::clamp(int(std::bit_width(uint64_t(len / kPartKeys))), 1,
                              std::min(width, Digits<K>::kBits));
  const int shift = hi + 1 - bits;
  const K mask = K((K(1) << bits) - 1);
  const int64_t parts = int64_t(1) << bits;
  std::vector<int64_t> at(size_t(parts), 0), starts(size_t(parts + 1));
  for (int64_t i = 0; i < len; ++i) ++at[size_t((src[i] >> shift) & mask)];
  to_starts(at.data(), parts);
  std::copy(at.begin(), at.end(), starts.begin());
  starts[size_t(parts)] = len;
  scatter_digit<K, C, false, false>(src, other, len, shift, mask, at.data());
  for (int64_t b = 0; b < parts; ++b) {
    const int64_t s = starts[size_t(b)];
    sort_bucket<K, C>(other + s, src + s, !src_is_out, starts[size_t(b + 1)] - s);
  }
}

// The len encoded keys at src sorted and decoded into out: src itself when src_is_out, else
// `other`; the buffer that is not out is free for the passes.
template <class K, class C>
void sort_bucket(K* src, K* other, bool src_is_out, int64_t len) {
  K* out = src_is_out ? src : other;
  if (len <= kInsertionLimit) {
    insertion_sort(src, static_cast<int64_t*>(nullptr), len);
    decode_to<K, C>(src, out, len);
    return;
  }
  Spread<K> spread;
  for (int64_t i = 0; i < len; ++i) spread.add(src[i]);
  const K diff = spread.diff();
  if (diff == 0) return decode_to<K, C>(src, out, len);
  const int hi = int(sizeof(K)) * 8 - 1 - std::countl_zero(diff), lo = std::countr_zero(diff);
  if (len > kLocalKeys<K>)
    split_bucket<K, C>(src, other, src_is_out, len, hi, hi - lo + 1);
  else
    lsd_bucket<K, C>(src, other, src_is_out, len, lo, hi - lo + 1);
}

// Keys alone in one long row, most significant digit first. One read finds the bits where
// the keys differ, one pass (split over the pool in chunks) scatters them by the top 11 of
// those, then each bucket is sorted on its own, the largest first, handed out as threads come
// free: split again while over kLocalKeys, then digit by digit in L2/L3. Uniform [0, 1)
// floats, whose fixed top bits (sign, exponent's top) a fixed top digit spent on two
// buckets of 2^22 keys each, now spread over 16 per exponent; random signs cost no branches.
template <class K, class C>
void msd_sort(const K* kin, K* kout, int64_t n, K* ktmp, int64_t chunks) {
  const int64_t per = (n + chunks - 1) / chunks;
  auto for_chunks = [&](auto&& fn) {
    parallel_for(uint64_t(chunks), [&](uint64_t c) {
      fn(int64_t(c), int64_t(c) * per, std::min(n, int64_t(c + 1) * per));
    });
  };
  std::vector<Spread<K>> spreads(static_cast<size_t>(chunks));
  for_chunks([&](int64_t c, int64_t b, int64_t e) {
    Spread<K> s;
    for (int64_t i = b; i < e; ++i) s.add(C::in(kin[i]));
    spreads[size_t(c)] = s;
  });
  for (size_t c = 1; c < spreads.size(); ++c) spreads[0].merge(spreads[c]);
  const K diff = spreads[0].diff();
  if (diff == 0) {  // all keys equal
    for_chunks([&](int64_t, int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) kout[i] = C::out(C::in(kin[i]));
    });
    return;
  }
  const int hi = int(sizeof(K)) * 8 - 1 - std::countl_zero(diff);
  const int bits = std::min(hi + 1 - std::countr_zero(diff), Digits<K>::kBits);
  const int shift = hi + 1 - bits;
  const K mask = K((K(1) << bits) - 1);
  const int64_t top_buckets = int64_t(1) << bits;
  std::vector<int64_t> counts(size_t(chunks * top_buckets), 0);
  for_chunks([&](int64_t c, int64_t b, int64_t e) {
    count_digit<K, C>(kin + b, e - b, shift, mask, counts.data() + c * top_buckets);
  });
  std::vector<int64_t> offsets(counts.size()), starts(size_t(top_buckets + 1));
  int64_t run = 0;
  for (int64_t d = 0; d < top_buckets; ++d) {
    starts[size_t(d)] = run;
    for (int64_t c = 0; c < chunks; ++c) {
      offsets[size_t(c * top_buckets + d)] = run;
      run += counts[size_t(c * top_buckets + d)];
    }
  }
  starts[size_t(top_buckets)] = n;
  for_chunks([&](int64_t c, int64_t b, int64_t e) {
    scatter_digit<K, C, true, false>(kin + b, ktmp, e - b, shift, mask,
                                     offsets.data() + c * top_buckets);
  });
  std::vector<int64_t> order(static_cast<size_t>(top_buckets));
  std::iota(order.begin(), order.end(), 0);
  auto size = [&](int64_t d) { return starts[size_t(d + 1)] - starts[size_t(d)]; };
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t x, int64_t y) { return size(x) > size(y); });
  parallel_for(uint64_t(top_buckets), [&](uint64_t i) {
    const int64_t d = order[i], s = starts[size_t(d)];
    if (size(d) > 0) sort_bucket<K, C>(ktmp + s, kout + s, false, size(d));
  });
}

// Chunks of msd_sort's first passes: several per pool thread, handed out as threads come
// free, so that a thread the system holds back does not hold the others at the barrier.
int64_t msd_chunks(int64_t len) {
  return std::clamp<int64_t>(len / kMinChunk, 1, int64_t(kMsdChunksPerThread) * pool_size());
}

// Chunks of one long row's passes: one per pool thread.
int64_t pass_chunks(int64_t len) {
  return std::clamp<int64_t>(len / kMinChunk, 1, int64_t(pool_size()));
}

// Rows of 4-byte keys alone take the vectorised quicksort where the CPU has AVX-512 or
// AVX2, unless NDGPU_CPU_SORT=radix (read on every sort, so that tests cover both paths);
// NDGPU_CPU_SORT=avx2 takes the AVX2 one on an AVX-512 machine.
using VectorSort = void (*)(const uint32_t*, uint32_t*, int64_t, int64_t, bool);
VectorSort vector_sort() {
  const char* choice = std::getenv("NDGPU_CPU_SORT");
  if (choice && std::strcmp(choice, "radix") == 0) return nullptr;
  const bool avx2_asked = choice && std::strcmp(choice, "avx2") == 0;
  if (has_avx512_sort() && !avx2_asked) return avx512_sort32;
  return has_avx2_sort() ? avx2_sort32 : nullptr;
}

template <class K, bool kValues>
void sort_keys(const SortCall& call) {
  const K* kin = static_cast<const K*>(call.keys_in);
  K* kout = static_cast<K*>(call.keys_out);
  const int64_t len = call.n / call.segments;
  const size_t item = sizeof(K) + (kValues ? sizeof(int64_t) : 0);
  if constexpr (!kValues && sizeof(K) == 4)
    if (const VectorSort sort = vector_sort()) {
      sort(reinterpret_cast<const uint32_t*>(kin), reinterpret_cast<uint32_t*>(kout), call.segments,
           len, call.float_keys);
      return;
    }
  if constexpr (!kValues && sizeof(K) >= 4)
    if (call.segments == 1 && (call.float_keys || len >= kMsdMin)) {
      // One row of keys alone: IEEE floats (sort.cpp asks for nothing else) converted on
      // the fly, or keys already encoded.
      Scratch scratch(size_t(len) * sizeof(K));
      K* ktmp = static_cast<K*>(scratch.get());
      if (!call.float_keys)
        msd_sort<K, Plain<K>>(kin, kout, len, ktmp, msd_chunks(len));
      else if (len >= kMsdMin)
        msd_sort<K, FloatBits<K>>(kin, kout, len, ktmp, msd_chunks(len));
      else
        radix_sort<K, false, FloatBits<K>>(kin, kout, nullptr, nullptr, len, ktmp, nullptr,
                                           pass_chunks(len));
      return;
    }
  if (call.segments == 1) {
    // Keys first: the values' int64 alignment holds, as the scratch is 8-byte aligned.
    Scratch scratch(size_t(len) * item + sizeof(int64_t));
    K* ktmp = static_cast<K*>(scratch.get());
    auto* vtmp =
        reinterpret_cast<int64_t*>((reinterpret_cast<uintptr_t>(ktmp + len) + 7) & ~uintptr_t(7));
    radix_sort<K, kValues>(kin, kout, call.values_in, call.values_out, len, ktmp, vtmp,
                           pass_chunks(len));
    return;
  }
  // Many segments: each sorted whole by one thread, groups of them spread over the pool.
  const int64_t group = std::max<int64_t>(1, kMinChunk / std::max<int64_t>(len, 1));
  const int64_t groups = (call.segments + group - 1) / group;
  parallel_for(uint64_t(groups), [&](uint64_t g) {
    std::vector<K> ktmp;
    std::vector<int64_t> vtmp;
    for (int64_t s = int64_t(g) * group, e = std::min(call.segments, s + group); s < e; ++s) {
      const int64_t at = s * len;
      const int64_t* vin = kValues ? call.values_in + at : nullptr;
      int64_t* vout = kValues ? call.values_out + at : nullptr;
      if (len <= kInsertionLimit) {
        std::memcpy(kout + at, kin + at, size_t(len) * sizeof(K));
        if (kValues) std::memcpy(vout, vin, size_t(len) * sizeof(int64_t));
        insertion_sort(kout + at, vout, len);
        continue;
      }
      ktmp.resize(size_t(len));
      if (kValues) vtmp.resize(size_t(len));
      radix_sort<K, kValues>(kin + at, kout + at, vin, vout, len, ktmp.data(), vtmp.data(), 1);
    }
  });
}

template <class K>
void sort_width(const SortCall& call) {
  if (call.values_in)
    sort_keys<K, true>(call);
  else
    sort_keys<K, false>(call);
}

}  // namespace

void cpu_sort(const SortCall& call) {
  if (call.n == 0 || call.segments == 0) return;
  switch (call.key_bytes) {
    case 1:
      return sort_width<uint8_t>(call);
    case 2:
      return sort_width<uint16_t>(call);
    case 4:
      return sort_width<uint32_t>(call);
    case 8:
      return sort_width<uint64_t>(call);
    default:
      throw ValueError("sort: keys must be 1, 2, 4 or 8 bytes, not " +
                       std::to_string(call.key_bytes));
  }
}

}  // namespace ndgpu::cpu
