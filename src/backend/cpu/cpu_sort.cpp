#include "backend/cpu/cpu_sort.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include <sys/mman.h>

#include "backend/cpu/thread_pool.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

// Below this a segment is sorted by insertion: radix passes cost more than they save.
constexpr int64_t kInsertionLimit = 48;
// Each chunk of a parallel pass has at least this many keys.
constexpr int64_t kMinChunk = 1 << 16;
// From this many keys a float row is sorted by its top digit first (msd_sort): below, its
// thousand-odd buckets would be too small to pay for their own histograms.
constexpr int64_t kMsdMin = int64_t(1) << 20;
// Buckets up to this many keys have a per-thread buffer for their passes (256 KiB of 4-byte keys).
constexpr int64_t kLocalKeys = int64_t(1) << 16;
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
  static K in(K x) { return (x & ~kSign) > kExp ? K(~K(0)) : (x & kSign) ? K(~x) : K(x | kSign); }
  static K out(K k) { return (k & kSign) ? K(k ^ kSign) : K(~k); }
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

// Keys alone in one long row: one pass scatters them by their top digit (split over the
// pool by chunks, as radix_sort's), then each top-digit bucket is sorted on its own by the
// remaining digits, buckets handed out as threads come free. A bucket (8K keys on average
// for 2^24 keys) stays in the core's cache for its passes, so memory sees the keys about
// three times instead of seven, and threads meet at two barriers instead of six.
template <class K, class C>
void msd_sort(const K* kin, K* kout, int64_t n, K* ktmp, int64_t chunks) {
  using D = Digits<K>;
  const int64_t per = (n + chunks - 1) / chunks;
  auto for_chunks = [&](auto&& fn) {
    parallel_for(uint64_t(chunks), [&](uint64_t c) { fn(int64_t(c)); });
  };
  const int top_shift = D::kBits * (D::kPasses - 1), below = D::kPasses - 1;
  const int64_t top_buckets = int64_t(1) << (int(sizeof(K)) * 8 - top_shift);
  const K top_mask = K(top_buckets - 1);
  std::vector<int64_t> counts(size_t(chunks * top_buckets), 0);
  for_chunks([&](int64_t c) {
    int64_t* h = counts.data() + c * top_buckets;
    for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i)
      ++h[(C::in(kin[i]) >> top_shift) & top_mask];
  });
  std::vector<int64_t> offsets(counts.size()), starts(size_t(top_buckets + 1));
  int64_t run = 0;
  for (int64_t b = 0; b < top_buckets; ++b) {
    starts[size_t(b)] = run;
    for (int64_t c = 0; c < chunks; ++c) {
      offsets[size_t(c * top_buckets + b)] = run;
      run += counts[size_t(c * top_buckets + b)];
    }
  }
  starts[size_t(top_buckets)] = n;
  for_chunks([&](int64_t c) {
    int64_t* at = offsets.data() + c * top_buckets;
    for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i) {
      const K k = C::in(kin[i]);
      ktmp[at[(k >> top_shift) & top_mask]++] = k;
    }
  });
  parallel_for(uint64_t(top_buckets), [&](uint64_t b) {
    const int64_t s = starts[b], len = starts[b + 1] - s;
    if (len == 0) return;
    K* src = ktmp + s;
    K* out = kout + s;
    if (len <= kInsertionLimit) {
      insertion_sort(src, static_cast<int64_t*>(nullptr), len);
      for (int64_t i = 0; i < len; ++i) out[i] = C::out(src[i]);
      return;
    }
    // This bucket's histograms of every remaining digit, then its passes: ktmp and kout
    // alternate, the last pass writes kout through the codec.
    thread_local std::vector<int64_t> h;
    h.assign(size_t(below * D::kBuckets), 0);
    for (int64_t i = 0; i < len; ++i)
      for (int p = 0; p < below; ++p)
        ++h[size_t(p * D::kBuckets + ((src[i] >> (D::kBits * p)) & D::kMask))];
    std::vector<int> passes;
    for (int p = 0; p < below; ++p)
      if (*std::max_element(h.begin() + p * D::kBuckets, h.begin() + (p + 1) * D::kBuckets) != len)
        passes.push_back(p);
    // An even number of passes from ktmp would end there: a cache-sized bucket takes its first
    // pass into a buffer of the thread's own, so that its last pass still lands in kout.
    thread_local std::vector<K> local;
    const bool via_local = !passes.empty() && passes.size() % 2 == 0 && len <= kLocalKeys;
    if (via_local && local.size() < size_t(len)) local.resize(size_t(len));
    bool to_out = true;
    for (size_t q = 0; q < passes.size(); ++q) {
      const int p = passes[q];
      int64_t* at = h.data() + p * D::kBuckets;
      for (int64_t d = 0, sum = 0; d < D::kBuckets; ++d) {
        const int64_t c = at[d];
        at[d] = sum;
        sum += c;
      }
      K* dst = local.data();
      if (q > 0 || !via_local) {
        dst = to_out ? out : ktmp + s;
        to_out = !to_out;
      }
      if (q + 1 == passes.size() && dst == out)
        scatter<K, false, C, false, true>(src, dst, nullptr, nullptr, 0, len, D::kBits * p, at);
      else
        scatter<K, false, C, false, false>(src, dst, nullptr, nullptr, 0, len, D::kBits * p, at);
      src = dst;
    }
    if (src != out)  // the keys ended elsewhere: decode them across
      for (int64_t i = 0; i < len; ++i) out[i] = C::out(src[i]);
  });
}

// Chunks of one long row's passes: one per pool thread.
int64_t pass_chunks(int64_t len) {
  return std::clamp<int64_t>(len / kMinChunk, 1, int64_t(pool_size()));
}

template <class K, bool kValues>
void sort_keys(const SortCall& call) {
  const K* kin = static_cast<const K*>(call.keys_in);
  K* kout = static_cast<K*>(call.keys_out);
  const int64_t len = call.n / call.segments;
  const size_t item = sizeof(K) + (kValues ? sizeof(int64_t) : 0);
  if constexpr (!kValues && sizeof(K) >= 4)
    if (call.float_keys) {  // one row of floats (sort.cpp asks for nothing else)
      Scratch scratch(size_t(len) * sizeof(K));
      K* ktmp = static_cast<K*>(scratch.get());
      if (len >= kMsdMin)
        msd_sort<K, FloatBits<K>>(kin, kout, len, ktmp, pass_chunks(len));
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
