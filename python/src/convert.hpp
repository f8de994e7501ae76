// Python <-> C++ argument conversion shared by every binding file.
#pragma once
#include <nanobind/nanobind.h>
#include <cstdint>

#include <optional>
#include <span>
#include <vector>

#include "ndgpu/indexing.hpp"
#include "ndgpu/ndarray.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu::py {

namespace nb = nanobind;

// numpy.dtype-like object (None -> nullopt) to DType; TypeError when unsupported.
std::optional<DType> to_dtype_opt(nb::handle obj);
DType to_dtype(nb::handle obj);
// The numpy.dtype object for a DType (cached).
nb::object numpy_dtype(DType t);
// An operand: ndgpu.ndarray, Python bool/int/float/complex or a NumPy scalar.
// Raises TypeError("Unsupported type ...") otherwise.
Operand to_operand(nb::handle obj);
// Same, but returns nullopt instead of raising (binary operators return NotImplemented).
std::optional<Operand> try_operand(nb::handle obj);
Scalar to_scalar(nb::handle obj);
// Device -> host into a new C-ordered numpy array, and a contiguous numpy array -> device.
nb::object to_numpy(const NDArray& a);
NDArray from_numpy(nb::handle contiguous_numpy_array);
// A C-ordered NumPy array over host memory `p`; `release` runs when NumPy lets go of it.
nb::object numpy_over(void* p, const Shape& shape, DType t, std::function<void()> release);
// a's values in C order into a writable C-contiguous buffer of a.nbytes() (BufferError else).
void to_host_buffer(const NDArray& a, nb::handle out);
// An int or a sequence of ints as a shape: TypeError for floats and strings, ValueError
// ("Maximum allowed dimension exceeded") past int64, as NumPy.
Shape to_shape(nb::handle obj);
// An integer argument (anything with __index__): TypeError for a float or a string,
// OverflowError when it does not fit int64 (NumPy's exception for axis=2**70).
int64_t to_int64(nb::handle h);
// An ndgpu array as is; anything else through numpy.asarray (0-d stays 0-d).
NDArray as_array(nb::handle h);
// A Python int or sequence of ints as axes.
std::vector<int64_t> to_axes(nb::handle obj);
// A basic index (IndexError for an advanced one); to_basic_index returns false instead.
std::vector<IndexItem> to_index(nb::handle obj);
bool to_basic_index(nb::handle obj, std::vector<IndexItem>& items);
// Any index: lists, bools and NumPy arrays become ndgpu arrays.
std::vector<Index> to_full_index(nb::handle obj);
Order to_order(nb::handle obj, Order dflt = Order::C);
// None, 'K' and 'A' (keep the layout) give nullopt; 'C' and 'F' that order.
std::optional<Order> to_order_opt(nb::handle obj);
// None gives `dflt`; else a NumPy casting name, ValueError for any other.
Casting to_casting(nb::handle obj, Casting dflt);
nb::tuple to_tuple(std::span<const int64_t> v);
nb::tuple arrays_tuple(const std::vector<NDArray>& v);
nb::module_& numpy();
// Fusion tracing (python/ndgpu/_fusion.py): its proxy type, registered once, and the hook
// that records a ufunc or reduction called on a proxy.
void set_fusion_proxy(nb::handle type, nb::handle hook);
bool is_fusion_proxy(nb::handle h);
nb::handle fusion_hook();
// linalg.norm's ord: None, a number, "fro" or "nuc" (ValueError otherwise).
linalg::NormOrder norm_order(nb::handle ord);
// A new Python ndarray owning `a`: what returning an NDArray does, without nanobind's type
// lookup (the dispatch path returns one per call).
nb::object wrap_array(NDArray&& a);
// `h` as an array: the ndarray itself (no copy), else converted into `holder`.
const NDArray& array_arg(nb::handle h, NDArray& holder);
// An out= argument: None, or an ndgpu.ndarray (TypeError otherwise).
std::optional<NDArray> to_out(nb::handle h);
// The result as Python sees it: the given out= object itself (NumPy and CuPy return it), else
// the new array.
nb::object result(NDArray&& r, nb::handle out);
// x.data (a cuda.MemoryPointer keeping the storage alive), x.set(host) and x.get(out=host).
nb::object memory_pointer(const NDArray& a);
void set_from_host(NDArray& a, nb::handle host);
nb::object get_into(const NDArray& a, nb::handle out);
// ndarray(shape, dtype, memptr=p, strides=s): a view of the memory a cuda.MemoryPointer
// points into (ValueError when the view reaches outside it).
NDArray array_over_pointer(nb::handle memptr, const Shape& shape, DType dtype,
                           const std::optional<Strides>& strides, Order order);

// An integer parameter of a bound function, read as NumPy reads one: through __index__
// (TypeError for a float or a string) and OverflowError past int64, where nanobind's own
// int64_t caster gives TypeError. Binding files take `Int64` wherever Python passes an int.
struct Int64 {
  int64_t value = 0;
  operator int64_t() const { return value; }
};
// An int that NumPy treats as a length or a bound (eye's N, linspace's num, vander's N,
// randint's high): as Int64, but ValueError past int64 (NumPy's "Maximum allowed dimension
// exceeded") where Int64 gives OverflowError.
struct DimInt {
  int64_t value = 0;
  operator int64_t() const { return value; }
};
// to_int64's ValueError twin for DimInt (and the elements of to_shape).
int64_t to_dim(nb::handle h);

}  // namespace ndgpu::py

namespace nanobind::detail {
// Int64 and DimInt: anything with __index__, read by `Convert`.
template <class T, int64_t (*Convert)(handle)>
struct index_caster {
  NB_TYPE_CASTER(T, const_name("int"))
  bool from_python(handle src, uint8_t, cleanup_list*) {
    if (!PyIndex_Check(src.ptr())) return false;
    value.value = Convert(src);  // raises past int64
    return true;
  }
  static handle from_cpp(T v, rv_policy, cleanup_list*) noexcept {
    return PyLong_FromLongLong(v.value);
  }
};
template <>
struct type_caster<ndgpu::py::Int64> : index_caster<ndgpu::py::Int64, &ndgpu::py::to_int64> {};
template <>
struct type_caster<ndgpu::py::DimInt> : index_caster<ndgpu::py::DimInt, &ndgpu::py::to_dim> {};
// None or one of them (nanobind's generic optional caster trips GCC's maybe-uninitialized here).
template <class T>
struct optional_index_caster {
  NB_TYPE_CASTER(std::optional<T>, const_name("int | None"))
  bool from_python(handle src, uint8_t flags, cleanup_list* cleanup) {
    if (src.is_none()) {
      value.reset();
      return true;
    }
    type_caster<T> inner;
    if (!inner.from_python(src, flags, cleanup)) return false;
    value = inner.value;
    return true;
  }
  static handle from_cpp(std::optional<T> v, rv_policy, cleanup_list*) noexcept {
    return v ? PyLong_FromLongLong(v->value) : Py_NewRef(Py_None);
  }
};
template <>
struct type_caster<std::optional<ndgpu::py::Int64>> : optional_index_caster<ndgpu::py::Int64> {};
template <>
struct type_caster<std::optional<ndgpu::py::DimInt>> : optional_index_caster<ndgpu::py::DimInt> {};
}  // namespace nanobind::detail

namespace ndgpu::py {
// cuda.Device in Python: a device plus the stack of devices its `with` blocks replaced.
struct PyDevice {
  Device device;
  std::vector<Device> previous;
};
// NumPy 2's (the array API's) device= of the creation functions: None (nullopt: the current
// device), a Device (x.device), a device index, or "cpu" on the CPU backend.
std::optional<Device> to_device_arg(nb::handle h);
// The device= of a call made current for its scope (nothing when None).
class OnDevice {
 public:
  explicit OnDevice(nb::handle device) {
    if (auto d = to_device_arg(device)) guard_.emplace(*d);
  }

 private:
  std::optional<DeviceGuard> guard_;
};
}  // namespace ndgpu::py
