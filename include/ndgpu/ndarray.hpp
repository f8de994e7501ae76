// ndarray: a typed, strided view of device memory.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "ndgpu/backend.hpp"
#include "ndgpu/device.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/shape.hpp"

namespace ndgpu {

// A block of device memory; returned to its backend's pool when the last view goes.
class Storage {
 public:
  Storage(Device device, size_t nbytes);
  // Memory owned elsewhere (an imported DLPack tensor): `release` runs instead of the backend's
  // deallocation when the last view goes.
  Storage(Device device, void* data, size_t nbytes, std::function<void()> release);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }

 private:
  Device device_;
  size_t nbytes_;
  void* data_;
  std::function<void()> release_;
};

// A user allocator (CuPy's cuda.set_allocator): new arrays' memory comes from it instead of
// the backend's pool, and `release` runs when the last view goes. An empty one restores the
// pool. One for the process, and one per thread that overrides it (using_allocator; nullopt:
// no override).
struct UserAllocation {
  void* data = nullptr;
  std::function<void()> release;
};
using UserAllocator = std::function<UserAllocation(Device, size_t)>;
void set_user_allocator(UserAllocator allocator);
void set_thread_user_allocator(std::optional<UserAllocator> allocator);
std::optional<UserAllocator> thread_user_allocator();
// The allocator in force on this thread (empty when the pool serves).
UserAllocator user_allocator();

enum class Order : char { C = 'C', F = 'F' };

// One item of a basic index: an integer, a slice, None (new axis) or Ellipsis.
struct Slice {
  std::optional<int64_t> start, stop, step;
};
struct NewAxis {};
struct EllipsisIndex {};
using IndexItem = std::variant<int64_t, Slice, NewAxis, EllipsisIndex>;
inline constexpr NewAxis newaxis{};
inline constexpr EllipsisIndex ellipsis{};

class NDArray {
 public:
  NDArray() = default;
  // New uninitialised array on `device` (the current device when omitted).
  static NDArray empty(const Shape& shape, DType dtype, Order order = Order::C);
  static NDArray empty_on(Device device, const Shape& shape, DType dtype, Order order = Order::C);
  // A view of existing storage.
  NDArray(std::shared_ptr<Storage> storage, int64_t offset, Shape shape, Strides strides,
          DType dtype, std::shared_ptr<const NDArray> base = nullptr);

  const Shape& shape() const { return shape_; }
  const Strides& strides() const { return strides_; }
  DType dtype() const { return dtype_; }
  int ndim() const { return int(shape_.size()); }
  int64_t size() const { return size_; }
  int64_t itemsize() const { return int64_t(ndgpu::itemsize(dtype_)); }
  int64_t nbytes() const { return size_ * itemsize(); }
  int64_t offset() const { return offset_; }
  Device device() const { return storage_ ? storage_->device() : Device{}; }
  bool c_contiguous() const { return c_contiguous_; }
  bool f_contiguous() const { return f_contiguous_; }
  bool defined() const { return storage_ != nullptr; }
  // Address of element 0 (storage + offset), once deferred work has run (backend.hpp).
  void* data() const {
    run_deferred_work();
    return static_cast<char*>(storage_->data()) + offset_;
  }
  const std::shared_ptr<Storage>& storage() const { return storage_; }
  // The array this one is a view of, or nullptr.
  const std::shared_ptr<const NDArray>& base() const { return base_; }

  // Views: no data is copied.
  NDArray view() const;
  NDArray transpose() const;
  NDArray transpose(std::span<const int64_t> axes) const;
  NDArray index(std::span<const IndexItem> items) const;
  // Python's a[1:, 3] as a(Slice{1}, 3): integers, Slice, NewAxis and EllipsisIndex.
  template <class... Items>
  NDArray operator()(const Items&... items) const {
    const IndexItem list[] = {IndexItem(items)...};
    return index(list);
  }
  // a.T
  NDArray T() const { return transpose(); }
  // Reshape without a copy when strides allow, else a copy; -1 infers one dimension.
  NDArray reshape(const Shape& shape, Order order = Order::C) const;
  // A view with other shape and strides over the same storage, or nullopt when impossible.
  std::optional<NDArray> reshape_view(const Shape& shape, Order order = Order::C) const;
  NDArray broadcast_to(const Shape& shape) const;

  // Copies.
  NDArray copy(Order order = Order::C) const;
  // NumPy's astype: `order` nullopt keeps the layout ('K'/'A': F when only F-contiguous, else
  // C); a cast `casting` does not allow raises TypeError. copy=false returns this array when
  // dtype and order already match.
  NDArray astype(DType dtype, bool copy = true, std::optional<Order> order = std::nullopt,
                 Casting casting = Casting::Unsafe) const;
  void to_host(void* dst) const;  // C-order bytes into host memory

 private:
  void update_flags();
  std::shared_ptr<Storage> storage_;
  int64_t offset_ = 0;
  Shape shape_;
  Strides strides_;
  DType dtype_ = DType::Float64;
  int64_t size_ = 0;
  bool c_contiguous_ = true;
  bool f_contiguous_ = true;
  std::shared_ptr<const NDArray> base_;
};

}  // namespace ndgpu
