#include "kernel/binding.hpp"

#include <algorithm>
#include <iterator>

#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {

CallArgs split_call_args(const std::string& kernel, const std::vector<Param>& in,
                         const std::vector<Param>& out, std::span<const Operand> args) {
  const size_t nin = in.size(), nout = out.size();
  if (args.size() != nin && args.size() != nin + nout)
    throw TypeError(kernel + ": wrong number of arguments: expected " + std::to_string(nin) +
                    " or " + std::to_string(nin + nout) + ", got " + std::to_string(args.size()));
  CallArgs call{args.subspan(0, nin), args.subspan(nin)};
  for (size_t k = 0; k < call.outs.size(); ++k)
    if (!std::holds_alternative<NDArray>(call.outs[k]))
      throw TypeError(kernel + ": output '" + out[k].name + "' must be an ndarray");
  for (const auto& a : args)
    if (auto* arr = std::get_if<NDArray>(&a)) check_device(arr->device());
  return call;
}

TypeBindings::TypeBindings() {
  std::fill(std::begin(type_), std::end(type_), int8_t(-1));
}

void TypeBindings::bind(const std::string& kernel, const Param& p, DType t, bool strict) {
  if (!p.is_placeholder()) return;
  unsigned char c = static_cast<unsigned char>(p.type[0]);
  if (c >= 128) return;
  if (type_[c] < 0) {
    type_[c] = int8_t(t);
    letters_.push_back(char(c));
  } else if (strict && DType(type_[c]) != t) {
    throw TypeError(kernel + ": type is mismatched: parameter '" + p.name + "' is " +
                    dtype_name(t) + " but placeholder " + p.type + " is bound to " +
                    dtype_name(DType(type_[c])));
  }
}

std::optional<DType> TypeBindings::find(char letter) const {
  unsigned char c = static_cast<unsigned char>(letter);
  if (c >= 128 || type_[c] < 0) return std::nullopt;
  return DType(type_[c]);
}

DType TypeBindings::resolve(const std::string& kernel, const Param& p) const {
  if (p.dtype) return *p.dtype;
  if (auto t = find(p.type[0])) return *t;
  throw TypeError(kernel + ": cannot determine the type of placeholder '" + p.type +
                  "' (parameter '" + p.name + "'): pass an output array to bind it");
}

ArgSpec classify_arg(const std::string& kernel, const Param& p, DType type, const NDArray* arr,
                     bool is_out, bool check_cast) {
  ArgSpec a{&p, ArgKind::Scalar, type, type, 0, is_out};
  if (!arr) {
    if (p.raw) throw TypeError(kernel + ": raw parameter '" + p.name + "' needs an array");
    return a;
  }
  a.storage = arr->dtype();
  if (p.raw) {
    if (arr->dtype() != type)
      throw TypeError(kernel + ": raw parameter '" + p.name + "' is " + dtype_name(type) +
                      " but the array is " + dtype_name(arr->dtype()));
    a.kind = ArgKind::Raw;
    a.raw_ndim = arr->ndim();
    return a;
  }
  if (check_cast && !is_out && !p.is_placeholder() &&
      !can_cast(arr->dtype(), type, Casting::SameKind))
    throw TypeError(kernel + ": cannot cast input '" + p.name + "' from " +
                    dtype_name(arr->dtype()) + " to " + dtype_name(type) +
                    " with casting rule 'same_kind'");
  a.kind = ArgKind::Array;
  return a;
}

TypeBindings bind_placeholders(const std::string& kernel, const std::vector<Param>& in,
                               const std::vector<Param>& out, const CallArgs& call) {
  TypeBindings b;
  for (size_t k = 0; k < call.outs.size(); ++k)
    b.bind(kernel, out[k], std::get<NDArray>(call.outs[k]).dtype(), false);
  for (size_t k = 0; k < call.ins.size(); ++k)
    if (auto* a = std::get_if<NDArray>(&call.ins[k])) b.bind(kernel, in[k], a->dtype(), true);
  for (size_t k = 0; k < call.ins.size(); ++k)
    if (auto* s = std::get_if<Scalar>(&call.ins[k])) b.bind(kernel, in[k], s->dtype(), false);
  return b;
}

std::vector<NDArray> call_outputs(const std::string& kernel, const std::vector<Param>& out,
                                  const CallArgs& call, const TypeBindings& bound,
                                  const Shape& shape, const char* shape_what, Device device) {
  std::vector<NDArray> arrays;
  arrays.reserve(out.size());
  for (size_t k = 0; k < out.size(); ++k) {
    if (k < call.outs.size()) {
      const NDArray& o = std::get<NDArray>(call.outs[k]);
      if (!out[k].raw && o.shape() != shape)
        throw ValueError(kernel + ": output '" + out[k].name + "' has shape " +
                         shape_str(o.shape()) + " but " + shape_what + " is " + shape_str(shape));
      arrays.push_back(o);
    } else {
      arrays.push_back(NDArray::empty_on(device, shape, bound.resolve(kernel, out[k])));
    }
  }
  return arrays;
}

}  // namespace ndgpu::kernel
