// A vector with inline storage for the first N elements: shapes and strides of up to N
// dimensions never touch the heap, which keeps array copies cheap on the dispatch path.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <span>
#include <type_traits>
#include <vector>

namespace ndgpu {

template <class T, size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>, "SmallVector holds plain values only");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<T*>;
  using const_reverse_iterator = std::reverse_iterator<const T*>;
  using size_type = size_t;

  SmallVector() = default;
  explicit SmallVector(size_t n, const T& v = T()) { assign(n, v); }
  SmallVector(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  SmallVector(It first, It last) {
    assign(first, last);
  }
  SmallVector(std::span<const T> s) { assign(s.begin(), s.end()); }     // NOLINT: implicit
  SmallVector(const std::vector<T>& v) { assign(v.begin(), v.end()); }  // NOLINT: implicit
  SmallVector(const SmallVector& o) { copy_from(o); }
  SmallVector(SmallVector&& o) noexcept { steal(o); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) copy_from(o);
    return *this;
  }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this != &o) {
      release();
      steal(o);
    }
    return *this;
  }
  ~SmallVector() { release(); }

  T* data() { return ptr_; }
  const T* data() const { return ptr_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return cap_; }
  T& operator[](size_t i) { return ptr_[i]; }
  const T& operator[](size_t i) const { return ptr_[i]; }
  T& front() { return ptr_[0]; }
  const T& front() const { return ptr_[0]; }
  T& back() { return ptr_[size_ - 1]; }
  const T& back() const { return ptr_[size_ - 1]; }
  T* begin() { return ptr_; }
  T* end() { return ptr_ + size_; }
  const T* begin() const { return ptr_; }
  const T* end() const { return ptr_ + size_; }
  reverse_iterator rbegin() { return reverse_iterator(end()); }
  reverse_iterator rend() { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }
  operator std::span<const T>() const { return {ptr_, size_}; }  // NOLINT: implicit
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

  void reserve(size_t n) {
    if (n <= cap_) return;
    T* p = new T[n];
    if (size_) std::memcpy(p, ptr_, size_ * sizeof(T));
    release();
    ptr_ = p;
    cap_ = n;
  }
  void resize(size_t n, const T& v = T()) {
    reserve(n);
    for (size_t i = size_; i < n; ++i) ptr_[i] = v;
    size_ = n;
  }
  void clear() { size_ = 0; }
  void push_back(const T& v) {
    if (size_ == cap_) reserve(cap_ * 2);
    ptr_[size_++] = v;
  }
  template <class... A>
  T& emplace_back(A&&... a) {
    push_back(T(std::forward<A>(a)...));
    return back();
  }
  void pop_back() { --size_; }
  void assign(size_t n, const T& v) {
    clear();
    resize(n, v);
  }
  template <class It>
  void assign(It first, It last) {
    size_t n = size_t(std::distance(first, last));
    clear();
    reserve(n);
    std::copy(first, last, ptr_);
    size_ = n;
  }
  T* insert(const T* pos, const T& v) {
    size_t at = size_t(pos - ptr_);
    T copy = v;
    push_back(copy);
    std::rotate(ptr_ + at, ptr_ + size_ - 1, ptr_ + size_);
    return ptr_ + at;
  }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  T* insert(const T* pos, It first, It last) {
    size_t at = size_t(pos - ptr_), old = size_;
    for (; first != last; ++first) push_back(*first);
    std::rotate(ptr_ + at, ptr_ + old, ptr_ + size_);
    return ptr_ + at;
  }
  T* erase(const T* pos) { return erase(pos, pos + 1); }
  T* erase(const T* first, const T* last) {
    size_t at = size_t(first - ptr_), n = size_t(last - first);
    std::copy(ptr_ + at + n, ptr_ + size_, ptr_ + at);
    size_ -= n;
    return ptr_ + at;
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(const SmallVector& a, const SmallVector& b) { return !(a == b); }

 private:
  void release() {
    if (ptr_ != inline_) delete[] ptr_;
    ptr_ = inline_;
    cap_ = N;
  }
  // Small inline buffers (shapes, strides) are copied whole: a fixed-size copy is a few
  // vector moves where a sized one is a call into memcpy (array copies are on every path).
  static constexpr bool kCopyWhole = N * sizeof(T) <= 64;
  void copy_from(const SmallVector& o) {
    if constexpr (kCopyWhole) {
      if (o.size_ <= N) {
        release();
        std::memcpy(inline_, o.ptr_, sizeof inline_);  // a heap buffer holds more than N
        size_ = o.size_;
        return;
      }
    }
    assign(o.begin(), o.end());
  }
  void steal(SmallVector& o) {
    if (o.ptr_ == o.inline_) {
      std::memcpy(inline_, o.inline_, kCopyWhole ? sizeof inline_ : o.size_ * sizeof(T));
      ptr_ = inline_;
      cap_ = N;
    } else {
      ptr_ = o.ptr_;
      cap_ = o.cap_;
      o.ptr_ = o.inline_;
      o.cap_ = N;
    }
    size_ = o.size_;
    o.size_ = 0;
  }

  T inline_[N];
  T* ptr_ = inline_;
  size_t size_ = 0;
  size_t cap_ = N;
};

}  // namespace ndgpu
