// The _core extension module: C++ exceptions become Python's, then each binding file runs.
#include <nanobind/nanobind.h>

#include "convert.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"
#include "ndgpu/kernel_cache.hpp"

namespace ndgpu::py {
void bind_ndarray(nb::module_& m);
void bind_device(nb::module_& m);
void bind_ops(nb::module_& m);
void bind_kernels(nb::module_& m);
void bind_cuda(nb::module_& m);
void bind_streams(nb::module_& m);
void bind_allocators(nb::module_& m);
void bind_raw_kernels(nb::module_& m);
void bind_reductions(nb::module_& m);
void bind_aot(nb::module_& m);
void bind_linalg(nb::module_& m);
void bind_fuse(nb::module_& m);
void bind_indexing(nb::module_& m);
void bind_manipulation(nb::module_& m);
void bind_reshaping(nb::module_& m);
void bind_creation(nb::module_& m);
void bind_runtime(nb::module_& m);
void bind_memory(nb::module_& m);
void bind_interop(nb::module_& m);
void bind_random(nb::module_& m);
void bind_math(nb::module_& m);
void bind_fft(nb::module_& m);
void bind_sorting(nb::module_& m);
void bind_statistics(nb::module_& m);
void bind_views(nb::module_& m);
void bind_ufunc_methods(nb::module_& m);
void bind_index_tricks(nb::module_& m);
void bind_functional(nb::module_& m);
void bind_polynomial(nb::module_& m);
void install_host_hooks();
void raise_interrupted();
void bind_config(nb::module_& m);
void bind_documented_functions(nb::module_& m);
}  // namespace ndgpu::py

using namespace ndgpu;
namespace nb = nanobind;

NB_MODULE(_core, m) {
  static nb::exception<CompileError> compile_error(m, "CompileError", PyExc_RuntimeError);
  static nb::exception<OutOfMemoryError> oom(m, "OutOfMemoryError", PyExc_MemoryError);
  static nb::exception<BackendError> backend_error(m, "BackendError", PyExc_RuntimeError);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const ValueError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const AxisError& e) {
      nb::object cls = nb::module_::import_("numpy.exceptions").attr("AxisError");
      PyErr_SetString(cls.ptr(), e.what());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const OverflowError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const ZeroDivisionError& e) {
      PyErr_SetString(PyExc_ZeroDivisionError, e.what());
    } catch (const NotImplementedError& e) {
      PyErr_SetString(PyExc_NotImplementedError, e.what());
    } catch (const Interrupted&) {
      py::raise_interrupted();
    } catch (const nb::cast_error&) {  // never "std::bad_cast": an argument did not convert
      PyErr_SetString(PyExc_TypeError, "an argument has an unsupported type or value");
    } catch (const LinAlgError& e) {  // NumPy's own class, so `except np.linalg.LinAlgError` works
      nb::object cls = nb::module_::import_("numpy.linalg").attr("LinAlgError");
      PyErr_SetString(cls.ptr(), e.what());
    }
  });
  py::install_host_hooks();
  // First: the warm-up opens NVRTC, which may come from NVIDIA's pip wheels.
  py::bind_config(m);
  warm_up_compilers();
  // The quick tier starts compiles in the background, and Python waits for them at exit
  // (below), so it is on here by default; C++ programs opt in (docs/quick_tier.md).
  enable_quick_tier_by_default();
  // Called by an atexit hook in ndgpu/__init__.py: exit() must not run under the warm-up.
  m.def("_wait_for_background_work", [] {
    nb::gil_scoped_release release;
    wait_for_background_work();
  });
  py::bind_device(m);
  py::bind_ndarray(m);
  py::bind_ops(m);
  py::bind_kernels(m);
  py::bind_cuda(m);
  py::bind_streams(m);
  py::bind_allocators(m);
  py::bind_raw_kernels(m);
  py::bind_reductions(m);
  py::bind_aot(m);
  py::bind_linalg(m);
  py::bind_fuse(m);
  py::bind_indexing(m);
  py::bind_manipulation(m);
  py::bind_reshaping(m);
  py::bind_creation(m);
  py::bind_runtime(m);
  py::bind_memory(m);
  py::bind_interop(m);
  py::bind_random(m);
  py::bind_math(m);
  py::bind_fft(m);
  py::bind_sorting(m);
  py::bind_statistics(m);
  py::bind_views(m);
  py::bind_ufunc_methods(m);
  py::bind_index_tricks(m);
  py::bind_functional(m);
  py::bind_polynomial(m);
  py::bind_documented_functions(m);  // last: it wraps what the others bound
}
