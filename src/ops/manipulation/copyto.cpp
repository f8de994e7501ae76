// copyto and the conversions that check or fix a layout: require, asarray_chkfinite,
// asfortranarray.
#include "cast_error.hpp"
#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {
namespace {

// The output is also read: elements where `m` is false keep their value.
const kernel::ElementwiseDefinition& masked_copy_def() {
  static const kernel::ElementwiseDefinition d({.in_params = "bool m, T x",
                                                .out_params = "U y",
                                                .operation = "if (m) y = ndgpu::cast<U>(x)",
                                                .name = "ndgpu_masked_copy"});
  return d;
}

}  // namespace

void copyto(NDArray& dst, const NDArray& src, Casting casting,
            const std::optional<NDArray>& where) {
  check_cast(src.dtype(), dst.dtype(), casting);
  if (!where) {
    copy_into(dst, src);
    return;
  }
  check_cast(where->dtype(), DType::Bool, Casting::Safe);
  NDArray s = src.broadcast_to(dst.shape()), m = where->broadcast_to(dst.shape());
  if (dst.size() == 0) return;
  DeviceGuard g(dst.device());
  std::vector<Operand> args{m, s, dst};
  kernel::run_elementwise(masked_copy_def(), args);
}

NDArray require(const NDArray& a, std::optional<DType> dtype, Requirements req) {
  if (req.c_contiguous && req.f_contiguous)
    throw ValueError("Cannot specify both \"C\" and \"F\" order");
  NDArray r = dtype ? a.astype(*dtype, false) : a;
  Order order = req.f_contiguous ? Order::F : Order::C;
  bool ok = (!req.c_contiguous || r.c_contiguous()) && (!req.f_contiguous || r.f_contiguous()) &&
            (!req.owndata || !r.base());
  if (ok) return r;
  if (!req.c_contiguous && !req.f_contiguous && r.f_contiguous() && !r.c_contiguous())
    order = Order::F;
  return r.copy(order);
}

NDArray asarray_chkfinite(const NDArray& a, std::optional<DType> dtype) {
  NDArray r = dtype ? a.astype(*dtype, false) : a;
  if (r.dtype() == DType::Bool || is_integer(r.dtype())) return r;
  NDArray finite = all(call_ufunc("isfinite", std::vector<Operand>{r})[0]);
  bool ok = false;
  finite.to_host(&ok);
  if (!ok) throw ValueError("array must not contain infs or NaNs");
  return r;
}

NDArray asfortranarray(const NDArray& a, std::optional<DType> dtype) {
  DType t = dtype.value_or(a.dtype());
  if (t == a.dtype() && a.f_contiguous() && a.ndim() > 0) return a;
  NDArray f = a.astype(t, true, Order::F);
  return a.ndim() == 0 ? f.reshape(Shape{1}) : f;
}

}  // namespace ndgpu
