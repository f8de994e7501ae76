// CuPy's allocator surface: cuda.alloc, set_allocator/get_allocator/using_allocator (a Python
// callable that gives memory for new arrays), MemoryPool.malloc, and the pinned-memory pool
// objects (PinnedMemoryPool, alloc_pinned_memory, set_pinned_memory_allocator).
#include <nanobind/nanobind.h>

#include <memory>

#include "convert.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ndarray.hpp"

namespace ndgpu::py {

nb::object memory_pointer_over(std::shared_ptr<Storage> storage);
bool is_pool_malloc(nb::handle fn);  // cuda_binding.cpp
nb::object pinned_buffer(size_t nbytes);

namespace {

// A Python object kept alive by C++ code that may drop it without the GIL.
struct HeldObject {
  nb::object obj;
  ~HeldObject() {
    nb::gil_scoped_acquire gil;
    obj.reset();
  }
};

// The user's callable as ndgpu's allocator: it is called with the byte count and returns an
// object with `.ptr` (a MemoryPointer); that object is kept until the memory is released.
UserAllocator wrap_allocator(nb::object fn) {
  auto held = std::make_shared<HeldObject>(HeldObject{std::move(fn)});
  return [held](Device, size_t nbytes) {
    nb::gil_scoped_acquire gil;
    auto block = std::make_shared<HeldObject>(HeldObject{held->obj(nbytes)});
    void* ptr = reinterpret_cast<void*>(nb::cast<uintptr_t>(block->obj.attr("ptr")));
    return UserAllocation{ptr, [block]() mutable { block.reset(); }};
  };
}

// What get_allocator() returns: the callable last set (None for ndgpu's pool).
nb::object& allocator_object() {
  static nb::object* obj = new nb::object(nb::none());  // never destroyed: used at exit
  return *obj;
}

// Memory from ndgpu's pool on the current device, past any user allocator (so a user
// allocator may be MemoryPool().malloc).
std::shared_ptr<Storage> pool_storage(size_t nbytes) {
  Device d = current_device();
  Backend& be = backend_for(d);
  void* p = be.allocate(d.index, nbytes, current_stream(d));
  return std::make_shared<Storage>(
      d, p, nbytes, [&be, d, p, nbytes] { be.deallocate(d.index, p, nbytes, current_stream(d)); });
}

// CuPy's set_allocator(None): no pool. Each array's memory goes back to the device when it
// is freed (the pool's cached blocks with it), as cudaMalloc/cudaFree would.
UserAllocator unpooled_allocator() {
  return [](Device d, size_t nbytes) {
    Backend& be = backend_for(d);
    void* p = be.allocate(d.index, nbytes, current_stream(d));
    return UserAllocation{p, [&be, d, p, nbytes] {
                            be.deallocate(d.index, p, nbytes, current_stream(d));
                            be.free_all_blocks(d.index);
                          }};
  };
}

// What set_allocator(fn) installs: the pool itself for a MemoryPool's malloc (no Python call
// per array), no pool for None, else fn.
UserAllocator allocator_for(nb::object fn) {
  if (fn.is_none()) return unpooled_allocator();
  if (is_pool_malloc(fn)) return UserAllocator{};
  return wrap_allocator(fn);
}

struct AllocatorScope {
  nb::object allocator;
  std::vector<std::optional<UserAllocator>> previous;
};

// Page-locked host memory (or ordinary memory where the backend has no pinned kind): a NumPy
// uint8 array that owns it, with `ptr` and `size` as CuPy's PinnedMemoryPointer.
struct PyPinnedPointer {
  nb::object buffer;
  uintptr_t ptr() const { return nb::cast<uintptr_t>(buffer.attr("ctypes").attr("data")); }
  size_t size() const { return nb::cast<size_t>(buffer.attr("nbytes")); }
};

nb::object pinned_memory(size_t nbytes) {
  nb::object buffer = pinned_buffer(nbytes);
  if (buffer.is_none()) buffer = numpy().attr("empty")(nbytes, "uint8");
  return nb::cast(PyPinnedPointer{buffer});
}

struct PyPinnedMemoryPool {};

nb::object& pinned_allocator_object() {
  static nb::object* obj = new nb::object(nb::none());
  return *obj;
}

}  // namespace

nb::object pool_malloc(size_t nbytes) {
  return memory_pointer_over(pool_storage(nbytes));
}

void bind_allocators(nb::module_& m) {
  m.def("alloc", [](size_t nbytes) {
    return memory_pointer_over(std::make_shared<Storage>(current_device(), nbytes));
  });
  m.def(
      "set_allocator",
      [](nb::object fn) {
        set_user_allocator(allocator_for(fn));
        allocator_object() = fn;
      },
      nb::arg("allocator") = nb::none());
  m.def("get_allocator", [] { return allocator_object(); });
  // `with using_allocator(f):` sets this thread's allocator for the block.
  nb::class_<AllocatorScope>(m, "_AllocatorScope")
      .def("__enter__",
           [](AllocatorScope& s) {
             s.previous.push_back(thread_user_allocator());
             set_thread_user_allocator(allocator_for(s.allocator));
           })
      .def("__exit__", [](AllocatorScope& s, nb::args) {
        set_thread_user_allocator(s.previous.back());
        s.previous.pop_back();
      });
  m.def(
      "using_allocator",
      [](nb::object fn) {
        return AllocatorScope{std::move(fn), {}};
      },
      nb::arg("allocator") = nb::none());

  nb::class_<PyPinnedPointer>(m, "PinnedMemoryPointer")
      .def_prop_ro("ptr", &PyPinnedPointer::ptr)
      .def_prop_ro("size", &PyPinnedPointer::size)
      .def("__int__", &PyPinnedPointer::ptr)
      .def("__array__", [](const PyPinnedPointer& p, nb::args) { return p.buffer; });
  m.def("alloc_pinned_memory", &pinned_memory, nb::arg("size"));
  nb::class_<PyPinnedMemoryPool>(m, "PinnedMemoryPool")
      .def(nb::init<>())
      .def("malloc", [](const PyPinnedMemoryPool&, size_t n) { return pinned_memory(n); })
      .def("free_all_blocks", [](const PyPinnedMemoryPool&) {})
      .def("n_free_blocks", [](const PyPinnedMemoryPool&) { return 0; });
  m.def(
      "set_pinned_memory_allocator",
      [](nb::object fn) { pinned_allocator_object() = std::move(fn); },
      nb::arg("allocator") = nb::none());
  m.def("get_pinned_memory_allocator", [] { return pinned_allocator_object(); });
  // Python objects held by C++ statics are dropped at exit, while Python still runs.
  nb::module_::import_("atexit").attr("register")(nb::cpp_function([] {
    set_user_allocator({});
    allocator_object() = nb::none();
    pinned_allocator_object() = nb::none();
  }));
}

}  // namespace ndgpu::py
