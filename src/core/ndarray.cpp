// ndarray storage, flags and views (no data movement here; copies live in src/ops/copy.cpp).
#include "ndgpu/ndarray.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>

#include "ndgpu/checked_size.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {

namespace {
std::mutex user_allocator_mu;
UserAllocator process_allocator;
std::atomic<bool> any_user_allocator{false};  // keeps the pool's path one load long
thread_local std::optional<UserAllocator> thread_allocator;
}  // namespace

void set_user_allocator(UserAllocator allocator) {
  std::lock_guard lk(user_allocator_mu);
  process_allocator = std::move(allocator);
  any_user_allocator = true;
}

void set_thread_user_allocator(std::optional<UserAllocator> allocator) {
  thread_allocator = std::move(allocator);
  any_user_allocator = true;
}

std::optional<UserAllocator> thread_user_allocator() {
  return thread_allocator;
}

UserAllocator user_allocator() {
  if (thread_allocator) return *thread_allocator;
  std::lock_guard lk(user_allocator_mu);
  return process_allocator;
}

Storage::Storage(Device device, size_t nbytes) : device_(device), nbytes_(nbytes) {
  if (any_user_allocator.load(std::memory_order_relaxed)) {
    if (UserAllocator allocate = user_allocator()) {
      UserAllocation a = allocate(device, nbytes);
      data_ = a.data;
      release_ = a.release ? std::move(a.release) : [] {};
      return;
    }
  }
  data_ = backend_for(device).allocate(device.index, nbytes, current_stream(device));
}

Storage::Storage(Device device, void* data, size_t nbytes, std::function<void()> release)
    : device_(device), nbytes_(nbytes), data_(data), release_(std::move(release)) {}

Storage::~Storage() {
  if (release_)
    release_();
  else
    backend_for_release(device_).deallocate(device_.index, data_, nbytes_, current_stream(device_));
}

NDArray::NDArray(std::shared_ptr<Storage> storage, int64_t offset, Shape shape, Strides strides,
                 DType dtype, std::shared_ptr<const NDArray> base)
    : storage_(std::move(storage)),
      offset_(offset),
      shape_(std::move(shape)),
      strides_(std::move(strides)),
      dtype_(dtype),
      base_(std::move(base)) {
  update_flags();
}

void NDArray::update_flags() {
  check_ndim(shape_.size());
  size_ = shape_size(shape_);
  c_contiguous_ = is_c_contiguous(shape_, strides_, itemsize());
  f_contiguous_ = is_f_contiguous(shape_, strides_, itemsize());
}

NDArray NDArray::empty_on(Device device, const Shape& shape, DType dtype, Order order) {
  int64_t isz = int64_t(ndgpu::itemsize(dtype));
  int64_t nbytes = checked_nbytes(shape, isz);
  // Keep a valid pointer even for empty arrays, as CuPy does.
  auto storage = std::make_shared<Storage>(device, size_t(std::max<int64_t>(nbytes, 1)));
  Strides strides = order == Order::C ? c_strides(shape, isz) : f_strides(shape, isz);
  return NDArray(std::move(storage), 0, shape, std::move(strides), dtype);
}

NDArray NDArray::empty(const Shape& shape, DType dtype, Order order) {
  return empty_on(current_device(), shape, dtype, order);
}

NDArray NDArray::view() const {
  return NDArray(storage_, offset_, shape_, strides_, dtype_, std::make_shared<NDArray>(*this));
}

NDArray NDArray::transpose() const {
  Shape s(shape_.rbegin(), shape_.rend());
  Strides st(strides_.rbegin(), strides_.rend());
  return NDArray(storage_, offset_, std::move(s), std::move(st), dtype_,
                 std::make_shared<NDArray>(*this));
}

NDArray NDArray::transpose(std::span<const int64_t> axes) const {
  if (int(axes.size()) != ndim()) throw ValueError("axes don't match array");
  std::vector<bool> seen(ndim(), false);
  Shape s(ndim());
  Strides st(ndim());
  for (int i = 0; i < ndim(); ++i) {
    int a = normalize_axis(axes[i], ndim());
    if (seen[a]) throw ValueError("repeated axis in transpose");
    seen[a] = true;
    s[i] = shape_[a];
    st[i] = strides_[a];
  }
  return NDArray(storage_, offset_, std::move(s), std::move(st), dtype_,
                 std::make_shared<NDArray>(*this));
}

namespace {

// Python's slice.indices(): clamps start/stop for a given length; returns the item count.
int64_t adjust_slice(const Slice& sl, int64_t len, int64_t& start, int64_t& step) {
  step = sl.step.value_or(1);
  if (step == 0) throw ValueError("slice step cannot be zero");
  step = std::max(step, -INT64_MAX);  // as Python's slices: -step must not overflow
  int64_t lo = step < 0 ? -1 : 0, hi = step < 0 ? len - 1 : len;
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v;
    if (x < 0) return std::max(x + len, lo);
    return std::min(x, hi);
  };
  start = clamp(sl.start, step < 0 ? hi : lo);
  int64_t stop = clamp(sl.stop, step < 0 ? lo : hi);
  if (step < 0) return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  return start < stop ? (stop - start - 1) / step + 1 : 0;
}

}  // namespace

NDArray NDArray::index(std::span<const IndexItem> items) const {
  int consumed = 0, ellipses = 0;
  for (const auto& it : items) {
    if (std::holds_alternative<int64_t>(it) || std::holds_alternative<Slice>(it)) ++consumed;
    if (std::holds_alternative<EllipsisIndex>(it)) ++ellipses;
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(ndim()) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  Shape s;
  Strides st;
  int64_t offset = offset_;
  int axis = 0;
  for (const auto& it : items) {
    if (auto* i = std::get_if<int64_t>(&it)) {
      int64_t len = shape_[axis], k = *i;
      if (k < -len || k >= len)
        throw IndexError("index " + std::to_string(k) + " is out of bounds for axis " +
                         std::to_string(axis) + " with size " + std::to_string(len));
      offset += (k < 0 ? k + len : k) * strides_[axis];
      ++axis;
    } else if (auto* sl = std::get_if<Slice>(&it)) {
      int64_t start, step;
      int64_t n = adjust_slice(*sl, shape_[axis], start, step);
      if (n > 0) offset += start * strides_[axis];
      s.push_back(n);
      // With two or more items |step| < len, so the product stays inside the array's extent;
      // with fewer the stride is never used and step may be as large as int64 allows.
      st.push_back(n > 1 ? strides_[axis] * step : strides_[axis]);
      ++axis;
    } else if (std::holds_alternative<NewAxis>(it)) {
      s.push_back(1);
      st.push_back(0);
    } else {  // Ellipsis: the axes no other item consumes
      for (int k = 0; k < ndim() - consumed; ++k, ++axis) {
        s.push_back(shape_[axis]);
        st.push_back(strides_[axis]);
      }
    }
  }
  for (; axis < ndim(); ++axis) {
    s.push_back(shape_[axis]);
    st.push_back(strides_[axis]);
  }
  return NDArray(storage_, offset, std::move(s), std::move(st), dtype_,
                 std::make_shared<NDArray>(*this));
}

namespace {

Shape infer_shape(const Shape& requested, int64_t size) {
  Shape s = requested;
  int unknown = -1;
  int64_t known = 1;
  bool zero = false;  // zero lengths are applied last, so no product of the others wraps
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] < 0) {  // NumPy takes any negative length as the unknown one
      if (unknown >= 0) throw ValueError("can only specify one unknown dimension");
      unknown = int(i);
    } else if (s[i] != 0 && __builtin_mul_overflow(known, s[i], &known)) {
      throw ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                       shape_str(requested));
    } else if (s[i] == 0) {
      zero = true;
    }
  }
  if (zero) known = 0;
  if (unknown >= 0) {
    if (known == 0 || size % known != 0)
      throw ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                       shape_str(requested));
    s[unknown] = size / known;
  } else if (known != size) {
    throw ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " +
                     shape_str(requested));
  }
  return s;
}

}  // namespace

std::optional<NDArray> NDArray::reshape_view(const Shape& requested, Order order) const {
  Shape shape = infer_shape(requested, size_);
  auto make = [&](Strides st) {
    return NDArray(storage_, offset_, shape, std::move(st), dtype_,
                   std::make_shared<NDArray>(*this));
  };
  if (size_ == 0)
    return make(order == Order::C ? c_strides(shape, itemsize()) : f_strides(shape, itemsize()));
  if (order == Order::C && c_contiguous_) return make(c_strides(shape, itemsize()));
  if (order == Order::F && f_contiguous_) return make(f_strides(shape, itemsize()));
  // General case (NumPy's _attempt_nocopy_reshape): match runs of old axes to new axes
  // whose elements are laid out with uniform strides.
  Shape old_s;
  Strides old_st;
  for (int i = 0; i < ndim(); ++i)
    if (shape_[i] != 1) {
      old_s.push_back(shape_[i]);
      old_st.push_back(strides_[i]);
    }
  int on = int(old_s.size()), nn = int(shape.size());
  if (order == Order::F) {
    std::reverse(old_s.begin(), old_s.end());
    std::reverse(old_st.begin(), old_st.end());
  }
  Shape ns = shape;
  if (order == Order::F) std::reverse(ns.begin(), ns.end());
  Strides new_st(nn, 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nn && oi < on) {
    int64_t np = ns[ni], op = old_s[oi];
    while (np != op) {
      if (np < op)
        np *= ns[nj++];
      else
        op *= old_s[oj++];
    }
    for (int k = oi; k < oj - 1; ++k)
      if (old_st[k] != old_s[k + 1] * old_st[k + 1]) return std::nullopt;
    new_st[nj - 1] = old_st[oj - 1];
    for (int k = nj - 1; k > ni; --k) new_st[k - 1] = new_st[k] * ns[k];
    ni = nj++;
    oi = oj++;
  }
  int64_t last = ni > 0 ? new_st[ni - 1] : itemsize();
  for (int k = ni; k < nn; ++k) new_st[k] = last;
  if (order == Order::F) std::reverse(new_st.begin(), new_st.end());
  return make(std::move(new_st));
}

NDArray NDArray::reshape(const Shape& shape, Order order) const {
  if (auto v = reshape_view(shape, order)) return *v;
  NDArray c = copy(order);
  return *c.reshape_view(shape, order);
}

NDArray NDArray::broadcast_to(const Shape& shape) const {
  if (shape.size() < shape_.size())
    throw ValueError("input operand has more dimensions than allowed by the axis remapping");
  check_ndim(shape.size());
  for (int64_t d : shape)
    if (d < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  size_t lead = shape.size() - shape_.size();
  Strides st(shape.size(), 0);
  for (size_t i = 0; i < shape_.size(); ++i) {
    if (shape_[i] == shape[lead + i]) {
      st[lead + i] = strides_[i];
    } else if (shape_[i] != 1) {
      throw ValueError(
          "operands could not be broadcast together with remapped shapes [original->remapped]: " +
          shape_str(shape_) + " and requested shape " + shape_str(shape));
    }
  }
  return NDArray(storage_, offset_, shape, std::move(st), dtype_, std::make_shared<NDArray>(*this));
}

}  // namespace ndgpu
