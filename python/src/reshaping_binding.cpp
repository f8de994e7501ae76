// The manipulation routines of issue 14's second part (include/ndgpu/manipulation.hpp):
// orders A/K, shape assignment, rot90, roll, pad, insert/delete, copyto, block, ...
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"
#include "ndgpu/manipulation.hpp"

namespace ndgpu::py {
void raise_interrupted();  // host_hooks_binding.cpp

namespace {

AnyOrder to_any_order(nb::handle h, AnyOrder dflt = AnyOrder::C) {
  if (h.is_none()) return dflt;
  std::string s = nb::cast<std::string>(h);
  if (s.size() == 1) switch (std::toupper(s[0])) {
      case 'C':
        return AnyOrder::C;
      case 'F':
        return AnyOrder::F;
      case 'A':
        return AnyOrder::A;
      case 'K':
        return AnyOrder::K;
    }
  throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + s + "')");
}

bool is_int(nb::handle h) {
  return PyLong_Check(h.ptr()) || (PyIndex_Check(h.ptr()) && !PySequence_Check(h.ptr()));
}

AxisList axes_or_empty(nb::handle h) {
  return h.is_none() ? AxisList{} : to_axes(h);
}

// ndarray.reshape through nanobind: every form of the call.
nb::object& reshape_general() {
  static nb::object* f = new nb::object();  // never destroyed: the type outlives exit
  return *f;
}

// a.reshape(10, 100), the common call, without nanobind's general path (an args tuple and a
// kwargs dict per call: 0.77 against a slice's 0.50 µs). Every other form, and every error,
// goes to reshape_general, which raises what it always raised.
PyObject* reshape_fast(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  if (!kwnames && nargs >= 1 && nargs <= 6) {
    Shape shape;
    bool plain = true;
    for (Py_ssize_t k = 0; k < nargs && plain; ++k) {
      int overflow = 0;
      long long v =
          PyLong_CheckExact(args[k]) ? PyLong_AsLongLongAndOverflow(args[k], &overflow) : 0;
      plain = PyLong_CheckExact(args[k]) && !overflow;
      shape.push_back(v);
    }
    if (plain) try {
        NDArray r = reshape(*nb::inst_ptr<NDArray>(self), shape, AnyOrder::C);
        return nb::cast(std::move(r)).release().ptr();
      } catch (const Interrupted&) {
        raise_interrupted();  // a copy the user stopped is not run again
        return nullptr;
      } catch (...) {
        // The general path raises it, translated as every binding's errors are.
      }
  }
  try {
    nb::tuple all = nb::steal<nb::tuple>(PyTuple_New(nargs + 1));
    PyTuple_SET_ITEM(all.ptr(), 0, Py_NewRef(self));
    for (Py_ssize_t k = 0; k < nargs; ++k) PyTuple_SET_ITEM(all.ptr(), k + 1, Py_NewRef(args[k]));
    nb::dict kw;
    for (Py_ssize_t k = 0; kwnames && k < PyTuple_GET_SIZE(kwnames); ++k)
      kw[PyTuple_GET_ITEM(kwnames, k)] = nb::handle(args[nargs + k]);
    return PyObject_Call(reshape_general().ptr(), all.ptr(), kw.ptr());
  } catch (nb::python_error& e) {
    e.restore();
    return nullptr;
  }
}

std::optional<int64_t> opt_axis(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<int64_t>(nb::int_(h));
}

SplitSpec split_spec(nb::handle h) {
  if (is_int(h)) return nb::cast<int64_t>(nb::int_(h));
  return to_axes(h);
}

// numpy's broadcast of a pad argument to (ndim, 2), as np.pad does.
nb::list as_pairs(nb::handle x, int ndim) {
  nb::object arr = numpy().attr("asarray")(x);
  nb::tuple shape = nb::make_tuple(ndim, 2);
  return nb::list(numpy().attr("broadcast_to")(arr, shape).attr("tolist")());
}

std::vector<std::pair<int64_t, int64_t>> int_pairs(nb::handle x, int ndim) {
  nb::object rounded = numpy().attr("round")(numpy().attr("asarray")(x));
  std::vector<std::pair<int64_t, int64_t>> out;
  for (nb::handle p : as_pairs(rounded.attr("astype")("int64"), ndim))
    out.push_back({nb::cast<int64_t>(p[0]), nb::cast<int64_t>(p[1])});
  return out;
}

NDArray pad_any(nb::handle array, nb::handle pad_width, nb::handle mode, nb::kwargs kw) {
  NDArray a = as_array(array);
  if (PyCallable_Check(mode.ptr()))
    throw NotImplementedError("pad with a function as mode is not implemented");
  std::string m = nb::cast<std::string>(mode);
  static const std::vector<std::pair<std::string, PadMode>> kModes{
      {"constant", PadMode::Constant},
      {"edge", PadMode::Edge},
      {"linear_ramp", PadMode::LinearRamp},
      {"maximum", PadMode::Maximum},
      {"minimum", PadMode::Minimum},
      {"mean", PadMode::Mean},
      {"median", PadMode::Median},
      {"reflect", PadMode::Reflect},
      {"symmetric", PadMode::Symmetric},
      {"wrap", PadMode::Wrap},
      {"empty", PadMode::Empty}};
  PadOptions o;
  auto it = std::find_if(kModes.begin(), kModes.end(), [&](auto& p) { return p.first == m; });
  if (it == kModes.end()) throw ValueError("mode '" + m + "' is not supported");
  o.mode = it->second;
  const char* allowed = "";
  if (o.mode == PadMode::Constant) allowed = "constant_values";
  if (o.mode == PadMode::LinearRamp) allowed = "end_values";
  if (o.mode == PadMode::Maximum || o.mode == PadMode::Minimum || o.mode == PadMode::Mean ||
      o.mode == PadMode::Median)
    allowed = "stat_length";
  if (o.mode == PadMode::Reflect || o.mode == PadMode::Symmetric) allowed = "reflect_type";
  for (auto [k, v] : kw) {
    std::string key = nb::cast<std::string>(k);
    if (key != allowed)
      throw ValueError("unsupported keyword arguments for mode '" + m + "': {'" + key + "'}");
    if (key == "constant_values" || key == "end_values")
      for (nb::handle p : as_pairs(v, a.ndim()))
        o.values.push_back({to_scalar(p[0]), to_scalar(p[1])});
    if (key == "stat_length" && !v.is_none()) o.stat_length = int_pairs(v, a.ndim());
    if (key == "reflect_type") {
      std::string t = nb::cast<std::string>(v);
      if (t != "even" && t != "odd") throw ValueError("reflect_type must be 'even' or 'odd'");
      o.odd_reflect = t == "odd";
    }
  }
  return pad(a, int_pairs(pad_width, a.ndim()), o);
}

// insert/delete's `obj`: a slice or a sequence of indices, or an int (scalar_index).
AxisList positions(nb::handle obj, const NDArray& arr, nb::handle axis, bool& scalar) {
  int64_t n = axis.is_none()
                  ? arr.size()
                  : arr.shape()[size_t(normalize_axis(nb::cast<int64_t>(axis), arr.ndim()))];
  scalar = is_int(obj);
  if (PySlice_Check(obj.ptr())) {
    nb::tuple r = nb::cast<nb::tuple>(obj.attr("indices")(n));
    return to_axes(nb::module_::import_("builtins").attr("range")(r[0], r[1], r[2]));
  }
  if (scalar) return AxisList{nb::cast<int64_t>(nb::int_(obj))};
  nb::object host = nb::isinstance<NDArray>(obj) ? to_numpy(nb::cast<NDArray>(obj))
                                                 : numpy().attr("asarray")(obj);
  if (nb::cast<int>(host.attr("ndim")) > 1)
    throw ValueError("index array argument obj to insert must be one dimensional or scalar");
  std::string kind = nb::cast<std::string>(host.attr("dtype").attr("kind"));
  if (nb::cast<int64_t>(host.attr("size")) > 0 && kind != "i" && kind != "u" && kind != "b")
    throw IndexError("arrays used as indices must be of integer (or boolean) type");
  if (nb::cast<int64_t>(host.attr("ndim")) == 0) scalar = true;
  return to_axes(host.attr("astype")("int64").attr("ravel")());
}

BlockList to_block(nb::handle h) {
  if (PyTuple_Check(h.ptr()))
    throw TypeError(
        "arrays is a tuple. Only lists can be used to arrange blocks, and np.block does not "
        "allow implicit conversion from tuple to ndarray.");
  if (PyList_Check(h.ptr())) {
    std::vector<BlockList> items;
    for (nb::handle x : h) items.push_back(to_block(x));
    return BlockList{std::move(items)};
  }
  return BlockList{as_array(h)};
}

Requirements to_requirements(nb::handle h) {
  Requirements r;
  if (h.is_none()) return r;
  for (nb::handle x : h) {  // a string counts as its letters, as NumPy's
    std::string s = nb::cast<std::string>(x);
    for (auto& c : s) c = char(std::toupper(c));
    if (s == "C" || s == "C_CONTIGUOUS" || s == "CONTIGUOUS")
      r.c_contiguous = true;
    else if (s == "F" || s == "F_CONTIGUOUS" || s == "FORTRAN")
      r.f_contiguous = true;
    else if (s == "O" || s == "OWNDATA")
      r.owndata = true;
    else if (s != "A" && s != "ALIGNED" && s != "W" && s != "WRITEABLE" && s != "E" &&
             s != "ENSUREARRAY")
      throw nb::key_error(s.c_str());
  }
  return r;
}

// `r`, or the Python object `in` itself when `r` is that very array (NumPy returns its
// argument when nothing needed changing).
nb::object same_or_new(nb::handle in, NDArray&& r) {
  if (nb::isinstance<NDArray>(in)) {
    const NDArray& a = nb::cast<const NDArray&>(in);
    if (a.storage() == r.storage() && a.offset() == r.offset() && a.shape() == r.shape() &&
        a.strides() == r.strides() && a.dtype() == r.dtype())
      return nb::borrow(in);
  }
  return nb::cast(std::move(r));
}

// np.broadcast's result, as CuPy's: the broadcast shape and the broadcast views.
struct Broadcast {
  std::vector<NDArray> values;
  Shape shape;
};

}  // namespace

void bind_reshaping(nb::module_& m) {
  m.def(
      "reshape",
      [](nb::handle a, nb::handle shape, nb::handle order) {
        return reshape(as_array(a), to_shape(shape), to_any_order(order));
      },
      nb::arg("a"), nb::arg("shape"), nb::arg("order").none() = "C");
  m.def(
      "ravel",
      [](nb::handle a, nb::handle order) { return ravel(as_array(a), to_any_order(order)); },
      nb::arg("a"), nb::arg("order").none() = "C");
  m.def("atleast_3d", [](nb::args args) {
    std::vector<NDArray> v;
    for (nb::handle h : args) v.push_back(atleast_3d(as_array(h)));
    return v.size() == 1 ? nb::cast(v[0]) : nb::object(arrays_tuple(v));
  });
  m.def("permute_dims",
        [](nb::handle a, nb::handle axes) { return permute_dims(as_array(a), to_axes(axes)); });
  m.def(
      "rollaxis",
      [](nb::handle a, Int64 axis, Int64 start) { return rollaxis(as_array(a), axis, start); },
      nb::arg("a"), nb::arg("axis"), nb::arg("start") = 0);
  m.def("matrix_transpose", [](nb::handle x) { return matrix_transpose(as_array(x)); });
  m.def(
      "rot90",
      [](nb::handle a, Int64 k, nb::handle axes) { return rot90(as_array(a), k, to_axes(axes)); },
      nb::arg("m"), nb::arg("k") = 1, nb::arg("axes") = nb::make_tuple(0, 1));
  m.def("dstack", [](nb::handle tup) {
    std::vector<NDArray> v;
    for (nb::handle h : tup) v.push_back(as_array(h));
    return dstack(v);
  });
  m.def(
      "unstack", [](nb::handle x, Int64 axis) { return arrays_tuple(unstack(as_array(x), axis)); },
      nb::arg("x"), nb::kw_only(), nb::arg("axis") = 0);
  m.def("block", [](nb::handle arrays) { return block(to_block(arrays)); });
  m.def("hsplit", [](nb::handle a, nb::handle s) { return hsplit(as_array(a), split_spec(s)); });
  m.def("vsplit", [](nb::handle a, nb::handle s) { return vsplit(as_array(a), split_spec(s)); });
  m.def("dsplit", [](nb::handle a, nb::handle s) { return dsplit(as_array(a), split_spec(s)); });
  m.def("broadcast_shapes", [](nb::args args) {
    std::vector<Shape> shapes;
    for (nb::handle h : args) shapes.push_back(to_shape(h));
    return to_tuple(broadcast_shapes(shapes));
  });
  nb::class_<Broadcast>(m, "broadcast")
      .def("__init__",
           [](Broadcast* self, nb::args args) {
             std::vector<NDArray> in;
             for (nb::handle h : args) in.push_back(as_array(h));
             std::vector<NDArray> v = broadcast_arrays(in);
             Shape s = v.empty() ? Shape{} : v[0].shape();
             new (self) Broadcast{std::move(v), std::move(s)};
           })
      .def_prop_ro("shape", [](const Broadcast& b) { return to_tuple(b.shape); })
      .def_prop_ro("size", [](const Broadcast& b) { return shape_size(b.shape); })
      .def_prop_ro("ndim", [](const Broadcast& b) { return b.shape.size(); })
      .def_prop_ro("nd", [](const Broadcast& b) { return b.shape.size(); })
      .def_prop_ro("numiter", [](const Broadcast& b) { return b.values.size(); })
      .def_prop_ro("values", [](const Broadcast& b) { return arrays_tuple(b.values); });
  m.def(
      "roll",
      [](nb::handle a, nb::handle shift, nb::handle axis) {
        return roll(as_array(a), to_axes(shift), axes_or_empty(axis));
      },
      nb::arg("a"), nb::arg("shift"), nb::arg("axis").none() = nb::none());
  m.def(
      "append",
      [](nb::handle a, nb::handle values, nb::handle axis) {
        return append(as_array(a), as_array(values), opt_axis(axis));
      },
      nb::arg("arr"), nb::arg("values"), nb::arg("axis").none() = nb::none());
  m.def(
      "insert",
      [](nb::handle a, nb::handle obj, nb::handle values, nb::handle axis) {
        NDArray arr = as_array(a);
        bool scalar = false;
        AxisList pos = positions(obj, arr, axis, scalar);
        return insert(arr, pos, as_array(values), opt_axis(axis), scalar);
      },
      nb::arg("arr"), nb::arg("obj"), nb::arg("values"), nb::arg("axis").none() = nb::none());
  m.def(
      "delete",
      [](nb::handle a, nb::handle obj, nb::handle axis) {
        NDArray arr = as_array(a);
        bool is_mask = nb::isinstance<NDArray>(obj) ? nb::cast<NDArray>(obj).dtype() == DType::Bool
                       : PySequence_Check(obj.ptr())
                           ? nb::cast<std::string>(
                                 numpy().attr("asarray")(obj).attr("dtype").attr("kind")) == "b"
                           : false;
        if (is_mask) return delete_mask(arr, as_array(obj), opt_axis(axis));
        bool scalar = false;
        return delete_(arr, positions(obj, arr, axis, scalar), opt_axis(axis));
      },
      nb::arg("arr"), nb::arg("obj"), nb::arg("axis").none() = nb::none());
  m.def(
      "resize", [](nb::handle a, nb::handle shape) { return resize(as_array(a), to_shape(shape)); },
      nb::arg("a"), nb::arg("new_shape"));
  m.def(
      "trim_zeros",
      [](nb::handle filt, const std::string& trim, nb::handle axis) {
        return trim_zeros(as_array(filt), trim, axes_or_empty(axis));
      },
      nb::arg("filt"), nb::arg("trim") = "fb", nb::arg("axis").none() = nb::none());
  m.def(
      "packbits",
      [](nb::handle a, nb::handle axis, const std::string& bitorder) {
        return packbits(as_array(a), opt_axis(axis), bitorder);
      },
      nb::arg("a"), nb::arg("axis").none() = nb::none(), nb::arg("bitorder") = "big");
  m.def(
      "unpackbits",
      [](nb::handle a, nb::handle axis, std::optional<Int64> count, const std::string& bitorder) {
        return unpackbits(as_array(a), opt_axis(axis),
                          count ? std::optional<int64_t>(int64_t(*count)) : std::nullopt, bitorder);
      },
      nb::arg("a"), nb::arg("axis").none() = nb::none(), nb::arg("count").none() = nb::none(),
      nb::arg("bitorder") = "big");
  m.def("pad", &pad_any, nb::arg("array"), nb::arg("pad_width"), nb::arg("mode") = "constant",
        nb::arg("kwargs"));
  m.def(
      "copyto",
      [](NDArray& dst, nb::handle src, nb::handle casting, nb::handle where) {
        std::optional<NDArray> w;
        bool all_true = nb::isinstance<nb::bool_>(where) && nb::cast<bool>(where);
        if (!all_true) w = as_array(where);
        NDArray s = as_array(src);
        copyto(dst, s, to_casting(casting, Casting::SameKind), w);
      },
      nb::arg("dst"), nb::arg("src"), nb::arg("casting") = "same_kind", nb::arg("where") = true);
  m.def(
      "require",
      [](nb::handle a, nb::handle dtype, nb::handle req) {
        return same_or_new(a, require(as_array(a), to_dtype_opt(dtype), to_requirements(req)));
      },
      nb::arg("a"), nb::arg("dtype").none() = nb::none(),
      nb::arg("requirements").none() = nb::none());
  m.def(
      "asarray_chkfinite",
      [](nb::handle a, nb::handle dtype, nb::handle /*order*/) {
        return same_or_new(a, asarray_chkfinite(as_array(a), to_dtype_opt(dtype)));
      },
      nb::arg("a"), nb::arg("dtype").none() = nb::none(), nb::arg("order").none() = nb::none());
  m.def(
      "asfortranarray",
      [](nb::handle a, nb::handle dtype) {
        return same_or_new(a, asfortranarray(as_array(a), to_dtype_opt(dtype)));
      },
      nb::arg("a"), nb::arg("dtype").none() = nb::none());

  nb::object nd = m.attr("ndarray");
  reshape_general() = nb::cpp_function(
      [](const NDArray& a, nb::args shape, nb::kwargs kw) {
        for (auto [k, v] : kw)
          if (nb::cast<std::string>(k) != "order")
            throw TypeError("'" + nb::cast<std::string>(k) +
                            "' is an invalid keyword argument for this function");
        if (shape.size() == 0) throw TypeError("reshape() takes exactly 1 argument (0 given)");
        AnyOrder order = kw.contains("order") ? to_any_order(kw["order"]) : AnyOrder::C;
        bool one = shape.size() == 1 && !is_int(shape[0]);
        return reshape(a, one ? to_shape(shape[0]) : to_shape(shape), order);
      },
      nb::is_method());
  static PyMethodDef reshape_def = {"reshape", (PyCFunction)(void (*)())reshape_fast,
                                    METH_FASTCALL | METH_KEYWORDS,
                                    "reshape($self, /, *shape, order='C')\n--\n\n"
                                    "A view of the array with a new shape (a copy when "
                                    "its strides cannot give one)."};
  nb::handle type = nd;
  nd.attr("reshape") = nb::steal(PyDescr_NewMethod((PyTypeObject*)type.ptr(), &reshape_def));
  nd.attr("ravel") = nb::cpp_function(
      [](const NDArray& a, nb::handle order) { return ravel(a, to_any_order(order)); },
      nb::is_method(), nb::arg("order").none() = "C");
  nd.attr("flatten") = nb::cpp_function(
      [](const NDArray& a, nb::handle order) { return flatten(a, to_any_order(order)); },
      nb::is_method(), nb::arg("order").none() = "C");
  nd.attr("resize") = nb::cpp_function(
      [](NDArray& a, nb::args shape, nb::kwargs) {
        bool one = shape.size() == 1 && !is_int(shape[0]);
        resize_in_place(a, one ? to_shape(shape[0]) : to_shape(shape));
      },
      nb::is_method());
  nb::object property = nb::module_::import_("builtins").attr("property");
  nd.attr("mT") = property(nb::cpp_function([](const NDArray& a) { return matrix_transpose(a); }));
  nd.attr("shape") =
      property(nb::cpp_function([](const NDArray& a) { return to_tuple(a.shape()); }),
               nb::cpp_function([](NDArray& a, nb::handle shape) {
                 if (!set_shape(a, to_shape(shape)))
                   throw nb::attribute_error(
                       "Incompatible shape for in-place modification. Use `.reshape()` to make "
                       "a copy with the desired shape.");
               }));
}

}  // namespace ndgpu::py
