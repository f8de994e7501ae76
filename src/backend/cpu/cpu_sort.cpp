#include "backend/cpu/cpu_sort.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
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

// One stable pass: each key of [begin, end) to its bucket's next place.
template <class K, bool kValues>
void scatter(const K* ksrc, K* kdst, const int64_t* vsrc, int64_t* vdst, int64_t begin, int64_t end,
             int shift, int64_t* at) {
  using D = Digits<K>;
  for (int64_t i = begin; i < end; ++i) {
    const K k = ksrc[i];
    const int64_t to = at[(k >> shift) & D::kMask]++;
    kdst[to] = k;
    if constexpr (kValues) vdst[to] = vsrc[i];
  }
}

// One segment of n keys: stable LSD radix sort into kout/vout, using ktmp/vtmp as the other
// buffer. One read counts every digit; passes where every key has the same digit are
// skipped. `chunks` > 1 splits each pass over the thread pool.
template <class K, bool kValues>
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
      const K k = kin[i];
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
      scatter<K, kValues>(ksrc, kdst, vsrc, vdst, c * per, std::min(n, (c + 1) * per), shift,
                          offsets.data() + c * D::kBuckets);
    });
    ksrc = kdst;
    vsrc = vdst;
  }
}

template <class K, bool kValues>
void sort_keys(const SortCall& call) {
  const K* kin = static_cast<const K*>(call.keys_in);
  K* kout = static_cast<K*>(call.keys_out);
  const int64_t len = call.n / call.segments;
  const size_t item = sizeof(K) + (kValues ? sizeof(int64_t) : 0);
  if (call.segments == 1) {
    // Keys first: the values' int64 alignment holds, as the scratch is 8-byte aligned.
    Scratch scratch(size_t(len) * item + sizeof(int64_t));
    K* ktmp = static_cast<K*>(scratch.get());
    auto* vtmp =
        reinterpret_cast<int64_t*>((reinterpret_cast<uintptr_t>(ktmp + len) + 7) & ~uintptr_t(7));
    int64_t chunks = std::clamp<int64_t>(len / kMinChunk, 1, pool_size());
    radix_sort<K, kValues>(kin, kout, call.values_in, call.values_out, len, ktmp, vtmp, chunks);
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
