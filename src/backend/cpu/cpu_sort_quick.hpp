// The CPU backend's vectorised quicksort of 4-byte keys, the part that is the same for every
// instruction set: quicksort steps, the parts' queue shared by the pool's threads, and one
// row's parallel first partition. Included by cpu_sort_avx512.cpp and cpu_sort_avx2.cpp
// alone, inside their anonymous namespaces and after their target pragmas and networks (V,
// kLanes, NDGPU_INLINE), so each compiles its own copy for its instruction set. Each file
// defines the primitives declared below, `load` (a vector from memory), kBaseMax (keys sorted
// in registers) and kUnroll (vectors a partition holds from each end).
#pragma once

// One row from this many keys sorts over the pool.
constexpr int64_t kParallelMin = int64_t(1) << 16;
// The pool's threads split parts of the row until there are about this many per thread.
constexpr int kPartsPerThread = 8;

// Keys already encoded.
struct Encoded {
  NDGPU_INLINE static V in(V k) { return k; }
  static int32_t in(int32_t k) { return k; }
};

struct ChunkStats {
  int64_t below = 0;
  int32_t min = INT32_MAX, max = INT32_MIN;
};

struct Part {
  int32_t* a;
  int64_t n;
};

// What each instruction set's file defines. C is a codec: keys in signed order from the
// input's bits (FloatCodec, UnsignedCodec) or Encoded.
template <class C>
void sort_small(int32_t* p, int64_t n);  // n <= kBaseMax encoded keys, sorted and decoded
template <class C>
void decode(int32_t* p, int64_t n);
template <class C>
int32_t choose_pivot(const int32_t* a, int64_t n);        // n >= 32
int64_t partition(int32_t* a, int64_t n, int32_t pivot);  // in place; where keys >= pivot start
template <class C>
void partition_copy(const int32_t* src, int64_t n, int32_t pivot, int32_t* lt, int32_t* ge,
                    const int32_t* lt_end, const int32_t* ge_end);
template <class C>
ChunkStats count_below(const int32_t* src, int64_t n, int32_t pivot);
template <class C>
void encode_copy(const int32_t* src, int32_t* dst, int64_t n);

// The in-place partition's order of reads and writes, around an instruction set's
// `put(wl, wr, v, exact)` (v's keys below the pivot stored at wl, the others ending at wr,
// both cursors moved; whole-vector stores unless exact) and `last(wl, wr, l, count)` (the
// fewer than kLanes keys left unread at l). kUnroll vectors from each end wait in registers,
// then reads come from whichever end has less free room (a branch: without one, the loads
// wait on the choice), so that whole-vector writes never pass the reads; the held vectors
// fill the gap exactly. n >= 2 * kUnroll * kLanes. Returns where the keys not below start.
template <class Put, class Last>
NDGPU_INLINE int64_t partition_in_place(int32_t* a, int64_t n, Put&& put, Last&& last) {
  int32_t *wl = a, *wr = a + n, *l = a, *r = a + n;
  V left[kUnroll], right[kUnroll];
  for (int i = 0; i < kUnroll; ++i) {
    left[i] = load(l + kLanes * i);
    right[i] = load(r - kLanes * (kUnroll - i));
  }
  constexpr int64_t kStep = kLanes * kUnroll;
  l += kStep;
  r -= kStep;
  while (r - l >= kStep) {
    V v[kUnroll];
    if (l - wl <= wr - r) {
      for (int i = 0; i < kUnroll; ++i) v[i] = load(l + kLanes * i);
      l += kStep;
    } else {
      r -= kStep;
      for (int i = 0; i < kUnroll; ++i) v[i] = load(r + kLanes * i);
    }
    for (int i = 0; i < kUnroll; ++i) put(wl, wr, v[i], false);
  }
  while (r - l >= kLanes) {
    const bool from_left = l - wl <= wr - r;
    const int32_t* src = from_left ? l : r - kLanes;
    l += from_left ? kLanes : 0;
    r -= from_left ? 0 : kLanes;
    put(wl, wr, load(src), false);
  }
  if (r > l) last(wl, wr, l, r - l);
  for (int i = 0; i < kUnroll; ++i) {
    put(wl, wr, left[i], true);
    put(wl, wr, right[i], true);
  }
  return wl - a;
}

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
