#include "convert.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <array>
#include <cmath>

#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::py {

nb::module_& numpy() {
  static nb::module_* np = new nb::module_(nb::module_::import_("numpy"));
  return *np;
}

nb::object numpy_dtype(DType t) {
  static std::array<nb::object, kNumDTypes>* cache = new std::array<nb::object, kNumDTypes>();
  nb::object& o = (*cache)[int(t)];
  if (!o.is_valid()) o = numpy().attr("dtype")(dtype_name(t));
  return o;
}

namespace {
PyTypeObject* fusion_proxy_type = nullptr;
PyObject* fusion_hook_fn = nullptr;
}  // namespace

void set_fusion_proxy(nb::handle type, nb::handle hook) {
  fusion_proxy_type = reinterpret_cast<PyTypeObject*>(type.inc_ref().ptr());  // kept forever
  fusion_hook_fn = hook.inc_ref().ptr();
}
bool is_fusion_proxy(nb::handle h) {
  return fusion_proxy_type && Py_TYPE(h.ptr()) == fusion_proxy_type;
}
nb::handle fusion_hook() {
  return fusion_hook_fn;
}

nb::object wrap_array(NDArray&& a) {
  static PyTypeObject* type = reinterpret_cast<PyTypeObject*>(nb::type<NDArray>().ptr());
  nb::object o = nb::inst_alloc(nb::handle(reinterpret_cast<PyObject*>(type)));
  new (nb::inst_ptr<NDArray>(o)) NDArray(std::move(a));
  nb::inst_mark_ready(o);
  return o;
}

const NDArray& array_arg(nb::handle h, NDArray& holder) {
  if (nb::isinstance<NDArray>(h)) return *nb::inst_ptr<NDArray>(h);
  Operand op = to_operand(h);
  if (auto* a = std::get_if<NDArray>(&op)) {
    holder = std::move(*a);
  } else {
    const Scalar& s = std::get<Scalar>(op);
    holder = NDArray::empty(Shape{}, s.dtype());
    fill(holder, s);
  }
  return holder;
}

std::optional<NDArray> to_out(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  if (!nb::isinstance<NDArray>(h)) throw TypeError("output must be an ndgpu.ndarray");
  return nb::cast<NDArray>(h);
}

nb::object result(NDArray&& r, nb::handle out) {
  return out.is_none() ? wrap_array(std::move(r)) : nb::borrow(out);
}

std::optional<DType> to_dtype_opt(nb::handle obj) {
  if (obj.is_none()) return std::nullopt;
  return to_dtype(obj);
}

DType to_dtype(nb::handle obj) {
  // Cache by the object itself: the same few dtype objects and type objects recur.
  static nb::dict* cache = new nb::dict();
  if (PyObject* hit = PyDict_GetItem(cache->ptr(), obj.ptr())) return DType(PyLong_AsLong(hit));
  nb::object dt;
  try {
    dt = numpy().attr("dtype")(obj);
  } catch (nb::python_error&) {
    throw TypeError("data type '" + std::string(nb::str(obj).c_str()) + "' not understood");
  }
  std::string ch = nb::cast<std::string>(dt.attr("char"));
  auto t = dtype_from_name(ch);
  if (!t) throw TypeError("ndgpu does not support dtype " + std::string(nb::str(dt).c_str()));
  if (PyObject_Hash(obj.ptr()) != -1)
    (*cache)[obj] = int(*t);
  else
    PyErr_Clear();
  return *t;
}

std::optional<Operand> try_operand(nb::handle obj) {
  if (nb::isinstance<NDArray>(obj)) return Operand(nb::cast<const NDArray&>(obj));
  PyObject* p = obj.ptr();
  // NumPy scalars first: numpy.float64 and numpy.complex128 subclass Python's float and
  // complex, but they are typed (strong) scalars under NEP 50.
  static nb::object* generic = new nb::object(numpy().attr("generic"));
  if (PyObject_IsInstance(p, generic->ptr()) == 1) {
    DType t = to_dtype(obj.attr("dtype"));
    if (is_integer(t) && kind(t) == DTypeKind::UInt)
      return Operand(Scalar::typed_uint(t, nb::cast<unsigned long long>(nb::int_(obj))));
    if (is_integer(t)) return Operand(Scalar::typed_int(t, nb::cast<long long>(nb::int_(obj))));
    if (t == DType::Bool) return Operand(Scalar::typed_int(t, nb::cast<bool>(nb::bool_(obj))));
    PyObject* c = PyObject_CallMethod(p, "__complex__", nullptr);
    if (!c) {
      PyErr_Clear();
      return Operand(Scalar::typed(t, nb::cast<double>(nb::float_(obj))));
    }
    std::complex<double> v{PyComplex_RealAsDouble(c), PyComplex_ImagAsDouble(c)};
    Py_DECREF(c);
    return Operand(Scalar::typed(t, v));
  }
  if (PyBool_Check(p)) return Operand(Scalar::py_bool(p == Py_True));
  if (PyLong_Check(p)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (!overflow) return Operand(Scalar::py_int(v));
    unsigned long long u = PyLong_AsUnsignedLongLong(p);
    if (!PyErr_Occurred()) return Operand(Scalar::py_uint(u));
    PyErr_Clear();
    double nearest = PyLong_AsDouble(p);  // inf beyond float64's range, as NumPy converts
    if (nearest == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      nearest = overflow > 0 ? HUGE_VAL : -HUGE_VAL;
    }
    return Operand(Scalar::py_big_int(nearest));
  }
  if (PyFloat_Check(p)) return Operand(Scalar::py_float(PyFloat_AS_DOUBLE(p)));
  if (PyComplex_Check(p))
    return Operand(Scalar::py_complex({PyComplex_RealAsDouble(p), PyComplex_ImagAsDouble(p)}));
  return std::nullopt;
}

Operand to_operand(nb::handle obj) {
  if (auto op = try_operand(obj)) return *op;
  throw TypeError("Unsupported type " + std::string(nb::str(obj.type()).c_str()));
}

Scalar to_scalar(nb::handle obj) {
  Operand op = to_operand(obj);
  if (auto* s = std::get_if<Scalar>(&op)) return *s;
  const NDArray& a = std::get<NDArray>(op);
  if (a.size() != 1) throw TypeError("only size-1 arrays can be used as scalars");
  nb::object host = to_numpy(a).attr("reshape")(nb::tuple());
  return std::get<Scalar>(to_operand(host[nb::tuple()]));
}

namespace {

nb::dlpack::dtype dlpack_dtype(DType t) {
  using code = nb::dlpack::dtype_code;
  DTypeKind k = kind(t);
  code c = k == DTypeKind::Bool      ? code::Bool
           : k == DTypeKind::Complex ? code::Complex
           : k == DTypeKind::Float   ? code::Float
           : k == DTypeKind::UInt    ? code::UInt
                                     : code::Int;
  return {uint8_t(c), uint8_t(itemsize(t) * 8), 1};
}

// A NumPy array over a page-locked buffer of the backend's host pool, filled from `a`; the
// buffer returns to the pool when NumPy frees the array. None when no buffer is ready.
nb::object to_numpy_pooled(const NDArray& a) {
  Device d = a.device();
  Backend& be = backend_for(d);
  void* buf = be.acquire_host_buffer(d.index, size_t(a.nbytes()));
  if (!buf) return nb::none();
  nb::object out = numpy_over(buf, a.shape(), a.dtype(),
                              [&be, d, buf] { be.release_host_buffer(d.index, buf); });
  a.to_host(buf);  // on an error the array's owner returns the buffer
  return out;
}

}  // namespace

nb::object numpy_over(void* p, const Shape& shape, DType t, std::function<void()> release) {
  auto* owned = new std::function<void()>(std::move(release));
  nb::capsule owner(owned, [](void* f) noexcept {
    auto* fn = static_cast<std::function<void()>*>(f);
    (*fn)();
    delete fn;
  });
  SmallVector<size_t, 6> dims;
  for (int64_t e : shape) dims.push_back(size_t(e));
  nb::ndarray<nb::numpy> arr(p, dims.size(), dims.data(), owner, nullptr, dlpack_dtype(t));
  return nb::cast(arr, nb::rv_policy::reference);
}

nb::object to_numpy(const NDArray& a) {
  if (a.device().type == DeviceType::CUDA && a.nbytes() > 0) {
    nb::object pooled = to_numpy_pooled(a);
    if (!pooled.is_none()) return pooled;
  }
  nb::object out = numpy().attr("empty")(to_tuple(a.shape()), numpy_dtype(a.dtype()));
  to_host_buffer(a, out);
  return out;
}

void to_host_buffer(const NDArray& a, nb::handle out) {
  Py_buffer view;
  if (PyObject_GetBuffer(out.ptr(), &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0)
    throw nb::python_error();
  try {
    a.to_host(view.buf);
  } catch (...) {
    PyBuffer_Release(&view);
    throw;
  }
  PyBuffer_Release(&view);
}

NDArray from_numpy(nb::handle host) {
  // Devices hold native byte order: '>i4' on x86 is swapped on the way in, as CuPy does.
  nb::object arr = nb::borrow(host);
  nb::object dt = arr.attr("dtype");
  if (!nb::cast<bool>(dt.attr("isnative")))
    arr = arr.attr("astype")(dt.attr("newbyteorder")("="), nb::arg("order") = "K");
  DType t = to_dtype(arr.attr("dtype"));
  Shape shape = to_shape(arr.attr("shape"));
  bool f_order = nb::cast<bool>(arr.attr("flags").attr("f_contiguous")) &&
                 !nb::cast<bool>(arr.attr("flags").attr("c_contiguous"));
  Py_buffer view;
  if (PyObject_GetBuffer(arr.ptr(), &view, PyBUF_ANY_CONTIGUOUS) != 0) throw nb::python_error();
  NDArray out;
  try {
    out = NDArray::empty(shape, t, f_order ? Order::F : Order::C);
    Device d = out.device();
    backend_for(d).copy_to_device(d.index, out.data(), view.buf, size_t(out.nbytes()),
                                  current_stream(d));
  } catch (...) {
    PyBuffer_Release(&view);
    throw;
  }
  PyBuffer_Release(&view);
  return out;
}

namespace {

// `h` through __index__ (TypeError for a float or a string, as Python); *overflow is set
// (and the result clamped) when it does not fit int64.
int64_t index_or_overflow(nb::handle h, int* overflow) {
  PyObject* i = PyNumber_Index(h.ptr());
  if (!i) throw nb::python_error();
  long long v = PyLong_AsLongLongAndOverflow(i, overflow);
  Py_DECREF(i);
  return *overflow ? (*overflow > 0 ? INT64_MAX : INT64_MIN) : int64_t(v);
}

}  // namespace

int64_t to_dim(nb::handle h) {
  if (PyBool_Check(h.ptr())) throw TypeError("an integer is required");  // as NumPy
  int overflow = 0;
  int64_t d = index_or_overflow(h, &overflow);
  if (overflow) throw ValueError("Maximum allowed dimension exceeded");
  return d;
}

int64_t to_int64(nb::handle h) {
  int overflow = 0;
  int64_t v = index_or_overflow(h, &overflow);
  if (overflow) throw OverflowError("Python int too large to convert to C long");
  return v;
}

Shape to_shape(nb::handle obj) {
  if (PyIndex_Check(obj.ptr()) && !PySequence_Check(obj.ptr()) && !PyBool_Check(obj.ptr()))
    return Shape{to_dim(obj)};
  if (!PySequence_Check(obj.ptr()) || PyUnicode_Check(obj.ptr()))
    throw TypeError("expected a sequence of integers or a single integer, got '" +
                    std::string(nb::str(obj).c_str()) + "'");
  Shape s;
  for (nb::handle h : obj) s.push_back(to_dim(h));
  return s;
}

std::optional<Device> to_device_arg(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  if (nb::isinstance<PyDevice>(h)) return nb::cast<const PyDevice&>(h).device;
  Device cur = current_device();
  if (PyUnicode_Check(h.ptr())) {
    if (nb::cast<std::string>(h) == "cpu" && cur.type == DeviceType::CPU) return cur;
    throw ValueError("unsupported device " + nb::cast<std::string>(nb::repr(h)));
  }
  Device d{cur.type, int(to_int64(h))};
  if (d.index < 0 || d.index >= device_count(d.type))
    throw ValueError("invalid device ordinal " + std::to_string(d.index));
  return d;
}

NDArray as_array(nb::handle h) {
  if (nb::isinstance<NDArray>(h)) return nb::cast<NDArray>(h);
  return from_numpy(numpy().attr("asarray")(h, nb::arg("order") = "C"));
}

nb::tuple arrays_tuple(const std::vector<NDArray>& v) {
  nb::list l;
  for (const auto& a : v) l.append(nb::cast(a));
  return nb::tuple(l);
}

std::vector<int64_t> to_axes(nb::handle obj) {
  if (PyIndex_Check(obj.ptr()) && !PySequence_Check(obj.ptr())) return {to_int64(obj)};
  std::vector<int64_t> v;
  for (nb::handle h : obj) v.push_back(to_int64(h));
  return v;
}

namespace {

// nullopt for an advanced item (an array, a list, a bool).
std::optional<IndexItem> to_index_item(nb::handle h) {
  if (h.is_none()) return NewAxis{};
  if (h.ptr() == Py_Ellipsis) return EllipsisIndex{};
  if (PySlice_Check(h.ptr())) {
    // Python clamps each bound to the Py_ssize_t range (and the step to -PY_SSIZE_T_MAX), so
    // x[2**70:] and x[::-2**63] are valid slices.
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(h.ptr(), &start, &stop, &step) < 0) throw nb::python_error();
    auto* sl = reinterpret_cast<PySliceObject*>(h.ptr());
    Slice s;
    if (sl->start != Py_None) s.start = int64_t(start);
    if (sl->stop != Py_None) s.stop = int64_t(stop);
    if (sl->step != Py_None) s.step = int64_t(step);
    return s;
  }
  if (PyBool_Check(h.ptr()) || nb::isinstance<NDArray>(h) ||
      (PySequence_Check(h.ptr()) && !PyUnicode_Check(h.ptr())))
    return std::nullopt;
  if (PyIndex_Check(h.ptr())) {
    PyObject* i = PyNumber_Index(h.ptr());
    if (!i) throw nb::python_error();
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
    if (overflow) {
      // As NumPy: an int that fits uint64 overflows C long; a larger one is no index at all.
      PyLong_AsUnsignedLongLong(i);
      bool fits_unsigned = !PyErr_Occurred();
      PyErr_Clear();
      Py_DECREF(i);
      if (fits_unsigned) throw OverflowError("Python int too large to convert to C long");
      throw IndexError(
          "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
          "boolean arrays are valid indices");
    }
    Py_DECREF(i);
    return int64_t(v);
  }
  if (nb::isinstance(h, numpy().attr("bool_"))) return std::nullopt;
  throw IndexError(
      "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
      "boolean arrays are valid indices");
}

// An array, list or bool index as an ndgpu array (an empty list is an integer index).
NDArray to_index_array(nb::handle h) {
  if (nb::isinstance<NDArray>(h)) return nb::cast<NDArray>(h);
  nb::object a = numpy().attr("asarray")(h);
  char kind = nb::cast<std::string>(a.attr("dtype").attr("kind"))[0];
  if (nb::cast<int64_t>(a.attr("size")) == 0 && kind != 'b') {
    a = a.attr("astype")(numpy().attr("int64"));
    kind = 'i';
  }
  if (kind != 'b' && kind != 'i' && kind != 'u')
    throw IndexError(
        "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
        "boolean arrays are valid indices");
  return from_numpy(numpy().attr("asarray")(a, nb::arg("order") = "C"));
}

}  // namespace

bool to_basic_index(nb::handle obj, std::vector<IndexItem>& items) {
  if (PyTuple_Check(obj.ptr())) {
    for (nb::handle h : nb::borrow<nb::tuple>(obj)) {
      auto it = to_index_item(h);
      if (!it) return false;
      items.push_back(*it);
    }
    return true;
  }
  auto it = to_index_item(obj);
  if (it) items.push_back(*it);
  return bool(it);
}

std::vector<IndexItem> to_index(nb::handle obj) {
  std::vector<IndexItem> items;
  if (!to_basic_index(obj, items))
    throw IndexError("only basic indices (integers, slices, None, Ellipsis) are allowed here");
  return items;
}

std::vector<Index> to_full_index(nb::handle obj) {
  std::vector<Index> items;
  auto add = [&](nb::handle h) {
    if (auto it = to_index_item(h))
      std::visit([&](const auto& v) { items.push_back(v); }, *it);
    else
      items.push_back(to_index_array(h));
  };
  if (PyTuple_Check(obj.ptr()))
    for (nb::handle h : nb::borrow<nb::tuple>(obj)) add(h);
  else
    add(obj);
  return items;
}

Order to_order(nb::handle obj, Order dflt) {
  if (obj.is_none()) return dflt;
  std::string s = nb::cast<std::string>(obj);
  if (s == "C" || s == "c") return Order::C;
  if (s == "F" || s == "f") return Order::F;
  if (s == "K" || s == "A" || s == "k" || s == "a") return dflt;
  throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + s + "')");
}

std::optional<Order> to_order_opt(nb::handle obj) {
  // to_order answers its default for None, 'K' and 'A': two defaults tell them apart.
  Order c = to_order(obj, Order::C);
  return c == to_order(obj, Order::F) ? std::optional<Order>(c) : std::nullopt;
}

Casting to_casting(nb::handle obj, Casting dflt) {
  if (obj.is_none()) return dflt;
  auto c = casting_from_name(nb::cast<std::string>(obj));
  if (!c)
    throw ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
  return *c;
}

nb::tuple to_tuple(std::span<const int64_t> v) {
  PyObject* t = PyTuple_New(Py_ssize_t(v.size()));
  for (size_t i = 0; i < v.size(); ++i)
    PyTuple_SET_ITEM(t, Py_ssize_t(i), PyLong_FromLongLong(v[i]));
  return nb::steal<nb::tuple>(t);
}

}  // namespace ndgpu::py
