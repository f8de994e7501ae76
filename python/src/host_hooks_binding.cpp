// The host hooks (include/ndgpu/host_hooks.hpp) for Python: long backend work drops the GIL,
// and Ctrl-C during a CPU launch raises KeyboardInterrupt (or what the SIGINT handler raises).
#include <nanobind/nanobind.h>

#include "ndgpu/host_hooks.hpp"

namespace ndgpu::py {
namespace nb = nanobind;
namespace {

unsigned long g_main_thread = 0;
// The exception Python's signal handler raised, kept until the interrupted call returns.
PyObject *g_type = nullptr, *g_value = nullptr, *g_traceback = nullptr;

// Only a thread that holds the GIL gives it up (compiles also run on background threads).
void* release_gil() {
  if (!Py_IsInitialized() || !PyGILState_Check()) return nullptr;
  return PyEval_SaveThread();
}

void reacquire_gil(void* token) {
  if (token) PyEval_RestoreThread(static_cast<PyThreadState*>(token));
}

// Signal handlers run on Python's main thread alone, so only that thread asks.
bool interrupted() {
  if (PyThread_get_thread_ident() != g_main_thread || !Py_IsInitialized()) return false;
  PyGILState_STATE st = PyGILState_Ensure();
  bool hit = PyErr_CheckSignals() != 0;
  if (hit) {
    Py_XDECREF(g_type), Py_XDECREF(g_value), Py_XDECREF(g_traceback);
    PyErr_Fetch(&g_type, &g_value, &g_traceback);
  }
  PyGILState_Release(st);
  return hit;
}

}  // namespace

void install_host_hooks() {
  g_main_thread = nb::cast<unsigned long>(
      nb::module_::import_("threading").attr("main_thread")().attr("ident"));
  set_host_hooks({&release_gil, &reacquire_gil, &interrupted});
}

void raise_interrupted() {
  if (g_type) {
    PyErr_Restore(g_type, g_value, g_traceback);
    g_type = g_value = g_traceback = nullptr;
  } else {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
  }
}

}  // namespace ndgpu::py
