#include "backend/cuda/memory_pool.hpp"

#include <limits>
#include <vector>

#include "ndgpu/errors.hpp"

namespace ndgpu::cuda {
namespace {

size_t round_up(size_t n, size_t to) {
  return (n + to - 1) / to * to;
}

// 1048576 -> "1,048,576", as CuPy writes byte counts.
std::string with_commas(size_t n) {
  std::string s = std::to_string(n);
  for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(size_t(i), ",");
  return s;
}

}  // namespace

bool MemoryPool::ByStreamSize::operator()(const Block* a, const Block* b) const {
  if (a->stream != b->stream) return a->stream < b->stream;
  if (a->size != b->size) return a->size < b->size;
  return a->ptr < b->ptr;
}

MemoryPool::MemoryPool(RawAllocator& raw, std::string device_name)
    : raw_(raw), device_name_(std::move(device_name)) {}

MemoryPool::~MemoryPool() {
  try {
    std::lock_guard<std::mutex> lock(mutex_);
    release_cached();  // flushes the parked blocks first
  } catch (...) {
    // The driver may already be shutting down at process exit; the OS reclaims the memory.
  }
  // Segments with live blocks stay with their users; only the bookkeeping goes.
  for (FreeSet* pool : {&small_free_, &large_free_})
    for (Block* b : *pool) delete b;
  for (auto& [ptr, b] : live_) delete b;
}

size_t MemoryPool::round_size(size_t nbytes) {
  return nbytes <= kRound ? kRound : round_up(nbytes, kRound);
}

size_t MemoryPool::segment_size(size_t rounded) {
  if (rounded <= kSmallMax) return kSmallSegment;
  if (rounded < kMidMax) return kMidSegment;
  return round_up(rounded, kLargeRound);
}

MemoryPool::Block* MemoryPool::find_free(FreeSet& pool, size_t rounded, StreamHandle stream,
                                         bool allow_oversize) {
  Block key{nullptr, rounded, stream, true, false};
  auto it = pool.lower_bound(&key);
  if (it == pool.end() || (*it)->stream != stream) return nullptr;
  Block* b = *it;
  // Carving a huge cached block into small pieces would keep it from serving the next huge
  // request; a fresh segment is better while the driver has memory to give.
  if (!allow_oversize && !b->small && b->size >= kOversize && rounded < b->size / 2) return nullptr;
  pool.erase(it);
  return b;
}

MemoryPool::Block* MemoryPool::split(FreeSet& pool, Block* b, size_t rounded) {
  size_t rest = b->size - rounded;
  // A large remainder of 1 MiB or less could only serve small requests, which never come
  // to the large pool: the block is handed out whole instead.
  bool worth_it = b->small ? rest >= kRound : rest > kSmallMax;
  if (!worth_it) return b;
  Block* r = new Block{b->ptr + rounded, rest, b->stream, true, b->small};
  r->prev = b;
  r->next = b->next;
  if (b->next) b->next->prev = r;
  b->next = r;
  b->size = rounded;
  pool.insert(r);
  return b;
}

void* MemoryPool::allocate(size_t nbytes, StreamHandle stream) {
  if (nbytes == 0) return nullptr;
  if (nbytes > std::numeric_limits<size_t>::max() / 2) throw_oom(nbytes, nullptr);
  size_t rounded = round_size(nbytes);
  bool small = rounded <= kSmallMax;
  std::lock_guard<std::mutex> lock(mutex_);
  if (small)
    if (Block* b = take_parked(rounded, stream)) {
      used_ += b->size;
      b->parked = false;
      return b->ptr;
    }
  FreeSet& pool = small ? small_free_ : large_free_;

  Block* b = find_free(pool, rounded, stream, false);
  if (!b) {
    size_t seg = segment_size(rounded);
    auto within_limit = [&] { return limit_ == 0 || total_ + seg <= limit_; };
    void* p = within_limit() ? raw_.raw_alloc(seg) : nullptr;
    if (!p) {
      // Before giving cached memory back: an oversize block of our own may serve.
      flush_parked();
      b = find_free(pool, rounded, stream, true);
      if (!b) {
        release_cached();
        if (!within_limit()) throw_oom(nbytes, "the pool's limit");
        p = raw_.raw_alloc(seg);
        if (!p) throw_oom(nbytes, nullptr);
      }
    }
    if (p) {
      b = new Block{static_cast<char*>(p), seg, stream, false, small};
      total_ += seg;
    }
  }
  split(pool, b, rounded);
  b->free = false;
  used_ += b->size;
  live_.emplace(b->ptr, b);
  return b->ptr;
}

void MemoryPool::deallocate(void* ptr, StreamHandle stream) {
  if (!ptr) return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(ptr);
  if (it == live_.end() || it->second->parked)
    throw ValueError("deallocate: pointer was not allocated by the memory pool of " + device_name_);
  Block* b = it->second;
  used_ -= b->size;
  b->stream = stream;
  if (b->small) {
    park(b);
    return;
  }
  live_.erase(it);
  insert_free(b);
}

MemoryPool::Block* MemoryPool::take_parked(size_t rounded, StreamHandle stream) {
  for (size_t k = n_parked_; k-- > 0;) {  // the most recent first: its memory is warm
    Block* b = parked_[k];
    if (b->size != rounded || b->stream != stream) continue;
    for (size_t j = k + 1; j < n_parked_; ++j) parked_[j - 1] = parked_[j];
    --n_parked_;
    return b;
  }
  return nullptr;
}

void MemoryPool::park(Block* b) {
  if (n_parked_ == kParked) {  // the oldest goes to the free sets
    unpark_into_free_sets(parked_[0]);
    for (size_t j = 1; j < kParked; ++j) parked_[j - 1] = parked_[j];
    --n_parked_;
  }
  b->parked = true;  // not marked free: neighbours do not merge into it meanwhile
  parked_[n_parked_++] = b;
}

void MemoryPool::unpark_into_free_sets(Block* b) {
  b->parked = false;
  live_.erase(b->ptr);
  insert_free(b);
}

void MemoryPool::flush_parked() {
  for (size_t k = 0; k < n_parked_; ++k) unpark_into_free_sets(parked_[k]);
  n_parked_ = 0;
}

void MemoryPool::insert_free(Block* b) {
  FreeSet& pool = b->small ? small_free_ : large_free_;
  b->free = true;
  // Merge with free neighbours that wait on the same stream; erase before resizing, since
  // the size is part of the set's key.
  if (Block* p = b->prev; p && p->free && p->stream == b->stream) {
    pool.erase(p);
    p->size += b->size;
    p->next = b->next;
    if (b->next) b->next->prev = p;
    delete b;
    b = p;
  }
  if (Block* n = b->next; n && n->free && n->stream == b->stream) {
    pool.erase(n);
    b->size += n->size;
    b->next = n->next;
    if (n->next) n->next->prev = b;
    delete n;
  }
  pool.insert(b);
}

size_t MemoryPool::release_cached() {
  flush_parked();
  std::vector<Block*> whole;
  for (FreeSet* pool : {&small_free_, &large_free_})
    for (Block* b : *pool)
      if (!b->prev && !b->next) whole.push_back(b);
  if (whole.empty()) return 0;
  raw_.synchronize();
  size_t released = 0;
  for (Block* b : whole) {
    (b->small ? small_free_ : large_free_).erase(b);
    raw_.raw_free(b->ptr);
    total_ -= b->size;
    released += b->size;
    delete b;
  }
  return released;
}

void MemoryPool::throw_oom(size_t nbytes, const char* why) {
  std::string msg = "Out of memory allocating " + with_commas(nbytes) + " bytes on " +
                    device_name_ + " (the pool holds " + with_commas(total_) +
                    " bytes: " + with_commas(used_) + " in use, " + with_commas(total_ - used_) +
                    " cached";
  if (limit_) msg += "; limit set to " + with_commas(limit_) + " bytes";
  msg += ")";
  if (why) msg += std::string(": the request exceeds ") + why;
  throw OutOfMemoryError(msg);
}

size_t MemoryPool::block_size(void* ptr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(ptr);
  return it == live_.end() || it->second->parked ? 0 : it->second->size;
}

size_t MemoryPool::used_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return used_;
}

size_t MemoryPool::total_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_;
}

size_t MemoryPool::n_free_blocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  // Counted merged: parking is an implementation detail the count should not show.
  const_cast<MemoryPool*>(this)->flush_parked();
  return small_free_.size() + large_free_.size();
}

void MemoryPool::free_all_blocks() {
  std::lock_guard<std::mutex> lock(mutex_);
  release_cached();
}

void MemoryPool::set_limit(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  limit_ = bytes;
}

size_t MemoryPool::get_limit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_;
}

}  // namespace ndgpu::cuda
