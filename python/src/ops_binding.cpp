// Module functions: creation, transfers, dtype rules and the ufunc objects.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cctype>
#include <string_view>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/special.hpp"
#include "ndgpu/ufunc.hpp"

namespace ndgpu::py {
void raise_interrupted();  // host_hooks_binding.cpp

namespace {

struct PyUfunc {
  std::string name;
  int nin, nout;
  const ops::Ufunc* handle;
};

// u of one or two arrays by its handle, as the operators call it (b unused for one).
NDArray on_arrays(const PyUfunc& u, nb::handle a, nb::handle b, const NDArray* out) {
  const NDArray& x = *nb::inst_ptr<NDArray>(a);
  return u.nin == 1 ? call_unary(*u.handle, x, out)
                    : call_binary(*u.handle, x, *nb::inst_ptr<NDArray>(b), out);
}

// One or two arrays and at most out= (an array).
std::optional<nb::object> call_arrays(const PyUfunc& u, nb::args args, nb::kwargs kw) {
  if (u.nin > 2 || u.nout != 1 || args.size() != size_t(u.nin) || kw.size() > 1)
    return std::nullopt;
  nb::handle out;
  if (kw.size() == 1) {
    out = PyDict_GetItemString(kw.ptr(), "out");  // borrowed
    if (!out.is_valid() || !nb::isinstance<NDArray>(out)) return std::nullopt;
  }
  for (nb::handle a : args)
    if (!nb::isinstance<NDArray>(a)) return std::nullopt;
  NDArray* o = out.is_valid() ? nb::inst_ptr<NDArray>(out) : nullptr;
  NDArray r = on_arrays(u, args[0], u.nin == 2 ? args[1] : nb::handle(), o);
  if (!o) return wrap_array(std::move(r));
  return nb::borrow(out);  // returned as given, as NumPy and CuPy do
}

// A ufunc call's keywords: out= (an array or a tuple), dtype=, casting=, order=, where=,
// subok=.
struct CallKeywords {
  std::vector<NDArray> out;
  nb::object out_obj;  // returned as given, as NumPy and CuPy do (`cp.add(a, b, out=o) is o`)
  std::optional<DType> dtype;
  Casting casting = Casting::SameKind;
  std::optional<NDArray> where;  // nullopt: everywhere (where=True)
  char order = 'K';
};

CallKeywords call_keywords(const PyUfunc& u, nb::kwargs kw) {
  CallKeywords c;
  for (auto [k, v] : kw) {
    std::string_view key = PyUnicode_AsUTF8(k.ptr());  // kwargs keys are always str
    if (key == "out") {
      if (v.is_none()) continue;
      c.out_obj = nb::borrow(v);
      if (PyTuple_Check(v.ptr())) {
        for (nb::handle o : nb::borrow<nb::tuple>(v)) c.out.push_back(nb::cast<NDArray>(o));
      } else {
        if (!nb::isinstance<NDArray>(v)) throw TypeError("return arrays must be of ArrayType");
        c.out.push_back(nb::cast<NDArray>(v));
      }
    } else if (key == "dtype") {
      c.dtype = to_dtype_opt(v);
    } else if (key == "casting") {
      c.casting = to_casting(v, Casting::SameKind);
    } else if (key == "order") {
      if (!v.is_none()) {
        const std::string o = nb::cast<std::string>(v);
        c.order = o.size() == 1 ? char(std::toupper(static_cast<unsigned char>(o[0]))) : '?';
      }
    } else if (key == "where") {
      if (!(PyBool_Check(v.ptr()) && v.ptr() == Py_True)) c.where = as_array(v);
    } else if (key == "subok") {
      continue;  // ndgpu has no ndarray subclasses: every value gives NumPy's result
    } else {
      throw TypeError("'" + std::string(key) + "' is an invalid keyword to ufunc '" + u.name + "'");
    }
  }
  return c;
}

nb::object call_result(std::vector<NDArray>&& res, const CallKeywords& c) {
  if (c.out_obj.is_valid()) {
    if (PyTuple_Check(c.out_obj.ptr()) && nb::len(c.out_obj) == 1) return c.out_obj[0];
    return c.out_obj;
  }
  if (res.size() == 1) return wrap_array(std::move(res[0]));
  return arrays_tuple(res);  // two outputs (divmod, frexp, modf): a tuple, as NumPy
}

nb::object call(const PyUfunc& u, nb::args args, nb::kwargs kw) {
  if (auto r = call_arrays(u, args, kw)) return std::move(*r);
  if (args.size() > size_t(u.nin) && args.size() <= size_t(u.nin + u.nout)) {
    // cp.multiply(a, b, c): outputs given by position, as out= (None: allocated).
    if (kw.contains("out"))
      throw TypeError("cannot specify 'out' as both a positional and keyword argument");
    nb::list ins, outs;
    bool any = false;
    for (size_t k = 0; k < args.size(); ++k) {
      if (k < size_t(u.nin)) {
        ins.append(args[k]);
      } else {
        outs.append(args[k]);
        any = any || !args[k].is_none();
      }
    }
    auto kw2 = nb::steal<nb::kwargs>(PyDict_Copy(kw.ptr()));
    if (any) kw2["out"] = u.nout == 1 ? nb::object(outs[0]) : nb::steal(PyList_AsTuple(outs.ptr()));
    return call(u, nb::steal<nb::args>(PyList_AsTuple(ins.ptr())), kw2);
  }
  for (nb::handle a : args)  // a fusion trace records the call instead (docs/fuse.md)
    if (is_fusion_proxy(a)) return fusion_hook()(u.name, *args, **kw);
  std::vector<Operand> inputs;
  for (nb::handle a : args) inputs.push_back(to_operand(a));
  const CallKeywords c = call_keywords(u, kw);
  return call_result(call_ufunc(u.name, inputs, c.out, c.dtype, c.casting, c.where, c.order), c);
}

// The type's call slot as nanobind made it: __call__, every form of the call.
ternaryfunc general_call = nullptr;

// sin(a) and add(a, b) of arrays straight from the call slot: nanobind's method call (an
// args tuple and a kwargs dict rebuilt) cost ~0.2 µs more than `a + b`'s operator slot.
// Every other call, and every error, goes to __call__, which raises as it always did.
PyObject* ufunc_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  const PyUfunc& u = *nb::inst_ptr<PyUfunc>(self);
  const Py_ssize_t n = PyTuple_GET_SIZE(args);
  bool arrays = (!kwargs || PyDict_GET_SIZE(kwargs) == 0) && u.nout == 1 && n == u.nin && n <= 2;
  for (Py_ssize_t k = 0; arrays && k < n; ++k)
    arrays = nb::isinstance<NDArray>(PyTuple_GET_ITEM(args, k));
  if (arrays) try {
      nb::handle b = n == 2 ? PyTuple_GET_ITEM(args, 1) : nullptr;
      return wrap_array(on_arrays(u, PyTuple_GET_ITEM(args, 0), b, nullptr)).release().ptr();
    } catch (const Interrupted&) {
      raise_interrupted();  // not run again: the user stopped it
      return nullptr;
    } catch (...) {
      // Run again below for nanobind's translation of the error.
    }
  return general_call(self, args, kwargs);
}

nb::object outer(const PyUfunc& u, nb::handle a, nb::handle b, nb::kwargs kw) {
  const CallKeywords c = call_keywords(u, kw);
  return call_result(ufunc_outer(u.name, to_operand(a), to_operand(b), c.out, c.dtype, c.casting),
                     c);
}

// NumPy's own casting exception classes, built as NumPy builds them (they take the ufunc,
// the rule and the dtypes, and format the message themselves).
void translate_casting_error(const std::exception_ptr& p, void*) {
  try {
    std::rethrow_exception(p);
  } catch (const UFuncCastingError& e) {
    static const char* kNames[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
    nb::object ex = nb::module_::import_("numpy._core._exceptions");
    nb::object ufunc = nb::module_::import_("ndgpu._core").attr(e.ufunc.c_str());
    nb::object cls, value;
    if (e.input < 0) {
      cls = ex.attr("_UFuncOutputCastingError");
      value = cls(ufunc, kNames[int(e.casting)], numpy_dtype(e.from), numpy_dtype(e.to), 0);
    } else {
      cls = ex.attr("_UFuncInputCastingError");
      value = cls(ufunc, kNames[int(e.casting)], numpy_dtype(e.from), numpy_dtype(e.to), e.input);
    }
    PyErr_SetObject(cls.ptr(), value.ptr());
  }
}

// divmod(a, b) and divmod(b, a) on an ndarray: the divmod ufunc's two arrays.
nb::object divmod_op(const NDArray& self, nb::handle other, bool reflected) {
  auto op = try_operand(other);
  if (!op) return nb::borrow(Py_NotImplemented);
  std::vector<Operand> args{self, *op};
  if (reflected) std::swap(args[0], args[1]);
  auto r = call_ufunc("divmod", args);
  return nb::make_tuple(wrap_array(std::move(r[0])), wrap_array(std::move(r[1])));
}

PromotionOperand promotion_of(nb::handle h) {
  if (nb::isinstance<NDArray>(h))
    return PromotionOperand::strong(nb::cast<const NDArray&>(h).dtype());
  static nb::object* generic = new nb::object(numpy().attr("generic"));
  if (PyObject_IsInstance(h.ptr(), generic->ptr()) == 1)  // numpy.float64 is a float subclass
    return PromotionOperand::strong(to_dtype(h.attr("dtype")));
  if (PyBool_Check(h.ptr())) return PromotionOperand::scalar(WeakKind::Bool);
  if (PyLong_Check(h.ptr())) return PromotionOperand::scalar(WeakKind::Int);
  if (PyFloat_Check(h.ptr())) return PromotionOperand::scalar(WeakKind::Float);
  if (PyComplex_Check(h.ptr())) return PromotionOperand::scalar(WeakKind::Complex);
  if (nb::hasattr(h, "dtype") && !PyType_Check(h.ptr()))
    return PromotionOperand::strong(to_dtype(h.attr("dtype")));
  return PromotionOperand::strong(to_dtype(h));
}

DType dtype_arg(nb::handle h) {
  if (PyBool_Check(h.ptr()) || PyLong_Check(h.ptr()) || PyFloat_Check(h.ptr()) ||
      PyComplex_Check(h.ptr()))
    throw TypeError(
        "can_cast() does not support Python ints, floats, and complex because the result used "
        "to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly "
        "allow them again in the future.");
  return promotion_of(h).dtype;
}

}  // namespace

void bind_ops(nb::module_& m) {
  m.def("_from_numpy", [](nb::handle a) { return from_numpy(a); });
  // The array itself when it is on the current device (asarray(x) is x, as NumPy and CuPy).
  m.def("_to_current_device", [](nb::handle h) -> nb::object {
    const NDArray& a = nb::cast<const NDArray&>(h);
    if (a.device() == current_device()) return nb::borrow(h);
    return nb::cast(to_current_device(a));
  });
  m.def("_device_of", [](nb::handle device) -> nb::object {  // a `with` for a device= argument
    auto d = to_device_arg(device);
    if (!d) return nb::none();
    return nb::cast(PyDevice{*d, {}});
  });
  m.def(
      "empty",
      [](nb::handle shape, nb::handle dtype, nb::handle order, nb::handle device) {
        OnDevice on(device);
        return empty(to_shape(shape), to_dtype_opt(dtype).value_or(DType::Float64),
                     to_order(order));
      },
      nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order") = nb::none(), nb::kw_only(),
      nb::arg("device").none() = nb::none());
  m.def(
      "zeros",
      [](nb::handle shape, nb::handle dtype, nb::handle order, nb::handle device) {
        OnDevice on(device);
        return zeros(to_shape(shape), to_dtype_opt(dtype).value_or(DType::Float64),
                     to_order(order));
      },
      nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order") = nb::none(), nb::kw_only(),
      nb::arg("device").none() = nb::none());
  m.def(
      "ones",
      [](nb::handle shape, nb::handle dtype, nb::handle order, nb::handle device) {
        OnDevice on(device);
        return ones(to_shape(shape), to_dtype_opt(dtype).value_or(DType::Float64), to_order(order));
      },
      nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order") = nb::none(), nb::kw_only(),
      nb::arg("device").none() = nb::none());
  m.def(
      "full",
      [](nb::handle shape, nb::handle value, nb::handle dtype, nb::handle order,
         nb::handle device) {
        OnDevice on(device);
        return full(to_shape(shape), to_scalar(value), to_dtype_opt(dtype), to_order(order));
      },
      nb::arg("shape"), nb::arg("fill_value"), nb::arg("dtype") = nb::none(),
      nb::arg("order") = nb::none(), nb::kw_only(), nb::arg("device").none() = nb::none());
  m.def(
      "arange",
      [](nb::handle start, nb::handle stop, nb::handle step, nb::handle dtype, nb::handle device) {
        OnDevice on(device);
        if (stop.is_none())
          return arange(Scalar::py_int(0), to_scalar(start),
                        step.is_none() ? Scalar::py_int(1) : to_scalar(step), to_dtype_opt(dtype));
        return arange(to_scalar(start), to_scalar(stop),
                      step.is_none() ? Scalar::py_int(1) : to_scalar(step), to_dtype_opt(dtype));
      },
      nb::arg("start"), nb::arg("stop") = nb::none(), nb::arg("step") = nb::none(),
      nb::arg("dtype") = nb::none(), nb::kw_only(), nb::arg("device").none() = nb::none());
  m.def(
      "eye",
      [](DimInt n, std::optional<DimInt> mm, Int64 k, nb::handle dtype, nb::handle device) {
        OnDevice on(device);
        return eye(n, mm, k, to_dtype_opt(dtype).value_or(DType::Float64));
      },
      nb::arg("N"), nb::arg("M") = nb::none(), nb::arg("k") = 0, nb::arg("dtype") = nb::none(),
      nb::kw_only(), nb::arg("device").none() = nb::none());

  m.def("_set_fusion_proxy",
        [](nb::handle type, nb::handle hook) { set_fusion_proxy(type, hook); });
  m.def("result_type", [](nb::args args) {
    std::vector<PromotionOperand> ops;
    for (nb::handle h : args) ops.push_back(promotion_of(h));
    return numpy_dtype(result_type(ops));
  });
  m.def("promote_types", [](nb::handle a, nb::handle b) {
    return numpy_dtype(promote_types(to_dtype(a), to_dtype(b)));
  });
  m.def(
      "can_cast",
      [](nb::handle from, nb::handle to, const std::string& casting) {
        auto c = casting_from_name(casting);
        if (!c)
          throw ValueError(
              "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
        return can_cast(dtype_arg(from), to_dtype(to), *c);
      },
      nb::arg("from_"), nb::arg("to"), nb::arg("casting") = "safe");

  nb::class_<PyUfunc> ufunc_class(m, "ufunc");
  ufunc_class.def("__call__", &call)
      .def("outer", &outer)
      .def_prop_ro("nin", [](const PyUfunc& u) { return u.nin; })
      .def_prop_ro("nout", [](const PyUfunc& u) { return u.nout; })
      .def_prop_ro("nargs", [](const PyUfunc& u) { return u.nin + u.nout; })
      .def_prop_ro("name", [](const PyUfunc& u) { return u.name; })
      // The type's own __name__ cannot be a property: an instance's is found here instead.
      .def("__getattr__",
           [](const PyUfunc& u, const std::string& attr) -> std::string {
             // true_divide is named divide in NumPy 2 (the table keeps the older name).
             if (attr == "__name__") return u.name == "true_divide" ? "divide" : u.name;
             throw nb::attribute_error(("'ufunc' object has no attribute '" + attr + "'").c_str());
           })
      .def_prop_ro("types", [](const PyUfunc& u) { return ufunc_types(u.name); })
      .def_prop_ro("ntypes", [](const PyUfunc& u) { return ufunc_types(u.name).size(); })
      .def_prop_ro("signature", [](const PyUfunc&) { return nb::none(); })
      .def_prop_ro("identity",
                   [](const PyUfunc& u) -> nb::object {
                     auto id = ufunc_identity(u.name);
                     if (!id) return nb::none();
                     switch (id->weak_kind()) {
                       case WeakKind::Bool:
                         return nb::bool_(id->as_int64() != 0);
                       case WeakKind::Int:
                         return nb::int_(id->as_int64());
                       default:
                         return nb::float_(id->as_double());
                     }
                   })
      // __doc__ is NumPy's own text, read when asked for (ndgpu/_docs.py).
      .def("__repr__", [](const PyUfunc& u) { return "<ufunc '" + u.name + "'>"; });
  nb::register_exception_translator(&translate_casting_error);
  nb::handle cls = nb::type<NDArray>();
  for (bool reflected : {false, true}) {
    const char* name = reflected ? "__rdivmod__" : "__divmod__";
    nb::setattr(cls, name,
                nb::cpp_function([reflected](const NDArray& a,
                                             nb::handle b) { return divmod_op(a, b, reflected); },
                                 nb::is_method(), nb::name(name)));
  }
  auto* ufunc_type = reinterpret_cast<PyTypeObject*>(ufunc_class.ptr());
  general_call = ufunc_type->tp_call;
  ufunc_type->tp_call = ufunc_call;
  // NumPy's ufuncs (and cupyx.rsqrt) are attributes of _core; cupyx.scipy.special's of
  // _core._special (its i0 and gamma are not numpy.i0 and random's gamma).
  nb::module_ special = m.def_submodule("_special", "cupyx.scipy.special's ufuncs");
  for (bool scipy : {false, true}) {
    nb::list names;
    for (const auto& info : list_ufuncs()) {
      if (info.scipy_special != scipy) continue;
      names.append(nb::str(info.name.c_str()));
      (scipy ? special : m).attr(info.name.c_str()) =
          PyUfunc{info.name, info.nin, info.nout, &ufunc_handle(info.name)};
    }
    (scipy ? special : m).attr("_ufunc_names") = nb::cpp_function([names] { return names; });
  }
  auto axes = [](nb::handle axis) -> Axes {
    if (axis.is_none()) return std::nullopt;
    return to_axes(axis);
  };
  special.def(
      "logsumexp",
      [axes](nb::handle a, nb::handle axis, nb::handle b, bool keepdims,
             bool return_sign) -> nb::object {
        std::optional<NDArray> weights;
        if (!b.is_none()) weights = as_array(b);
        if (!return_sign)
          return wrap_array(special::logsumexp(as_array(a), axes(axis), weights, keepdims));
        auto [value, sign] =
            special::logsumexp_with_sign(as_array(a), axes(axis), weights, keepdims);
        return nb::make_tuple(wrap_array(std::move(value)), wrap_array(std::move(sign)));
      },
      nb::arg("a"), nb::arg("axis").none() = nb::none(), nb::arg("b").none() = nb::none(),
      nb::arg("keepdims") = false, nb::arg("return_sign") = false);
  special.def(
      "softmax",
      [axes](nb::handle x, nb::handle axis) {
        return wrap_array(special::softmax(as_array(x), axes(axis)));
      },
      nb::arg("x"), nb::arg("axis").none() = nb::none());
  special.def(
      "multigammaln",
      [](nb::handle a, int64_t d) { return wrap_array(special::multigammaln(as_array(a), d)); },
      nb::arg("a"), nb::arg("d"));
  special.def(
      "log_softmax",
      [axes](nb::handle x, nb::handle axis) {
        return wrap_array(special::log_softmax(as_array(x), axes(axis)));
      },
      nb::arg("x"), nb::arg("axis").none() = nb::none());
}

}  // namespace ndgpu::py
