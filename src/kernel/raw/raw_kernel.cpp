// RawKernel: argument checking and conversion against the parsed signature, then a launch.
#include "ndgpu/raw_kernel.hpp"

#include <complex>

#include "kernel/launch.hpp"
#include "kernel/raw/raw_module.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
namespace {

using kernel::ParamType;

std::string describe(const RawArg& a) {
  if (auto* arr = std::get_if<NDArray>(&a))
    return std::string("a ") + dtype_name(arr->dtype()) + " array";
  if (auto* b = std::get_if<RawBytes>(&a))
    return b->what + " of " + std::to_string(b->bytes.size()) + " bytes";
  if (std::holds_alternative<std::nullptr_t>(a)) return "None";
  const Scalar& s = std::get<Scalar>(a);
  if (!s.weak()) return std::string("a numpy.") + dtype_name(s.dtype());
  switch (s.weak_kind()) {
    case WeakKind::Bool:
      return "a Python bool";
    case WeakKind::Int:
      return "a Python int";
    case WeakKind::Float:
      return "a Python float";
    default:
      return "a Python complex";
  }
}

// Whether an array of `have` may be passed as `want*` (`lanes`: a vector type's, double2*).
bool pointer_accepts(DType want, DType have, int lanes) {
  if (want == have) return true;
  // Complex numbers are pairs: a complex128 array for double2* or double4*.
  if (lanes % 2 == 0 && is_complex(have) && real_dtype(have) == want) return true;
  if (itemsize(want) != itemsize(have)) return false;
  // Same-size integers (signedness, bool as bytes) reinterpret as C would; floats never.
  auto intlike = [](DType t) { return is_integer(t) || t == DType::Bool; };
  return intlike(want) && intlike(have);
}

// Whether a scalar may be converted to a parameter of type `want`.
bool scalar_accepts(DType want, const Scalar& s) {
  if (!s.weak()) {
    DType have = s.dtype();
    return have == want || can_cast(have, want, Casting::Safe) ||
           (is_integer(have) && is_integer(want) && itemsize(have) == itemsize(want));
  }
  switch (s.weak_kind()) {
    case WeakKind::Bool:
      return true;
    case WeakKind::Int:
      return want != DType::Bool;
    case WeakKind::Float:
      return is_inexact(want);
    default:
      return is_complex(want);
  }
}

// Python scalars without a known parameter type: int -> long long, float -> double,
// complex -> complex<double>, bool -> bool; NumPy scalars keep their dtype.
void push_default(const Scalar& s, kernel::ArgPack& pack) {
  DType t = s.weak() ? default_dtype(s.weak_kind()) : s.dtype();
  alignas(16) unsigned char buf[16];
  s.store_as(t, buf);
  pack.push_bytes(buf, itemsize(t));
}

// A scalar for a struct or vector parameter: only a complex number, as the pair it is, for a
// two-element vector of its real type (double2 takes a complex128); else `refuse`.
template <class Refuse>
void push_into_aggregate(const Scalar& s, const ParamType& pt, kernel::ArgPack& pack,
                         Refuse refuse) {
  bool complex = s.weak() ? s.weak_kind() == WeakKind::Complex : is_complex(s.dtype());
  bool pair = pt.lanes == 2 && pt.dtype && is_floating(*pt.dtype) && *pt.dtype != DType::Float16;
  if (complex && pair) {
    DType c = *pt.dtype == DType::Float32 ? DType::Complex64 : DType::Complex128;
    if (s.weak() || can_cast(s.dtype(), c, Casting::Safe)) {
      alignas(16) unsigned char buf[16];
      s.store_as(c, buf);
      pack.push_bytes(buf, itemsize(c));
      return;
    }
  }
  std::string size = pt.layout ? std::to_string(pt.layout->size) + "-byte " : "";
  refuse(": it takes a " + size + "record (a NumPy structured scalar, e.g. x.view(dtype)[0])");
}

}  // namespace

RawKernel::RawKernel(const std::string& code, const std::string& name,
                     std::vector<std::string> options, const std::string& backend,
                     bool translate_cucomplex)
    : name_(name) {
  RawModule m(code, "", std::move(options), backend, {}, translate_cucomplex);
  *this = m.get_function(name);
}

RawKernel::RawKernel(std::shared_ptr<kernel::RawModuleState> module, std::string name)
    : module_(std::move(module)), name_(std::move(name)) {}

void* RawKernel::function() const {
  return module_->function(current_device(), name_);
}

void* kernel::function_of(const RawKernel& k) {
  return k.function();
}

const std::string& RawKernel::code() const {
  return module_->code;
}
const std::string& RawKernel::backend() const {
  return module_->backend;
}
const std::vector<std::string>& RawKernel::options() const {
  return module_->options;
}

std::string RawKernel::signature() const {
  const auto* decl = module_->declaration(name_);
  if (!decl) return "";
  const kernel::CudaKernelDecl* d = &decl->decl;
  std::string s;
  for (const auto& p : d->params)
    s += (s.empty() ? "" : ", ") + p.type + (p.name.empty() ? "" : " " + p.name);
  return s;
}

FunctionAttributes RawKernel::attributes() const {
  Device d = current_device();
  return backend_for(d).attributes(d.index, function());
}

void RawKernel::set_max_dynamic_shared_size_bytes(int bytes) const {
  if (bytes < 0) throw ValueError("max_dynamic_shared_size_bytes must be non-negative");
  Device d = current_device();
  backend_for(d).set_max_dynamic_shared_size(d.index, function(), bytes);
}

void RawKernel::operator()(Dim3 grid, Dim3 block, std::span<const RawArg> args, size_t shared_mem,
                           std::optional<StreamHandle> stream) const {
  auto dims = [](Dim3 v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) +
           ")";
  };
  std::string who = "RawKernel '" + name_ + "'";
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    throw ValueError(who + ": grid and block dimensions must be positive, got grid=" + dims(grid) +
                     ", block=" + dims(block));
  if (block.x > 1024 || block.y > 1024 || block.z > 64 || block.count() > 1024)
    throw ValueError(who + ": a block has at most 1024 threads (x, y <= 1024, z <= 64), got " +
                     dims(block));
  if (grid.x > 2147483647u || grid.y > 65535 || grid.z > 65535)
    throw ValueError(who + ": grid " + dims(grid) + " exceeds (2147483647, 65535, 65535)");

  const auto* info = module_->declaration(name_);
  const kernel::CudaKernelDecl* decl = info ? &info->decl : nullptr;
  if (decl && decl->params.size() != args.size())
    throw TypeError(who + " takes " + std::to_string(decl->params.size()) + " argument" +
                    (decl->params.size() == 1 ? "" : "s") + " (" + signature() + ") but " +
                    std::to_string(args.size()) + (args.size() == 1 ? " was" : " were") + " given");

  Device device = current_device();
  kernel::ArgPack pack;
  for (size_t i = 0; i < args.size(); ++i) {
    const RawArg& a = args[i];
    ParamType pt;
    if (decl) {
      pt = info->types[i];
    }
    // The parameter's description is only built for an error.
    auto param_text = [&] {
      const auto& p = decl->params[i];
      return "argument " + std::to_string(i + 1) + " ('" + (p.name.empty() ? "?" : p.name) + "', " +
             p.type + ")";
    };
    auto refuse = [&](const std::string& why) {
      throw TypeError(who + ": " + param_text() + " cannot take " + describe(a) + why);
    };
    if (auto* arr = std::get_if<NDArray>(&a)) {
      check_device(arr->device());
      if (decl && pt.kind == ParamType::Value) refuse(": it is passed by value");
      if (decl && pt.kind == ParamType::Pointer && pt.dtype && !pt.any_pointer &&
          !pointer_accepts(*pt.dtype, arr->dtype(), pt.lanes))
        refuse(std::string(" (its elements are ") + (pt.lanes ? "vectors of " : "") +
               dtype_name(*pt.dtype) + ")");
      pack.push(arr->size() ? arr->data() : nullptr);
    } else if (auto* bytes = std::get_if<RawBytes>(&a)) {
      if (decl && pt.kind == ParamType::Pointer) refuse(": it needs an array");
      if (decl && pt.layout && pt.layout->size != bytes->bytes.size())
        throw TypeError(who + ": " + param_text() + " takes " + std::to_string(pt.layout->size) +
                        " bytes (sizeof(" + decl->params[i].type + ")) but " + describe(a) +
                        " was given");
      pack.push_bytes(bytes->bytes.data(), bytes->bytes.size());
    } else if (std::holds_alternative<std::nullptr_t>(a)) {
      if (decl && pt.kind == ParamType::Value) refuse("");
      pack.push(static_cast<void*>(nullptr));
    } else {
      const Scalar& s = std::get<Scalar>(a);
      if (decl && pt.kind == ParamType::Pointer) {
        // A Python int is taken as a device address (CuPy code passes x.data.ptr).
        if (!(s.weak() && s.weak_kind() == WeakKind::Int)) refuse(": it needs an array");
        pack.push(static_cast<uint64_t>(s.as_int64()));
      } else if (decl && pt.aggregate() && pt.lanes != 1) {
        push_into_aggregate(s, pt, pack, [&](const std::string& why) { refuse(why); });
      } else if (decl && pt.dtype) {
        if (!scalar_accepts(*pt.dtype, s)) refuse("");
        alignas(16) unsigned char buf[16];
        try {
          s.store_as(*pt.dtype, buf);
        } catch (const OverflowError& e) {
          throw OverflowError(who + ": " + param_text() + ": " + e.what());
        }
        pack.push_bytes(buf, itemsize(*pt.dtype));
      } else {
        push_default(s, pack);
      }
    }
  }

  void* f = function();
  LaunchConfig cfg;
  cfg.grid = grid;
  cfg.block = block;
  cfg.shared_mem = shared_mem;
  cfg.stream = stream ? *stream : current_stream(device);
  backend_for(device).launch(device.index, f, cfg, pack.pointers());
}

}  // namespace ndgpu
