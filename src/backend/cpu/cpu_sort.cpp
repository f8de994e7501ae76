#include "backend/cpu/cpu_sort.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "backend/cpu/thread_pool.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::cpu {
namespace {

using Counts = std::array<int64_t, 256>;

// Below this a segment is sorted by insertion: radix passes cost more than they save.
constexpr int64_t kInsertionLimit = 48;
// Each chunk of a parallel pass has at least this many keys.
constexpr int64_t kMinChunk = 1 << 16;

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

// One segment of n keys: stable LSD radix sort with 8-bit digits into kout/vout, using
// ktmp/vtmp as the other buffer. Passes where every key has the same digit are skipped.
// `chunks` > 1 splits each pass over the thread pool.
template <class K>
void radix_sort(const K* kin, K* kout, const int64_t* vin, int64_t* vout, int64_t n, K* ktmp,
                int64_t* vtmp, int64_t chunks) {
  constexpr int kPasses = int(sizeof(K));
  const int64_t per = (n + chunks - 1) / chunks;
  auto for_chunks = [&](auto&& fn) {
    if (chunks == 1)
      fn(0);
    else
      parallel_for(uint64_t(chunks), [&](uint64_t c) { fn(int64_t(c)); });
  };
  // Every digit's histogram in one read, to find the passes that change nothing.
  std::vector<std::array<Counts, kPasses>> all(static_cast<size_t>(chunks));
  for_chunks([&](int64_t c) {
    auto& h = all[size_t(c)];
    for (auto& p : h) p.fill(0);
    for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i)
      for (int p = 0; p < kPasses; ++p) ++h[size_t(p)][(kin[i] >> (8 * p)) & 0xff];
  });
  std::vector<int> passes;
  for (int p = 0; p < kPasses; ++p) {
    int64_t top = 0;
    for (int b = 0; b < 256; ++b) {
      int64_t total = 0;
      for (auto& h : all) total += h[size_t(p)][size_t(b)];
      top = std::max(top, total);
    }
    if (top != n) passes.push_back(p);
  }
  if (passes.empty()) {
    std::memcpy(kout, kin, size_t(n) * sizeof(K));
    if (vin) std::memcpy(vout, vin, size_t(n) * sizeof(int64_t));
    return;
  }
  // The buffers alternate so that the last pass writes kout.
  const K* ksrc = kin;
  const int64_t* vsrc = vin;
  bool to_out = passes.size() % 2 == 1;
  std::vector<Counts> offsets(static_cast<size_t>(chunks));
  for (size_t k = 0; k < passes.size(); ++k, to_out = !to_out) {
    const int shift = 8 * passes[k];
    K* kdst = to_out ? kout : ktmp;
    int64_t* vdst = to_out ? vout : vtmp;
    if (k > 0)  // the first pass's per-chunk counts are already known
      for_chunks([&](int64_t c) {
        Counts& h = all[size_t(c)][size_t(passes[k])];
        h.fill(0);
        for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i)
          ++h[(ksrc[i] >> shift) & 0xff];
      });
    int64_t run = 0;
    for (int b = 0; b < 256; ++b)
      for (int64_t c = 0; c < chunks; ++c) {
        offsets[size_t(c)][size_t(b)] = run;
        run += all[size_t(c)][size_t(passes[k])][size_t(b)];
      }
    for_chunks([&](int64_t c) {
      Counts& at = offsets[size_t(c)];
      for (int64_t i = c * per, e = std::min(n, i + per); i < e; ++i) {
        const int64_t to = at[(ksrc[i] >> shift) & 0xff]++;
        kdst[to] = ksrc[i];
        if (vsrc) vdst[to] = vsrc[i];
      }
    });
    ksrc = kdst;
    vsrc = vsrc ? vdst : nullptr;
  }
}

template <class K>
void sort_keys(const SortCall& call) {
  const K* kin = static_cast<const K*>(call.keys_in);
  K* kout = static_cast<K*>(call.keys_out);
  const int64_t len = call.n / call.segments;
  if (call.segments == 1) {
    std::vector<K> ktmp(static_cast<size_t>(len));
    std::vector<int64_t> vtmp(call.values_in ? size_t(len) : 0);
    int64_t chunks = std::clamp<int64_t>(len / kMinChunk, 1, pool_size());
    radix_sort(kin, kout, call.values_in, call.values_out, len, ktmp.data(), vtmp.data(), chunks);
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
      const int64_t* vin = call.values_in ? call.values_in + at : nullptr;
      int64_t* vout = call.values_in ? call.values_out + at : nullptr;
      if (len <= kInsertionLimit) {
        std::memcpy(kout + at, kin + at, size_t(len) * sizeof(K));
        if (vin) std::memcpy(vout, vin, size_t(len) * sizeof(int64_t));
        insertion_sort(kout + at, vout, len);
        continue;
      }
      ktmp.resize(size_t(len));
      if (vin) vtmp.resize(size_t(len));
      radix_sort(kin + at, kout + at, vin, vout, len, ktmp.data(), vtmp.data(), 1);
    }
  });
}

}  // namespace

void cpu_sort(const SortCall& call) {
  if (call.n == 0 || call.segments == 0) return;
  switch (call.key_bytes) {
    case 1:
      return sort_keys<uint8_t>(call);
    case 2:
      return sort_keys<uint16_t>(call);
    case 4:
      return sort_keys<uint32_t>(call);
    case 8:
      return sort_keys<uint64_t>(call);
    default:
      throw ValueError("sort: keys must be 1, 2, 4 or 8 bytes, not " +
                       std::to_string(call.key_bytes));
  }
}

}  // namespace ndgpu::cpu
