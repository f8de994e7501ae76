// cuda.MemoryPointer and cuda.Memory: what `x.data` is in CuPy (a pointer into an allocation
// that it keeps alive), and x.set / x.get(out=), the explicit host transfers.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::py {
namespace {

struct PyMemory {
  std::shared_ptr<Storage> storage;
};

struct PyMemoryPointer {
  std::shared_ptr<Storage> storage;
  int64_t offset = 0;
  uintptr_t ptr() const {  // a raw address leaves ndgpu: deferred work runs first
    run_deferred_work();
    return reinterpret_cast<uintptr_t>(storage->data()) + offset;
  }
};

// CuPy's checks before a host transfer: the same dtype (TypeError) and shape (ValueError).
void check_host_match(const NDArray& a, nb::handle host, const char* what) {
  if (!nb::isinstance(host, numpy().attr("ndarray")))
    throw TypeError(std::string(what) + ": a numpy.ndarray is required");
  DType t = to_dtype(host.attr("dtype"));
  if (t != a.dtype())
    throw TypeError(std::string(what) + ": " + dtype_name(t) + " array cannot be used with a " +
                    dtype_name(a.dtype()) + " array");
  if (to_shape(host.attr("shape")) != a.shape())
    throw ValueError(std::string(what) + ": shape mismatch");
}

}  // namespace

nb::object memory_pointer(const NDArray& a) {
  return nb::cast(PyMemoryPointer{a.storage(), a.offset()});
}

nb::object memory_pointer_over(std::shared_ptr<Storage> storage) {
  return nb::cast(PyMemoryPointer{std::move(storage), 0});
}

NDArray array_over_pointer(nb::handle memptr, const Shape& shape, DType dtype,
                           const std::optional<Strides>& strides, Order order) {
  if (!nb::isinstance<PyMemoryPointer>(memptr))
    throw TypeError("memptr must be a cuda.MemoryPointer");
  const auto& p = nb::cast<const PyMemoryPointer&>(memptr);
  const int64_t isz = int64_t(itemsize(dtype));
  Strides st = strides             ? *strides
               : order == Order::F ? f_strides(shape, isz)
                                   : c_strides(shape, isz);
  if (st.size() != shape.size()) throw ValueError("strides must have one entry per dimension");
  const auto [lo, hi] = byte_extent(shape, st, isz);
  if (hi > lo && (p.offset + lo < 0 || p.offset + hi > int64_t(p.storage->nbytes())))
    throw ValueError("the array reaches outside the memory memptr points into");
  return NDArray(p.storage, p.offset, shape, st, dtype);
}

void set_from_host(NDArray& a, nb::handle host) {
  check_host_match(a, host, "set");
  NDArray src = from_numpy(numpy().attr("ascontiguousarray")(host));
  copy_into(a, src);
}

nb::object get_into(const NDArray& a, nb::handle out) {
  check_host_match(a, out, "get");
  if (!nb::cast<bool>(out.attr("flags").attr("writeable")))
    throw ValueError("get: the output array is read-only");
  if (nb::cast<bool>(out.attr("flags").attr("c_contiguous")) &&
      nb::cast<bool>(out.attr("dtype").attr("isnative"))) {
    to_host_buffer(a, out);
  } else {
    numpy().attr("copyto")(out, to_numpy(a));
  }
  return nb::borrow(out);
}

// A NumPy uint8 array over `nbytes` of the current device's page-locked host memory, freed
// when NumPy lets it go; None where the backend has none (plain host memory serves).
nb::object pinned_buffer(size_t nbytes) {
  Device d = current_device();
  Backend& be = backend_for(d);
  void* p = be.allocate_pinned(d.index, nbytes);
  if (!p) return nb::none();
  return numpy_over(p, Shape{int64_t(nbytes)}, DType::UInt8,
                    [&be, d, p] { be.free_pinned(d.index, p); });
}

void bind_memory(nb::module_& m) {
  m.def("_pinned_buffer", &pinned_buffer);
  nb::class_<PyMemory> memory(m, "Memory");
  memory
      .def_prop_ro("ptr",
                   [](const PyMemory& mem) {
                     run_deferred_work();
                     return reinterpret_cast<uintptr_t>(mem.storage->data());
                   })
      .def_prop_ro("size", [](const PyMemory& mem) { return mem.storage->nbytes(); })
      .def_prop_ro("device_id", [](const PyMemory& mem) { return mem.storage->device().index; });
  // CuPy's UnownedMemory(ptr, size, owner): memory allocated elsewhere, `owner` kept alive
  // while any view of it lives (the way foreign device pointers become arrays).
  m.def(
      "UnownedMemory",
      [](uintptr_t ptr, size_t size, nb::handle owner, std::optional<int> device_id) {
        Device d = current_device();
        if (device_id) d.index = *device_id;
        auto keep = std::make_shared<nb::object>(nb::borrow(owner));
        return PyMemory{std::make_shared<Storage>(d, reinterpret_cast<void*>(ptr), size, [keep] {
          nb::gil_scoped_acquire gil;
          keep->reset();
        })};
      },
      nb::arg("ptr"), nb::arg("size"), nb::arg("owner").none(),
      nb::arg("device_id").none() = nb::none());
  nb::class_<PyMemoryPointer>(m, "MemoryPointer")
      .def(
          "__init__",
          [](PyMemoryPointer* self, const PyMemory& mem, Int64 offset) {
            new (self) PyMemoryPointer{mem.storage, offset};
          },
          nb::arg("mem"), nb::arg("offset"))
      .def_prop_ro("ptr", &PyMemoryPointer::ptr)
      .def_prop_ro("mem", [](const PyMemoryPointer& p) { return PyMemory{p.storage}; })
      .def_ro("offset", &PyMemoryPointer::offset)
      .def_prop_ro("device_id", [](const PyMemoryPointer& p) { return p.storage->device().index; })
      .def_prop_ro("device",
                   [](const PyMemoryPointer& p) {
                     return PyDevice{p.storage->device(), {}};
                   })
      .def("__int__", &PyMemoryPointer::ptr)
      .def("__add__", [](const PyMemoryPointer& p, Int64 n) {
        return PyMemoryPointer{p.storage, p.offset + n};
      });
}

}  // namespace ndgpu::py
