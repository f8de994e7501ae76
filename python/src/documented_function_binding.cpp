// ndgpu's public functions, and ndarray's methods and properties, as NumPy documents them: a
// callable that forwards each call to the bound function by vectorcall (one hop), or a
// descriptor that forwards to the property, and reads its __doc__ on first access from a
// Python hook, which appends NumPy's text. `import ndgpu` must not import NumPy, and neither
// nanobind's functions nor Python's let their __doc__ be computed when asked for.
#include <Python.h>
#include <nanobind/nanobind.h>
#include <structmember.h>

#include <cstddef>
#include <vector>

namespace nb = nanobind;

namespace ndgpu::py {
namespace {

// One layout for the three kinds: a function, a method (a function bound to its instance on
// attribute access) and a property (get, set and delete forwarded to the wrapped one).
struct DocumentedFunction {
  PyObject_HEAD vectorcallfunc vectorcall;
  PyObject* target;    // the function called, or the property wrapped
  PyObject* name;      // "sum"
  PyObject* qualname;  // "sum", or "ndarray.sum" for a method
  PyObject* module;    // "ndgpu"
  PyObject* doc;       // null until first asked for
};

// ndgpu._docs.function_doc(target, name, where): `where` is the module, or for a member the
// module and class ("ndgpu.ndarray").
PyObject* doc_hook = nullptr;

PyObject* forward(PyObject* self, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  return PyObject_Vectorcall(reinterpret_cast<DocumentedFunction*>(self)->target, args, nargsf,
                             kwnames);
}

int traverse(PyObject* self, visitproc visit, void* arg) {
  auto* f = reinterpret_cast<DocumentedFunction*>(self);
  Py_VISIT(f->target);
  Py_VISIT(f->name);
  Py_VISIT(f->qualname);
  Py_VISIT(f->module);
  Py_VISIT(f->doc);
  return 0;
}

int clear(PyObject* self) {
  auto* f = reinterpret_cast<DocumentedFunction*>(self);
  Py_CLEAR(f->target);
  Py_CLEAR(f->name);
  Py_CLEAR(f->qualname);
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
    // "ndgpu.ndarray" for "ndarray.sum" in "ndgpu"; the module itself for a function.
    PyObject* where = PyObject_RichCompareBool(f->name, f->qualname, Py_EQ) == 1
                          ? Py_NewRef(f->module)
                          : PyUnicode_FromFormat("%U.%U", f->module, f->qualname);
    if (!where) return nullptr;
    if (where != f->module) {  // drop the trailing ".sum"
      Py_ssize_t dot = PyUnicode_FindChar(where, '.', 0, PyUnicode_GetLength(where), -1);
      Py_SETREF(where, PyUnicode_Substring(where, 0, dot));
      if (!where) return nullptr;
    }
    f->doc = PyObject_CallFunctionObjArgs(doc_hook, f->target, f->name, where, nullptr);
    Py_DECREF(where);
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
  return PyUnicode_FromFormat("<function %U>",
                              reinterpret_cast<DocumentedFunction*>(self)->qualname);
}

// Pickled by name, as functions are: the module's attribute of that (dotted) name.
PyObject* reduce(PyObject* self, PyObject*) {
  return Py_NewRef(reinterpret_cast<DocumentedFunction*>(self)->qualname);
}

// A method read from an instance is bound to it, as a function's is; from the class, it is
// itself. (Calls through `a.sum(...)` skip this: Py_TPFLAGS_METHOD_DESCRIPTOR lets the
// interpreter pass `a` as the first argument.)
PyObject* bind_method(PyObject* self, PyObject* obj, PyObject*) {
  if (!obj || obj == Py_None) return Py_NewRef(self);
  return PyMethod_New(self, obj);
}

// A property: the wrapped one's get and set; from the class, the wrapper itself, so that
// `ndarray.T.__doc__` is ours.
PyObject* property_get(PyObject* self, PyObject* obj, PyObject* type) {
  if (!obj || obj == Py_None) return Py_NewRef(self);
  PyObject* target = reinterpret_cast<DocumentedFunction*>(self)->target;
  return Py_TYPE(target)->tp_descr_get(target, obj, type);
}

int property_set(PyObject* self, PyObject* obj, PyObject* value) {
  PyObject* target = reinterpret_cast<DocumentedFunction*>(self)->target;
  descrsetfunc set = Py_TYPE(target)->tp_descr_set;
  if (!set) {
    PyErr_SetString(PyExc_AttributeError, "readonly attribute");
    return -1;
  }
  return set(target, obj, value);
}

PyObject* target_attribute(PyObject* self, void* name) {
  return PyObject_GetAttrString(reinterpret_cast<DocumentedFunction*>(self)->target,
                                static_cast<const char*>(name));
}

void* field_offset(std::size_t offset) {
  return reinterpret_cast<void*>(offset);
}

enum class Kind { Function, Method, Property };

PyTypeObject* make_type(Kind kind) {
  static PyMemberDef members[] = {{"__vectorcalloffset__", T_PYSSIZET,
                                   offsetof(DocumentedFunction, vectorcall), READONLY, nullptr},
                                  {nullptr, 0, 0, 0, nullptr}};
  static PyMethodDef methods[] = {{"__reduce__", reduce, METH_NOARGS, nullptr},
                                  {nullptr, nullptr, 0, nullptr}};
  // A property's accessors first (for inspect and pydoc): functions and methods start at 2.
  static PyGetSetDef getset[] = {
      {"fget", target_attribute, nullptr, nullptr, const_cast<char*>("fget")},
      {"fset", target_attribute, nullptr, nullptr, const_cast<char*>("fset")},
      {"__doc__", get_doc, nullptr, nullptr, nullptr},
      {"__name__", get_field, nullptr, nullptr, field_offset(offsetof(DocumentedFunction, name))},
      {"__qualname__", get_field, nullptr, nullptr,
       field_offset(offsetof(DocumentedFunction, qualname))},
      {"__module__", get_field, nullptr, nullptr,
       field_offset(offsetof(DocumentedFunction, module))},
      {"__wrapped__", get_field, nullptr, nullptr,
       field_offset(offsetof(DocumentedFunction, target))},
      {nullptr, nullptr, nullptr, nullptr, nullptr}};
  const bool property = kind == Kind::Property;
  std::vector<PyType_Slot> slots = {{Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
                                    {Py_tp_traverse, reinterpret_cast<void*>(traverse)},
                                    {Py_tp_clear, reinterpret_cast<void*>(clear)},
                                    {Py_tp_repr, reinterpret_cast<void*>(repr)},
                                    {Py_tp_getset, property ? getset : getset + 2}};
  unsigned long flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC;
  if (property) {
    slots.push_back({Py_tp_descr_get, reinterpret_cast<void*>(property_get)});
    slots.push_back({Py_tp_descr_set, reinterpret_cast<void*>(property_set)});
  } else {
    slots.push_back({Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)});
    slots.push_back({Py_tp_methods, methods});
    slots.push_back({Py_tp_members, members});
    flags |= Py_TPFLAGS_HAVE_VECTORCALL;
  }
  if (kind == Kind::Method) {
    slots.push_back({Py_tp_descr_get, reinterpret_cast<void*>(bind_method)});
    flags |= Py_TPFLAGS_METHOD_DESCRIPTOR;
  }
  slots.push_back({0, nullptr});
  const char* name = kind == Kind::Function ? "ndgpu._core.function"
                     : kind == Kind::Method ? "ndgpu._core.method"
                                            : "ndgpu._core.documented_property";
  PyType_Spec spec = {name, sizeof(DocumentedFunction), 0, static_cast<unsigned int>(flags),
                      slots.data()};
  return reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
}

PyObject* make(PyTypeObject* type, nb::object target, nb::str name, nb::str qualname,
               nb::str module) {
  auto* f = PyObject_GC_New(DocumentedFunction, type);
  if (!f) throw nb::python_error();
  f->vectorcall = forward;
  f->target = target.release().ptr();
  f->name = name.release().ptr();
  f->qualname = qualname.release().ptr();
  f->module = module.release().ptr();
  f->doc = nullptr;
  PyObject_GC_Track(f);
  return reinterpret_cast<PyObject*>(f);
}

}  // namespace

void bind_documented_functions(nb::module_& m) {
  static PyTypeObject* function = make_type(Kind::Function);
  static PyTypeObject* method = make_type(Kind::Method);
  static PyTypeObject* property = make_type(Kind::Property);
  if (!function || !method || !property) throw nb::python_error();
  m.def(
      "_documented",
      [](nb::object target, nb::str name, nb::str module) {
        nb::str qualname = name;
        return nb::steal(make(function, target, name, qualname, module));
      },
      nb::arg("target"), nb::arg("name"), nb::arg("module"));
  // A class's member: a method (bound to the instance it is read from) or a property.
  m.def(
      "_documented_member",
      [](nb::object target, nb::str name, nb::str qualname, nb::str module, bool is_property) {
        return nb::steal(make(is_property ? property : method, target, name, qualname, module));
      },
      nb::arg("target"), nb::arg("name"), nb::arg("qualname"), nb::arg("module"),
      nb::arg("is_property"));
  m.def("_set_doc_hook", [](nb::object hook) {
    Py_XDECREF(doc_hook);
    doc_hook = hook.release().ptr();
  });
}

}  // namespace ndgpu::py
