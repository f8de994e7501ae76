// ndarray.item() of one element without a kernel: its bytes copied into a reused page-locked
// slot (one DMA on CUDA, no staging), waited for by watching host memory rather than by a
// stream synchronize (Backend::read_to_pinned). float(a[3]) is this.
#include <array>
#include <cstring>
#include <mutex>
#include <vector>

#include "ndgpu/errors.hpp"
#include "ndgpu/float16.cuh"
#include "ndgpu/indexing.hpp"

namespace ndgpu {
namespace {

constexpr size_t kSlot = 64, kPage = 4096;

// Slots of page-locked memory per device, kept for the process: page-locking costs far more
// than the copy, so it is done once per page of slots.
class PinnedSlots {
 public:
  void* take(Device d) {
    std::lock_guard lock(mu_);
    auto& free = free_[size_t(d.index) % free_.size()];
    if (free.empty()) {
      auto* page = static_cast<char*>(backend_for(d).allocate_pinned(d.index, kPage));
      if (!page) return nullptr;  // the CPU backend: ordinary memory serves
      for (size_t off = 0; off < kPage; off += kSlot) free.push_back(page + off);
    }
    void* p = free.back();
    free.pop_back();
    return p;
  }
  void give(Device d, void* p) {
    std::lock_guard lock(mu_);
    free_[size_t(d.index) % free_.size()].push_back(p);
  }

 private:
  std::mutex mu_;
  std::array<std::vector<void*>, 64> free_;
};

PinnedSlots& slots() {
  static auto* s = new PinnedSlots;  // never destroyed: its pages stay locked until exit
  return *s;
}

template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

Scalar from_bytes(DType t, const unsigned char* p) {
  switch (t) {
    case DType::Bool:
      return Scalar::typed(t, p[0] != 0);
    case DType::Int8:
      return Scalar::typed_int(t, load<int8_t>(p));
    case DType::Int16:
      return Scalar::typed_int(t, load<int16_t>(p));
    case DType::Int32:
      return Scalar::typed_int(t, load<int32_t>(p));
    case DType::Int64:
      return Scalar::typed_int(t, load<int64_t>(p));
    case DType::UInt8:
      return Scalar::typed_uint(t, load<uint8_t>(p));
    case DType::UInt16:
      return Scalar::typed_uint(t, load<uint16_t>(p));
    case DType::UInt32:
      return Scalar::typed_uint(t, load<uint32_t>(p));
    case DType::UInt64:
      return Scalar::typed_uint(t, load<uint64_t>(p));
    case DType::Float16:
      return Scalar::typed(t, double(half_bits_to_float(load<uint16_t>(p))));
    case DType::Float32:
      return Scalar::typed(t, double(load<float>(p)));
    case DType::Float64:
      return Scalar::typed(t, load<double>(p));
    case DType::Complex64: {
      auto c = load<std::complex<float>>(p);
      return Scalar::typed(t, std::complex<double>(c.real(), c.imag()));
    }
    case DType::Complex128:
      return Scalar::typed(t, load<std::complex<double>>(p));
  }
  throw TypeError("item(): unsupported dtype");
}

}  // namespace

Scalar item(const NDArray& a) {
  if (a.size() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
  // The element alone, as a 0-d view: its bytes read, after the stream's earlier work, and a
  // pending indexing error reported as every transfer does.
  NDArray one(a.storage(), a.offset(), Shape{}, Strides{}, a.dtype());
  Device d = a.device();
  void* slot = slots().take(d);
  alignas(16) unsigned char local[kSlot];
  unsigned char* bytes = slot ? static_cast<unsigned char*>(slot) : local;
  try {
    const void* src = one.data();  // first: it runs deferred work, which may use the backend
    backend_for(d).read_to_pinned(d.index, bytes, src, size_t(one.nbytes()), current_stream(d));
    raise_pending_index_error(d);
  } catch (...) {
    if (slot) slots().give(d, slot);
    throw;
  }
  Scalar s = from_bytes(a.dtype(), bytes);
  if (slot) slots().give(d, slot);
  return s;
}

}  // namespace ndgpu
