// ndgpu's public functions as NumPy documents them: a callable that forwards each call to
// the bound function by vectorcall (one hop) and reads its __doc__ on first access from a
// Python hook, which appends NumPy's text. `import ndgpu` must not import NumPy, and neither
// nanobind's functions nor Python's let their __doc__ be computed when asked for.
#include <Python.h>
#include <nanobind/nanobind.h>
#include <structmember.h>

#include <cstddef>

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

struct DocumentedFunction {
  PyObject_HEAD vectorcallfunc vectorcall;
  PyObject* target;  // the function called
  PyObject* name;
  PyObject* module;
  PyObject* doc;  // null until first asked for
};

PyObject* doc_hook = nullptr;  // ndgpu._docs.function_doc(target, name, module)

PyObject* forward(PyObject* self, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  return PyObject_Vectorcall(reinterpret_cast<DocumentedFunction*>(self)->target, args, nargsf,
                             kwnames);
}

int traverse(PyObject* self, visitproc visit, void* arg) {
  auto* f = reinterpret_cast<DocumentedFunction*>(self);
  Py_VISIT(f->target);
  Py_VISIT(f->name);
  Py_VISIT(f->module);
  Py_VISIT(f->doc);
  return 0;
}

int clear(PyObject* self) {
  auto* f = reinterpret_cast<DocumentedFunction*>(self);
  Py_CLEAR(f->target);
  Py_CLEAR(f->name);
  Py_CLEAR(f->module);
  Py_CLEAR(f->doc);
  return 0;
}

void dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  clear(self);
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

PyObject* get_doc(PyObject* self, void*) {
  auto* f = reinterpret_cast<DocumentedFunction*>(self);
  if (!f->doc) {
    if (!doc_hook) return PyObject_GetAttrString(f->target, "__doc__");
    f->doc = PyObject_CallFunctionObjArgs(doc_hook, f->target, f->name, f->module, nullptr);
    if (!f->doc) return nullptr;
  }
  return Py_NewRef(f->doc);
}

PyObject* get_field(PyObject* self, void* offset) {
  auto* field = reinterpret_cast<PyObject**>(reinterpret_cast<char*>(self) +
                                             reinterpret_cast<std::ptrdiff_t>(offset));
  return Py_NewRef(*field);
}

PyObject* repr(PyObject* self) {
  return PyUnicode_FromFormat("<function %U>", reinterpret_cast<DocumentedFunction*>(self)->name);
}

// Pickled by name, as functions are: the module's attribute of that name.
PyObject* reduce(PyObject* self, PyObject*) {
  return Py_NewRef(reinterpret_cast<DocumentedFunction*>(self)->name);
}

void* field_offset(std::size_t offset) {
  return reinterpret_cast<void*>(offset);
}

PyTypeObject* make_type() {
  static PyGetSetDef getset[] = {
      {"__doc__", get_doc, nullptr, nullptr, nullptr},
      {"__name__", get_field, nullptr, nullptr, field_offset(offsetof(DocumentedFunction, name))},
      {"__qualname__", get_field, nullptr, nullptr,
       field_offset(offsetof(DocumentedFunction, name))},
      {"__module__", get_field, nullptr, nullptr,
       field_offset(offsetof(DocumentedFunction, module))},
      {"__wrapped__", get_field, nullptr, nullptr,
       field_offset(offsetof(DocumentedFunction, target))},
      {nullptr, nullptr, nullptr, nullptr, nullptr}};
  static PyMethodDef methods[] = {{"__reduce__", reduce, METH_NOARGS, nullptr},
                                  {nullptr, nullptr, 0, nullptr}};
  static PyMemberDef members[] = {{"__vectorcalloffset__", T_PYSSIZET,
                                   offsetof(DocumentedFunction, vectorcall), READONLY, nullptr},
                                  {nullptr, 0, 0, 0, nullptr}};
  static PyType_Slot slots[] = {{Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
                                {Py_tp_traverse, reinterpret_cast<void*>(traverse)},
                                {Py_tp_clear, reinterpret_cast<void*>(clear)},
                                {Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)},
                                {Py_tp_repr, reinterpret_cast<void*>(repr)},
                                {Py_tp_getset, getset},
                                {Py_tp_methods, methods},
                                {Py_tp_members, members},
                                {0, nullptr}};
  static PyType_Spec spec = {"ndgpu._core.function", sizeof(DocumentedFunction), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
                             slots};
  return reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
}

}  // namespace

void bind_documented_functions(nb::module_& m) {
  static PyTypeObject* type = make_type();
  if (!type) throw nb::python_error();
  m.def(
      "_documented",
      [](nb::object target, nb::str name, nb::str module) {
        auto* f = PyObject_GC_New(DocumentedFunction, type);
        if (!f) throw nb::python_error();
        f->vectorcall = forward;
        f->target = target.release().ptr();
        f->name = name.release().ptr();
        f->module = module.release().ptr();
        f->doc = nullptr;
        PyObject_GC_Track(f);
        return nb::steal(reinterpret_cast<PyObject*>(f));
      },
      nb::arg("target"), nb::arg("name"), nb::arg("module"));
  m.def("_set_doc_hook", [](nb::object hook) {
    Py_XDECREF(doc_hook);
    doc_hook = hook.release().ptr();
  });
}

}  // namespace ndgpu::py
