// ndgpu.ndarray: attributes, views, copies, indexing and the arithmetic operators.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <array>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/views.hpp"

namespace ndgpu::py {
namespace {

// A key with a list or a NumPy array in it: indices made on the host by this call.
bool index_from_host(nb::handle key) {
  auto host = [](nb::handle h) {
    return !nb::isinstance<NDArray>(h) && PySequence_Check(h.ptr()) && !PyUnicode_Check(h.ptr());
  };
  if (!PyTuple_Check(key.ptr())) return host(key);
  for (nb::handle h : nb::borrow<nb::tuple>(key))
    if (host(h)) return true;
  return false;
}

// A binary operator: NotImplemented for operand types we do not know, so Python can try
// the other side.
nb::object binary(const char* ufunc, const NDArray& self, nb::handle other, bool reflected) {
  auto op = try_operand(other);
  if (!op) return nb::borrow(Py_NotImplemented);
  std::array<Operand, 2> args{reflected ? std::move(*op) : Operand(self),
                              reflected ? Operand(self) : std::move(*op)};
  return wrap_array(std::move(call_ufunc(ufunc, args)[0]));
}

// Two arrays (the common call): by the ufunc's handle, without an operand list.
nb::object binary(const ops::Ufunc& u, const char* ufunc, const NDArray& self, nb::handle other,
                  bool reflected) {
  if (nb::isinstance<NDArray>(other)) {
    const NDArray& o = *nb::inst_ptr<NDArray>(other);
    return wrap_array(reflected ? call_binary(u, o, self) : call_binary(u, self, o));
  }
  return binary(ufunc, self, other, reflected);
}

nb::object inplace(const char* ufunc, nb::handle self_h, nb::handle other) {
  NDArray& self = nb::cast<NDArray&>(self_h);
  auto op = try_operand(other);
  if (!op) return nb::borrow(Py_NotImplemented);
  std::vector<Operand> args{self, *op};
  std::vector<NDArray> out{self};
  call_ufunc(ufunc, args, out);
  return nb::borrow(self_h);
}

template <const char* Name>
nb::object unary(const NDArray& self) {
  static const ops::Ufunc* u = &ufunc_handle(Name);  // looked up once per operator
  return wrap_array(call_unary(*u, self));
}
constexpr char kNegative[] = "negative", kAbsolute[] = "absolute", kInvert[] = "invert",
               kSquare[] = "square";

Shape shape_args(nb::args args) {
  if (args.size() == 1 && !PyLong_Check(args[0].ptr())) return to_shape(args[0]);
  return to_shape(args);
}

// ndarray.flags, as NumPy's and CuPy's: attributes and item access by flag name.
struct Flags {
  bool c_contiguous, f_contiguous, owndata, writeable = true;  // no read-only arrays
  bool get(const std::string& key) const {
    if (key == "C_CONTIGUOUS" || key == "C") return c_contiguous;
    if (key == "F_CONTIGUOUS" || key == "F") return f_contiguous;
    if (key == "OWNDATA" || key == "O") return owndata;
    if (key == "WRITEABLE" || key == "W") return writeable;
    throw nb::key_error(key.c_str());
  }
};

// A 0-d array whose element a Scalar holds exactly and Python takes without NumPy's help.
bool direct_scalar(const NDArray& a) {
  return a.ndim() == 0 && !is_complex(a.dtype()) && a.dtype() != DType::UInt64;
}

// NumPy's ComplexWarning for a cast that drops imaginary parts (an error under -W error).
void warn_complex_discard() {
  nb::object cls = numpy().attr("exceptions").attr("ComplexWarning");
  if (PyErr_WarnEx(cls.ptr(), "Casting complex values to real discards the imaginary part", 1))
    throw nb::python_error();
}

std::string py_bool(bool b) {
  return b ? "True" : "False";
}

}  // namespace

void bind_ndarray(nb::module_& m) {
  nb::class_<Flags>(m, "Flags")
      .def_ro("c_contiguous", &Flags::c_contiguous)
      .def_ro("f_contiguous", &Flags::f_contiguous)
      .def_ro("owndata", &Flags::owndata)
      .def_ro("writeable", &Flags::writeable)
      .def("__getitem__", &Flags::get)
      .def("__repr__", [](const Flags& f) {
        return "  C_CONTIGUOUS : " + py_bool(f.c_contiguous) +
               "\n  F_CONTIGUOUS : " + py_bool(f.f_contiguous) +
               "\n  OWNDATA : " + py_bool(f.owndata) + "\n  WRITEABLE : " + py_bool(f.writeable);
      });
  auto cls = nb::class_<NDArray>(m, "ndarray");
  cls.def(
         "__init__",
         [](NDArray* self, nb::handle shape, nb::handle dtype, nb::handle memptr,
            nb::handle strides, nb::handle order) {
           const DType t = to_dtype_opt(dtype).value_or(DType::Float64);
           if (memptr.is_none()) {
             new (self) NDArray(NDArray::empty(to_shape(shape), t, to_order(order)));
             return;
           }
           std::optional<Strides> st;
           if (!strides.is_none()) {
             std::vector<int64_t> s = to_axes(strides);  // any ints, negative ones too
             st = Strides(s.begin(), s.end());
           }
           new (self) NDArray(array_over_pointer(memptr, to_shape(shape), t, st, to_order(order)));
         },
         nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("memptr").none() = nb::none(),
         nb::arg("strides").none() = nb::none(), nb::arg("order") = nb::none())
      .def_prop_ro("shape", [](const NDArray& a) { return to_tuple(a.shape()); })
      .def_prop_ro("strides", [](const NDArray& a) { return to_tuple(a.strides()); })
      .def_prop_ro("dtype", [](const NDArray& a) { return numpy_dtype(a.dtype()); })
      .def_prop_ro("size", &NDArray::size)
      .def_prop_ro("ndim", &NDArray::ndim)
      .def_prop_ro("nbytes", &NDArray::nbytes)
      .def_prop_ro("itemsize", &NDArray::itemsize)
      .def_prop_ro("device",
                   [](const NDArray& a) {
                     return PyDevice{a.device(), {}};
                   })
      .def_prop_ro("T", [](const NDArray& a) { return a.transpose(); })
      .def_prop_ro("base",
                   [](const NDArray& a) -> nb::object {
                     if (!a.base()) return nb::none();
                     return nb::cast(*a.base());
                   })
      .def_prop_ro("flags",
                   [](const NDArray& a) {
                     return Flags{a.c_contiguous(), a.f_contiguous(), !a.base()};
                   })
      .def_prop_ro("_c_contiguous", &NDArray::c_contiguous)
      .def_prop_ro("_f_contiguous", &NDArray::f_contiguous)
      .def_prop_ro("_owndata", [](const NDArray& a) { return !a.base(); })
      .def_prop_ro("_pointer",
                   [](const NDArray& a) { return reinterpret_cast<uintptr_t>(a.data()); })
      .def_prop_ro("data", [](const NDArray& a) { return memory_pointer(a); })
      .def(
          "set", [](NDArray& a, nb::handle host, nb::handle /*stream*/) { set_from_host(a, host); },
          nb::arg("arr"), nb::arg("stream") = nb::none())
      // stream: the copy is synchronous, so every stream gives the same values.
      .def(
          "get",
          // blocking (CuPy 14): the copy is complete on return either way, which meets both.
          [](const NDArray& a, nb::handle /*stream*/, nb::handle order, nb::handle out,
             bool /*blocking*/) -> nb::object {
            if (!out.is_none()) return get_into(a, out);
            Order keep = a.f_contiguous() && !a.c_contiguous() ? Order::F : Order::C;
            if (order.is_none() || to_order(order, keep) == Order::C) return to_numpy(a);
            return nb::object(to_numpy(a.transpose()).attr("T"));  // C order of a.T: F of a
          },
          nb::arg("stream") = nb::none(), nb::arg("order") = nb::none(),
          nb::arg("out") = nb::none(), nb::arg("blocking") = true)
      .def(
          "copy", [](const NDArray& a, nb::handle order) { return a.copy(to_order(order)); },
          nb::arg("order") = nb::none())
      .def(
          "astype",
          // subok: ndgpu has no ndarray subclasses, so every value gives NumPy's result.
          [](const NDArray& a, nb::handle dtype, nb::handle order, nb::handle casting,
             nb::handle /*subok*/, bool copy) {
            DType to = to_dtype(dtype);
            Casting rule = to_casting(casting, Casting::Unsafe);
            if (is_complex(a.dtype()) && !is_complex(to) && can_cast(a.dtype(), to, rule))
              warn_complex_discard();
            return a.astype(to, copy, to_order_opt(order), rule);
          },
          nb::arg("dtype"), nb::arg("order") = nb::none(), nb::arg("casting") = nb::none(),
          nb::arg("subok") = nb::none(), nb::arg("copy") = true)
      .def("fill", [](NDArray& a, nb::handle v) { fill(a, to_scalar(v)); })
      .def(
          "view",
          [](const NDArray& a, nb::handle dtype, nb::handle /*type*/) {
            // view(ndgpu.ndarray) names the type: ndgpu has no subclasses, a plain view.
            if (dtype.is_none() || dtype.is(nb::type<NDArray>())) return a.view();
            return view_as(a, to_dtype(dtype));
          },
          nb::arg("dtype") = nb::none(), nb::arg("type") = nb::none())
      .def("transpose",
           [](const NDArray& a, nb::args axes) {
             if (axes.size() == 0 || (axes.size() == 1 && axes[0].is_none())) return a.transpose();
             Shape ax = shape_args(axes);
             return a.transpose(ax);
           })
      .def("__len__",
           [](const NDArray& a) {
             if (a.ndim() == 0) throw TypeError("len() of unsized object");
             return a.shape()[0];
           })
      .def("__iter__",
           [](nb::handle self) {  // a[0], a[1], ... lazily, as Python's sequence iterator
             if (nb::cast<const NDArray&>(self).ndim() == 0)
               throw TypeError("iteration over a 0-d array");
             return nb::steal(PySeqIter_New(self.ptr()));
           })
      .def(
          "__getitem__",
          [](const NDArray& a, nb::handle idx) {
            std::vector<IndexItem> items;
            if (to_basic_index(idx, items)) return a.index(items);
            std::vector<Index> full = to_full_index(idx);
            if (!index_from_host(idx)) return getitem(a, full);
            SyncIndexErrors sync;  // x[[0, 9]]: NumPy code expects the IndexError here
            return getitem(a, full);
          },
          nb::arg("key").none())  // x[None] is a new axis
      .def(
          "__setitem__",
          [](NDArray& a, nb::handle idx, nb::handle value) {
            std::vector<Index> items = to_full_index(idx);
            if (!nb::isinstance<NDArray>(value) && PySequence_Check(value.ptr()) &&
                !PyUnicode_Check(value.ptr())) {
              NDArray v = from_numpy(numpy().attr("ascontiguousarray")(value));
              setitem(a, items, v);
              return;
            }
            setitem(a, items, to_operand(value));
          },
          nb::arg("key").none(), nb::arg("value"))
      .def("__repr__", [](const NDArray& a) { return nb::repr(to_numpy(a)); })
      .def("__str__", [](const NDArray& a) { return nb::str(to_numpy(a)); })
      // f"{loss:.4f}" of a 0-d array formats its value; NumPy's rules for the rest.
      .def("__format__",
           [](const NDArray& a, nb::handle spec) { return to_numpy(a).attr("__format__")(spec); })
      // A 0-d real array (float(a[3]), if x.sum() > 0:): its element read directly, no NumPy
      // array; uint64 (beyond int64) and everything else through NumPy.
      .def("__bool__",
           [](const NDArray& a) {
             if (!direct_scalar(a)) return nb::bool_(to_numpy(a));
             Scalar s = item(a);
             return nb::bool_(is_inexact(a.dtype()) ? s.as_double() != 0 : s.as_int64() != 0);
           })
      .def("__int__",
           [](const NDArray& a) -> nb::object {
             if (!direct_scalar(a)) return nb::int_(to_numpy(a));
             Scalar s = item(a);
             if (!is_inexact(a.dtype())) return nb::int_(s.as_int64());
             return nb::int_(nb::float_(s.as_double()));  // Python's errors for NaN and inf
           })
      .def("__float__",
           [](const NDArray& a) {
             if (a.ndim() == 0 && !is_complex(a.dtype())) return nb::float_(item(a).as_double());
             return nb::float_(to_numpy(a));
           })
      .def("__complex__", [](const NDArray& a) { return to_numpy(a).attr("__complex__")(); })
      .def("__index__",
           [](const NDArray& a) {
             if (!is_integer(a.dtype()) || a.size() != 1)
               throw TypeError("only integer scalar arrays can be converted to a scalar index");
             if (direct_scalar(a)) return nb::int_(item(a).as_int64());
             return nb::int_(to_numpy(a));
           })
      .def("__array__",
           [](const NDArray&, nb::args, nb::kwargs) -> nb::object {
             throw TypeError(
                 "Implicit conversion to a NumPy array is not allowed. Please use `.get()` to "
                 "construct a NumPy array explicitly.");
           })
      .def("__neg__", &unary<kNegative>)
      .def("__pos__", [](const NDArray& a) { return a.copy(); })
      .def("__abs__", &unary<kAbsolute>)
      .def("__invert__", &unary<kInvert>);

  struct Op {
    const char* py;
    const char* ufunc;
  };
  // x ** 2 is square(x), as NumPy's fast scalar power makes it: same dtype, exact, and one
  // multiply instead of pow (int 2 on any non-bool array, 2.0 on inexact ones).
  cls.def("__pow__", [](const NDArray& a, nb::handle b) {
    int overflow = 0;  // a huge int is not 2 (and must not leave an error set)
    const bool two_int = PyLong_CheckExact(b.ptr()) &&
                         PyLong_AsLongAndOverflow(b.ptr(), &overflow) == 2 && !overflow;
    const bool two_float = PyFloat_CheckExact(b.ptr()) && PyFloat_AsDouble(b.ptr()) == 2.0;
    if ((two_int && a.dtype() != DType::Bool) || (two_float && is_inexact(a.dtype())))
      return unary<kSquare>(a);
    static const ops::Ufunc* h = &ufunc_handle("power");
    return binary(*h, "power", a, b, false);
  });
  for (Op op :
       {Op{"add", "add"}, Op{"sub", "subtract"}, Op{"mul", "multiply"},
        Op{"truediv", "true_divide"}, Op{"floordiv", "floor_divide"}, Op{"pow", "power"},
        Op{"mod", "remainder"}, Op{"and", "bitwise_and"}, Op{"or", "bitwise_or"},
        Op{"xor", "bitwise_xor"}, Op{"lshift", "left_shift"}, Op{"rshift", "right_shift"}}) {
    std::string name = op.py;
    const char* uf = op.ufunc;
    const ops::Ufunc* h = &ufunc_handle(uf);
    if (name != "pow")  // defined above
      cls.def(("__" + name + "__").c_str(),
              [h, uf](const NDArray& a, nb::handle b) { return binary(*h, uf, a, b, false); });
    cls.def(("__r" + name + "__").c_str(),
            [h, uf](const NDArray& a, nb::handle b) { return binary(*h, uf, a, b, true); });
    cls.def(("__i" + name + "__").c_str(),
            [uf](nb::handle a, nb::handle b) { return inplace(uf, a, b); });
  }
  for (Op op : {Op{"eq", "equal"}, Op{"ne", "not_equal"}, Op{"lt", "less"}, Op{"le", "less_equal"},
                Op{"gt", "greater"}, Op{"ge", "greater_equal"}}) {
    const char* uf = op.ufunc;
    const ops::Ufunc* h = &ufunc_handle(uf);
    const bool eq = std::string_view(op.py) == "eq", ne = std::string_view(op.py) == "ne";
    cls.def(("__" + std::string(op.py) + "__").c_str(),
            [h, uf, eq, ne](const NDArray& a, nb::handle b) -> nb::object {
              if (b.is_none() && (eq || ne))  // x == None: all False elementwise, as NumPy's
                return nb::cast(full(a.shape(), Scalar::py_bool(ne), DType::Bool));
              return binary(*h, uf, a, b, false);
            },
            nb::arg("other").none());
  }
  // NumPy defers to us until ndgpu/_numpy_protocols.py installs CuPy's dispatch at import.
  cls.attr("__array_ufunc__") = nb::none();
  cls.attr("__array_priority__") = 100;
  cls.attr("__hash__") = nb::none();
}

}  // namespace ndgpu::py
