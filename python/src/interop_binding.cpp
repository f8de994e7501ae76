// Interop: DLPack both ways without copies (ndarray.__dlpack__ / __dlpack_device__ /
// toDlpack, from_dlpack / fromDlpack; CUDA arrays as kDLCUDA, CPU-backend arrays as kDLCPU so
// NumPy shares them), __cuda_array_interface__ v3, pickling and copy.copy/deepcopy. The DLPack
// ABI structs below are the DLPack 1.x header's, declared here.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <algorithm>
#include <functional>

#include "convert.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::py {
namespace {

namespace dl = nb::dlpack;

constexpr int32_t kDLCPU = 1, kDLCUDA = 2;
constexpr uint64_t kFlagReadOnly = 1, kFlagIsCopied = 2;
constexpr uint32_t kMajor = 1, kMinor = 0;

struct ManagedTensor {  // DLManagedTensor (unversioned, "dltensor" capsules)
  dl::dltensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(ManagedTensor*);
};
struct ManagedTensorVersioned {  // DLManagedTensorVersioned ("dltensor_versioned")
  struct {
    uint32_t major, minor;
  } version;
  void* manager_ctx;
  void (*deleter)(ManagedTensorVersioned*);
  uint64_t flags;
  dl::dltensor dl_tensor;
};

// What an exported tensor keeps alive: the array, and the shape and strides DLPack points to.
struct Export {
  NDArray array;
  std::vector<int64_t> shape, strides;
};

int32_t dl_device_type(Device d) {
  return d.type == DeviceType::CUDA ? kDLCUDA : kDLCPU;
}

dl::dtype dl_dtype(DType t) {
  DTypeKind k = kind(t);
  uint8_t code = k == DTypeKind::Bool      ? 6  // kDLBool
                 : k == DTypeKind::Complex ? 5  // kDLComplex
                 : k == DTypeKind::Float   ? 2  // kDLFloat
                 : k == DTypeKind::UInt    ? 1  // kDLUInt
                                           : 0;    // kDLInt
  return {code, uint8_t(itemsize(t) * 8), 1};
}

DType from_dl_dtype(dl::dtype t) {
  static constexpr DTypeKind kinds[] = {DTypeKind::Int,  DTypeKind::UInt, DTypeKind::Float,
                                        DTypeKind::Bool, DTypeKind::Bool, DTypeKind::Complex,
                                        DTypeKind::Bool};  // codes 0..6 (3, 4: not ours)
  if (t.lanes == 1 && t.code < 7 && t.code != 3 && t.code != 4)
    for (int i = 0; i < kNumDTypes; ++i)
      if (kind(DType(i)) == kinds[t.code] && itemsize(DType(i)) * 8 == t.bits) return DType(i);
  throw TypeError("from_dlpack: unsupported DLPack dtype (code " + std::to_string(t.code) + ", " +
                  std::to_string(t.bits) + " bits, " + std::to_string(t.lanes) + " lanes)");
}

// Fills `t` from `e` (which must outlive it).
void describe(dl::dltensor& t, Export& e) {
  const NDArray& a = e.array;
  t.data = a.data();
  t.device = {dl_device_type(a.device()), a.device().index};
  t.ndim = a.ndim();
  t.dtype = dl_dtype(a.dtype());
  e.shape.assign(a.shape().begin(), a.shape().end());
  for (int64_t s : a.strides()) e.strides.push_back(s / a.itemsize());
  t.shape = e.shape.data();
  t.strides = e.strides.data();
  t.byte_offset = 0;
}

// The capsule's destructor: a tensor nobody consumed is released here.
template <typename Managed>
void drop_unconsumed(PyObject* capsule, const char* name) {
  if (!PyCapsule_IsValid(capsule, name)) return;  // renamed "used_...": the consumer owns it
  auto* m = static_cast<Managed*>(PyCapsule_GetPointer(capsule, name));
  if (m && m->deleter) m->deleter(m);
}

nb::object export_capsule(const NDArray& a, bool versioned, bool copied) {
  auto* e = new Export{a, {}, {}};
  if (versioned) {
    auto* m = new ManagedTensorVersioned{{kMajor, kMinor}, e, nullptr, 0, {}};
    m->deleter = [](ManagedTensorVersioned* self) {
      delete static_cast<Export*>(self->manager_ctx);
      delete self;
    };
    m->flags = copied ? kFlagIsCopied : 0;
    describe(m->dl_tensor, *e);
    PyObject* cap = PyCapsule_New(m, "dltensor_versioned", [](PyObject* c) {
      drop_unconsumed<ManagedTensorVersioned>(c, "dltensor_versioned");
    });
    if (!cap) m->deleter(m);
    return nb::steal(cap);
  }
  auto* m = new ManagedTensor{{}, e, nullptr};
  m->deleter = [](ManagedTensor* self) {
    delete static_cast<Export*>(self->manager_ctx);
    delete self;
  };
  describe(m->dl_tensor, *e);
  PyObject* cap = PyCapsule_New(m, "dltensor",
                                [](PyObject* c) { drop_unconsumed<ManagedTensor>(c, "dltensor"); });
  if (!cap) m->deleter(m);
  return nb::steal(cap);
}

// The 2023.12 protocol: `stream` is the consumer's (work queued on the array's current stream
// is finished first, unless it is -1), `dl_device` a device to copy to, `copy` True/False/None.
nb::object dlpack(const NDArray& a, nb::handle stream, nb::handle max_version, nb::handle dl_device,
                  nb::handle copy) {
  bool versioned = !max_version.is_none() && nb::cast<int>(max_version[0]) >= 1;
  bool must_copy = !copy.is_none() && nb::cast<bool>(copy);
  bool no_copy = !copy.is_none() && !nb::cast<bool>(copy);
  Device d = a.device();
  if (!dl_device.is_none()) {
    int32_t type = nb::cast<int32_t>(dl_device[0]), id = nb::cast<int32_t>(dl_device[1]);
    if (type != dl_device_type(d) || id != d.index) {
      if (type != kDLCPU)
        throw nb::buffer_error("__dlpack__: cannot export to the requested device");
      if (no_copy) throw nb::buffer_error("__dlpack__: copy=False, but the host needs a copy");
      return to_numpy(a).attr("__dlpack__")(nb::arg("max_version") = max_version,
                                            nb::arg("copy") = true);
    }
  }
  if (d.type == DeviceType::CUDA &&
      !(nb::isinstance<nb::int_>(stream) && nb::cast<int64_t>(stream) == -1)) {
    nb::gil_scoped_release release;
    backend_for(d).synchronize_stream(d.index, current_stream(d));
  }
  if (must_copy) return export_capsule(a.copy(), versioned, true);
  return export_capsule(a, versioned, false);
}

// The lowest and one-past-highest byte offsets `t` spans from its data pointer.
std::pair<int64_t, int64_t> extent(const dl::dltensor& t, int64_t itemsize) {
  int64_t lo = 0, hi = itemsize, stride = 1;
  for (int i = t.ndim - 1; i >= 0; --i) {
    int64_t s = t.strides ? t.strides[i] : stride;
    if (t.shape[i] == 0) return {0, 0};
    (s < 0 ? lo : hi) += s * (t.shape[i] - 1) * itemsize;
    stride *= t.shape[i];
  }
  return {lo, hi};
}

// A view of a consumed tensor's memory (dtype checked beforehand: nothing here throws but
// bad_alloc); `release` runs the producer's deleter when the last view goes.
NDArray adopt(const dl::dltensor& t, DType dtype, Device device, std::function<void()> release) {
  int64_t isz = int64_t(itemsize(dtype));
  Shape shape(t.shape, t.shape + t.ndim);
  Strides strides;
  strides.resize(size_t(t.ndim));
  int64_t stride = 1;
  for (int i = t.ndim - 1; i >= 0; --i) {
    strides[size_t(i)] = (t.strides ? t.strides[i] : stride) * isz;
    stride *= t.shape[i];
  }
  auto [lo, hi] = extent(t, isz);
  char* base = static_cast<char*>(t.data) + t.byte_offset + lo;
  auto storage = std::make_shared<Storage>(device, base, size_t(std::max<int64_t>(hi - lo, 0)),
                                           std::move(release));
  return NDArray(storage, -lo, shape, strides, dtype);
}

Device consumer_device(int32_t type, int32_t id) {
  Device cur = current_device();
  if (type == kDLCUDA && cur.type == DeviceType::CUDA) return Device{DeviceType::CUDA, id};
  if (type == kDLCPU && cur.type == DeviceType::CPU) return cur;
  throw nb::buffer_error(("from_dlpack: a " + std::string(type == kDLCUDA ? "CUDA" : "host") +
                          " tensor cannot be shared with the " +
                          (cur.type == DeviceType::CUDA ? "CUDA" : "CPU") + " backend's devices")
                             .c_str());
}

// Consumes a capsule ("dltensor" or "dltensor_versioned"): the result shares its memory.
// A read-only tensor is copied, as ndgpu arrays are writable.
NDArray from_capsule(nb::handle capsule) {
  PyObject* c = capsule.ptr();
  if (PyCapsule_IsValid(c, "dltensor_versioned")) {
    auto* m = static_cast<ManagedTensorVersioned*>(PyCapsule_GetPointer(c, "dltensor_versioned"));
    if (m->version.major > kMajor) throw nb::buffer_error("from_dlpack: DLPack version too new");
    Device d = consumer_device(m->dl_tensor.device.device_type, m->dl_tensor.device.device_id);
    DType t = from_dl_dtype(m->dl_tensor.dtype);
    PyCapsule_SetName(c, "used_dltensor_versioned");
    NDArray a = adopt(m->dl_tensor, t, d, [m] {
      if (m->deleter) m->deleter(m);
    });
    return (m->flags & kFlagReadOnly) ? a.copy() : a;
  }
  if (PyCapsule_IsValid(c, "dltensor")) {
    auto* m = static_cast<ManagedTensor*>(PyCapsule_GetPointer(c, "dltensor"));
    Device d = consumer_device(m->dl_tensor.device.device_type, m->dl_tensor.device.device_id);
    DType t = from_dl_dtype(m->dl_tensor.dtype);
    PyCapsule_SetName(c, "used_dltensor");
    return adopt(m->dl_tensor, t, d, [m] {
      if (m->deleter) m->deleter(m);
    });
  }
  throw ValueError("from_dlpack: not a DLPack capsule (or one already consumed)");
}

// from_dlpack(x): x's __dlpack__ asked for a versioned capsule on our current stream (older
// producers without max_version are asked again without it); a capsule is consumed as is.
NDArray from_dlpack(nb::handle x, nb::handle device, nb::handle copy) {
  if (!device.is_none()) throw ValueError("from_dlpack: device= is not supported");
  if (PyCapsule_CheckExact(x.ptr())) return from_capsule(x);
  if (!nb::hasattr(x, "__dlpack__"))
    throw TypeError("from_dlpack: the object has no __dlpack__ method");
  nb::tuple where = nb::cast<nb::tuple>(x.attr("__dlpack_device__")());
  int32_t type = nb::cast<int32_t>(where[0]);
  nb::object stream = nb::none();
  if (type == kDLCUDA) {
    Device d = consumer_device(type, nb::cast<int32_t>(where[1]));
    StreamHandle s = current_stream(d);
    stream = nb::int_(s == 0 ? uintptr_t(1) : uintptr_t(s));  // 1: the legacy default stream
  }
  nb::object capsule;
  bool legacy = false;
  try {
    nb::kwargs kw;
    kw["stream"] = stream;
    kw["max_version"] = nb::make_tuple(kMajor, kMinor);
    if (!copy.is_none()) kw["copy"] = copy;
    capsule = x.attr("__dlpack__")(**kw);
  } catch (nb::python_error& e) {
    if (!e.matches(PyExc_TypeError)) throw;
    capsule = x.attr("__dlpack__")(nb::arg("stream") = stream);
    legacy = true;
  }
  NDArray a = from_capsule(capsule);
  return legacy && !copy.is_none() && nb::cast<bool>(copy) ? a.copy() : a;
}

// Version 3 of Numba's CUDA array interface; `stream` 1 is the legacy default stream.
nb::dict cuda_array_interface(const NDArray& a) {
  Device d = a.device();
  if (d.type != DeviceType::CUDA)
    throw nb::attribute_error("__cuda_array_interface__: only arrays on a CUDA device have one");
  nb::dict out;
  nb::object typestr = numpy_dtype(a.dtype()).attr("str");
  out["shape"] = to_tuple(a.shape());
  out["typestr"] = typestr;
  nb::list descr;
  descr.append(nb::make_tuple("", typestr));
  out["descr"] = descr;
  out["data"] = nb::make_tuple(a.size() ? reinterpret_cast<uintptr_t>(a.data()) : 0, false);
  out["strides"] = a.c_contiguous() ? nb::object(nb::none()) : nb::object(to_tuple(a.strides()));
  out["version"] = 3;
  StreamHandle s = current_stream(d);
  out["stream"] = s == 0 ? uintptr_t(1) : uintptr_t(s);
  return out;
}

// An object with Numba's CUDA array interface (CuPy, PyTorch, Numba arrays) as a view of its
// memory on the current CUDA device; the object is kept alive by the view. Work queued on the
// producer's stream finishes first (version 3's `stream`: 1 legacy default, 2 per-thread).
NDArray from_cuda_array_interface(nb::handle obj) {
  Device d = current_device();
  if (d.type != DeviceType::CUDA)
    throw nb::buffer_error(
        "__cuda_array_interface__: a CUDA array cannot be shared with the CPU backend's devices");
  nb::dict cai = nb::cast<nb::dict>(obj.attr("__cuda_array_interface__"));
  if (cai.contains("mask") && !cai["mask"].is_none())
    throw NotImplementedError("__cuda_array_interface__: masked arrays are not supported");
  DType t = to_dtype(numpy().attr("dtype")(cai["typestr"]));
  if (!nb::cast<bool>(numpy().attr("dtype")(cai["typestr"]).attr("isnative")))
    throw TypeError("__cuda_array_interface__: non-native byte order is not supported");
  Shape shape = to_shape(cai["shape"]);
  nb::tuple data = nb::cast<nb::tuple>(cai["data"]);
  void* ptr = reinterpret_cast<void*>(nb::cast<uintptr_t>(data[0]));
  int64_t isz = int64_t(itemsize(t));
  Strides strides = c_strides(shape, isz);
  if (cai.contains("strides") && !cai["strides"].is_none()) {
    Shape given = to_shape(cai["strides"]);
    strides.assign(given.begin(), given.end());
  }
  if (cai.contains("stream") && !cai["stream"].is_none()) {
    uintptr_t s = nb::cast<uintptr_t>(cai["stream"]);
    backend_for(d).synchronize_stream(d.index, s == 1 ? 0 : s);
  }
  // The span the strides reach from `ptr`, so the storage covers exactly what is viewed.
  const auto [lo, hi] = byte_extent(shape, strides, isz);
  auto owner = std::make_shared<nb::object>(nb::borrow(obj));
  auto storage = std::make_shared<Storage>(d, static_cast<char*>(ptr) + lo,
                                           size_t(std::max<int64_t>(hi - lo, 0)), [owner] {
                                             nb::gil_scoped_acquire gil;
                                             owner->reset();
                                           });
  return NDArray(storage, -lo, shape, strides, t);
}

}  // namespace

void bind_interop(nb::module_& m) {
  nb::handle cls = nb::type<NDArray>();
  nb::object property = nb::module_::import_("builtins").attr("property");
  cls.attr("__cuda_array_interface__") = property(
      nb::cpp_function([](const NDArray& a) { return cuda_array_interface(a); }, nb::is_method()));
  // Pickles hold the values as a NumPy array and load onto the current device.
  cls.attr("__reduce__") = nb::cpp_function(
      [](const NDArray& a) {
        return nb::make_tuple(nb::module_::import_("ndgpu").attr("asarray"),
                              nb::make_tuple(to_numpy(a)));
      },
      nb::is_method());
  // NumPy's __copy__ keeps the layout (order 'K'); a deep copy is the same for flat data.
  auto copy_keeping_layout = [](const NDArray& a) {
    return a.copy(a.f_contiguous() && !a.c_contiguous() ? Order::F : Order::C);
  };
  cls.attr("__copy__") = nb::cpp_function(copy_keeping_layout, nb::is_method());
  cls.attr("__deepcopy__") = nb::cpp_function(
      [copy_keeping_layout](const NDArray& a, nb::handle /*memo*/) {
        return copy_keeping_layout(a);
      },
      nb::is_method());
  cls.attr("__dlpack__") = nb::cpp_function(
      [](const NDArray& a, nb::handle stream, nb::handle max_version, nb::handle dl_device,
         nb::handle copy) { return dlpack(a, stream, max_version, dl_device, copy); },
      nb::is_method(), nb::arg("stream") = nb::none(), nb::arg("max_version") = nb::none(),
      nb::arg("dl_device") = nb::none(), nb::arg("copy") = nb::none());
  cls.attr("__dlpack_device__") = nb::cpp_function(
      [](const NDArray& a) { return nb::make_tuple(dl_device_type(a.device()), a.device().index); },
      nb::is_method());
  // CuPy's legacy pair: an unversioned capsule, and its consumer.
  cls.attr("toDlpack") = nb::cpp_function(
      [](const NDArray& a) { return dlpack(a, nb::none(), nb::none(), nb::none(), nb::none()); },
      nb::is_method());
  m.def("from_dlpack", &from_dlpack, nb::arg("x"), nb::kw_only(), nb::arg("device") = nb::none(),
        nb::arg("copy") = nb::none());
  m.def("fromDlpack", &from_capsule, nb::arg("dltensor"));
  m.def("_from_cuda_array_interface", &from_cuda_array_interface, nb::arg("obj"));
}

}  // namespace ndgpu::py
