// Copies, casts, fills and moves between devices, all through the elementwise engine.
#include <cstring>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ops/transpose_copy.hpp"

namespace ndgpu {
namespace {

const kernel::ElementwiseDefinition& copy_def() {
  static const kernel::ElementwiseDefinition d({.in_params = "T x",
                                                .out_params = "U y",
                                                .operation = "y = ndgpu::cast<U>(x)",
                                                .name = "ndgpu_copy"});
  return d;
}

// The scalar takes the destination's type (U bound from the output), so a Python int that
// does not fit raises OverflowError as NumPy 2's setitem does.
const kernel::ElementwiseDefinition& fill_def() {
  static const kernel::ElementwiseDefinition d(
      {.in_params = "U x", .out_params = "U y", .operation = "y = x", .name = "ndgpu_fill"});
  return d;
}

bool same_layout_dense(const NDArray& a, const NDArray& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape() &&
         ((a.c_contiguous() && b.c_contiguous()) || (a.f_contiguous() && b.f_contiguous()));
}

}  // namespace

void fill(NDArray& dst, const Scalar& value) {
  DeviceGuard g(dst.device());
  std::vector<Operand> args{value, dst};
  kernel::run_elementwise(fill_def(), args);
}

void copy_into(NDArray& dst, const NDArray& src_in) {
  NDArray src = src_in;
  if (src.device() != dst.device()) {
    DeviceGuard g(dst.device());
    src = to_current_device(src);
  }
  Shape b = broadcast_shapes(std::vector<Shape>{src.shape(), dst.shape()});
  if (b != dst.shape())
    throw ValueError("could not broadcast input array from shape " + shape_str(src.shape()) +
                     " into shape " + shape_str(dst.shape()));
  if (dst.size() == 0) return;
  Backend& be = backend_for(dst.device());
  if (same_layout_dense(src, dst)) {
    be.copy_device(dst.device().index, dst.data(), src.device().index, src.data(),
                   size_t(dst.nbytes()), current_stream(dst.device()));
    return;
  }
  if (transpose_copy(dst, src)) return;
  DeviceGuard g(dst.device());
  std::vector<Operand> args{src, dst};
  kernel::run_elementwise(copy_def(), args);
}

NDArray NDArray::copy(Order order) const {
  NDArray out = NDArray::empty_on(device(), shape_, dtype_, order);
  copy_into(out, *this);
  return out;
}

NDArray NDArray::astype(DType dtype, bool copy, std::optional<Order> order, Casting casting) const {
  if (!can_cast(dtype_, dtype, casting)) {
    static const char* const kRule[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
    throw TypeError(std::string("Cannot cast array data from dtype('") + dtype_name(dtype_) +
                    "') to dtype('" + dtype_name(dtype) + "') according to the rule '" +
                    kRule[int(casting)] + "'");
  }
  bool layout_kept = !order || (*order == Order::C ? c_contiguous_ : f_contiguous_);
  if (!copy && dtype == dtype_ && layout_kept) return *this;
  Order out_order = order.value_or(f_contiguous_ && !c_contiguous_ ? Order::F : Order::C);
  NDArray out = NDArray::empty_on(device(), shape_, dtype, out_order);
  copy_into(out, *this);
  return out;
}

void NDArray::to_host(void* dst) const {
  if (size_ == 0) return;
  if (!c_contiguous_) return copy(Order::C).to_host(dst);
  Device d = device();
  // copy_to_host returns synchronized: a second synchronize cost float(a[3]) ~0.5 µs.
  backend_for(d).copy_to_host(d.index, dst, data(), size_t(nbytes()), current_stream(d));
  raise_pending_index_error(d);  // a synchronization point: a gather's deferred IndexError
}

NDArray from_host(const void* host, const Shape& shape, DType dtype) {
  NDArray out = NDArray::empty(shape, dtype);
  Device d = out.device();
  backend_for(d).copy_to_device(d.index, out.data(), host, size_t(out.nbytes()), current_stream(d));
  return out;
}

NDArray to_current_device(const NDArray& src) {
  Device cur = current_device();
  if (src.device() == cur) return src;
  NDArray dense = src.c_contiguous() || src.f_contiguous() ? src : src.copy();
  NDArray out = NDArray::empty_on(cur, dense.shape(), dense.dtype(),
                                  dense.c_contiguous() ? Order::C : Order::F);
  if (out.size() == 0) return out;
  if (cur.type == src.device().type) {
    backend_for(cur).copy_device(cur.index, out.data(), src.device().index, dense.data(),
                                 size_t(out.nbytes()), current_stream(cur));
  } else {  // across backends: through the host
    std::string host(size_t(out.nbytes()), '\0');
    Device sd = dense.device();
    backend_for(sd).copy_to_host(sd.index, host.data(), dense.data(), host.size(),
                                 current_stream(sd));
    backend_for(cur).copy_to_device(cur.index, out.data(), host.data(), host.size(),
                                    current_stream(cur));
  }
  return out;
}

void setitem(NDArray& dst, std::span<const IndexItem> index, const Operand& value) {
  NDArray view = dst.index(index);
  if (auto* s = std::get_if<Scalar>(&value)) {
    fill(view, *s);
  } else {
    const NDArray& v = std::get<NDArray>(value);
    check_device(v.device());
    copy_into(view, v);
  }
}

}  // namespace ndgpu
