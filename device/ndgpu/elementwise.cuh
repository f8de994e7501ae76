// Parameter types of generated elementwise kernels. Kept free of other headers: NVRTC's
// compile time grows with every header, so the generator includes only what a kernel uses.
#pragma once
#include "ndgpu/common.cuh"

namespace ndgpu {

// The broadcast shape after the plan collapsed it; I is the index type (int or long long).
template <class I, int N>
struct Extents {
  I v[N > 0 ? N : 1];
};

// A non-raw operand on the strided path: base pointer and byte strides per collapsed axis.
template <class I, int N>
struct Strided {
  char* ptr;
  I strides[N > 0 ? N : 1];
};

// A raw operand: indexed by the user, with its own (uncollapsed) shape and strides.
template <class T, int N>
struct RawArray {
  char* ptr_;
  long long shape_[N > 0 ? N : 1];
  long long strides_[N > 0 ? N : 1];
  long long size_;
  int contiguous_;
  NDGPU_HD long long size() const { return size_; }
  NDGPU_HD const long long* shape() const { return shape_; }
  NDGPU_HD const long long* strides() const { return strides_; }
  NDGPU_HD T* data() const { return (T*)ptr_; }
  // Linear index in C order over this array's own shape.
  NDGPU_HD T& operator[](long long i) const {
    if (contiguous_) return ((T*)ptr_)[i];
    long long off = 0;
    for (int d = N - 1; d >= 0; --d) {
      long long c = i % shape_[d];
      i /= shape_[d];
      off += c * strides_[d];
    }
    return *(T*)(ptr_ + off);
  }
  NDGPU_HD T& operator[](const long long (&idx)[N > 0 ? N : 1]) const {
    long long off = 0;
    for (int d = 0; d < N; ++d) off += idx[d] * strides_[d];
    return *(T*)(ptr_ + off);
  }
};

// V elements loaded or stored as one aligned access.
template <class T, int V>
struct alignas(sizeof(T) * V) Vec {
  T v[V];
};

// `_ind` in a kernel body: _ind.size() is the broadcast element count.
struct IndexInfo {
  long long n;
  NDGPU_HD long long size() const { return n; }
};

}  // namespace ndgpu
