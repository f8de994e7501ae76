// cp.fuse's C++ side for Python: the trace a proxy value records into (ids of ndgpu::fuse
// nodes) and the compiled function (docs/fuse.md). python/ndgpu/_fusion.py only traces.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <unordered_map>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/fuse.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::py {
namespace {

using fuse::Var;

// None, an int or a sequence of ints.
Axes axes_of(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  if (PyIndex_Check(h.ptr())) return std::vector<int64_t>{to_int64(h)};
  std::vector<int64_t> v;
  for (nb::handle a : h) v.push_back(to_int64(a));
  return v;
}

// Runs `f`; `same[k]` >= 0: output k is that argument (written in place or returned as it
// is), given back as the very object passed. shape 0: the one output; 1: a tuple; -1: None.
nb::object call_function(const fuse::Function& f, nb::handle args, const std::vector<int>& same,
                         int shape) {
  std::vector<Operand> ops;
  ops.reserve(size_t(PyTuple_GET_SIZE(args.ptr())));
  for (nb::handle a : args) ops.push_back(to_operand(a));
  std::vector<NDArray> out = f(ops);
  if (shape < 0) return nb::none();
  auto result = [&](size_t k) {
    return same[k] >= 0 ? nb::borrow(PyTuple_GET_ITEM(args.ptr(), same[k]))
                        : wrap_array(std::move(out[k]));
  };
  if (shape == 0) return result(0);
  nb::list r;
  for (size_t k = 0; k < out.size(); ++k) r.append(result(k));
  return nb::tuple(r);
}

bool any_proxy(std::initializer_list<nb::handle> hs) {
  for (nb::handle h : hs)
    if (is_fusion_proxy(h)) return true;
  return false;
}

std::optional<Operand> bound(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_operand(h);
}

// What a fused function's trace depends on, per argument its kind, dtype and ndim; nullopt
// when no argument is an ndgpu array (the function then runs as it is, as CuPy's).
std::optional<std::string> trace_key(nb::handle args) {
  std::string key;
  bool device = false;
  for (nb::handle a : args) {
    PyObject* p = a.ptr();
    if (nb::isinstance<NDArray>(a)) {
      const NDArray& x = *nb::inst_ptr<NDArray>(a);
      key += char(64 + int(x.dtype()));
      key += char(x.ndim());
      device = true;
    } else if (PyBool_Check(p) || PyLong_Check(p) || PyFloat_Check(p) || PyComplex_Check(p)) {
      key += PyBool_Check(p) ? 'b' : PyLong_Check(p) ? 'i' : PyFloat_Check(p) ? 'f' : 'c';
    } else {
      std::optional<Operand> s = try_operand(a);  // a NumPy scalar: its dtype
      key += s && std::holds_alternative<Scalar>(*s) ? char(32 + int(std::get<Scalar>(*s).dtype()))
                                                     : '?';
    }
  }
  if (!device) return std::nullopt;
  return key;
}

// A Fusion's compiled functions by trace key, looked up and run in one call from Python.
struct FuseCache {
  struct Entry {
    fuse::Function function;
    int shape;              // 0: one array returned, 1: a tuple, -1: None
    std::vector<int> same;  // output_arguments()
  };
  std::unordered_map<std::string, Entry> entries;

  // The result, or NotImplemented when the arguments' key has no function yet.
  nb::object call(nb::args args) {
    std::optional<std::string> key = trace_key(args);
    auto it = key ? entries.find(*key) : entries.end();
    if (it == entries.end()) return nb::borrow(Py_NotImplemented);
    return call_function(it->second.function, args, it->second.same, it->second.shape);
  }
};

}  // namespace

void bind_fuse(nb::module_& m) {
  m.def("_fuse_key", [](nb::args args) { return trace_key(args).has_value(); });
  nb::class_<FuseCache>(m, "_FuseCache")
      .def(nb::init<>())
      .def("__call__", &FuseCache::call)
      .def("__len__", [](const FuseCache& c) { return c.entries.size(); })
      .def("clear", [](FuseCache& c) { c.entries.clear(); })
      .def("add", [](FuseCache& c, nb::tuple args, const fuse::Function& f, int shape) {
        c.entries.insert_or_assign(*trace_key(args),
                                   FuseCache::Entry{f, shape, f.output_arguments()});
      });
  m.def(
      "where",
      [](nb::handle c, nb::handle x, nb::handle y) -> nb::object {
        if (x.is_none() != y.is_none())
          throw ValueError("either both or neither of x and y should be given");
        if (x.is_none()) return arrays_tuple(ndgpu::where(as_array(c)));
        if (any_proxy({c, x, y})) return fusion_hook()("where", c, x, y);
        return wrap_array(ndgpu::where(to_operand(c), to_operand(x), to_operand(y)));
      },
      nb::arg("condition"), nb::arg("x").none() = nb::none(), nb::arg("y").none() = nb::none());
  auto clip = [](nb::handle a, nb::handle lo, nb::handle hi, nb::handle out) -> nb::object {
    if (any_proxy({a, lo, hi}) && out.is_none()) return fusion_hook()("clip", a, lo, hi);
    if (out.is_none()) return wrap_array(ndgpu::clip(to_operand(a), bound(lo), bound(hi)));
    ndgpu::clip(to_operand(a), bound(lo), bound(hi), *to_out(out));
    return nb::borrow(out);
  };
  m.def("clip", clip, nb::arg("a"), nb::arg("a_min").none() = nb::none(),
        nb::arg("a_max").none() = nb::none(), nb::arg("out").none() = nb::none());
  nb::setattr(
      nb::type<NDArray>(), "clip",
      nb::cpp_function(clip, nb::is_method(), nb::name("clip"), nb::arg("min").none() = nb::none(),
                       nb::arg("max").none() = nb::none(), nb::arg("out").none() = nb::none()));
  nb::class_<fuse::Function>(m, "_FusedFunction")
      .def("__call__",
           [](const fuse::Function& f, nb::args args) {
             return call_function(f, args, f.output_arguments(), 1);
           })
      .def_prop_ro("num_args", &fuse::Function::num_args);
  using T = fuse::Trace;
  auto var = [](T& t, int id) { return Var{&t, id}; };
  nb::class_<T>(m, "_FuseTrace")
      .def(nb::init<std::string>())
      .def("array",
           [](T& t, nb::handle dtype, int ndim) { return t.array(to_dtype(dtype), ndim).id; })
      .def("scalar",
           [](T& t, nb::handle value) {
             Scalar s = to_scalar(value);
             return t.scalar(s.dtype(), s.weak()).id;
           })
      .def("constant", [](T& t, nb::handle value) { return t.constant(to_scalar(value)).id; })
      .def(
          "ufunc",
          [var](T& t, const std::string& name, std::vector<int> ids, nb::handle dtype) {
            std::vector<Var> in;
            for (int i : ids) in.push_back(var(t, i));
            std::vector<int> out;
            for (Var v : t.ufunc(name, in, to_dtype_opt(dtype))) out.push_back(v.id);
            return out;
          },
          nb::arg("name"), nb::arg("ids"), nb::arg("dtype").none())
      .def("astype",
           [var](T& t, int x, nb::handle dtype) { return t.astype(var(t, x), to_dtype(dtype)).id; })
      .def("where",
           [var](T& t, int c, int x, int y) { return t.where(var(t, c), var(t, x), var(t, y)).id; })
      .def("clip", [var](T& t, int x, int lo,
                         int hi) { return t.clip(var(t, x), var(t, lo), var(t, hi)).id; })
      .def(
          "index",
          [var](T& t, int x, nb::handle key) { return t.index(var(t, x), to_index(key)).id; },
          nb::arg("x"), nb::arg("key").none())
      .def(
          "reduce",
          [var](T& t, const std::string& name, int x, nb::handle axis, nb::handle dtype,
                bool keepdims) {
            return t.reduce(name, var(t, x), axes_of(axis), to_dtype_opt(dtype), keepdims).id;
          },
          nb::arg("name"), nb::arg("x"), nb::arg("axis").none(), nb::arg("dtype").none(),
          nb::arg("keepdims"))
      .def(
          "norm",
          [var](T& t, int x, nb::handle ord, nb::handle axis, bool keepdims) {
            return t.norm(var(t, x), norm_order(ord), axes_of(axis), keepdims).id;
          },
          nb::arg("x"), nb::arg("ord").none(), nb::arg("axis").none(), nb::arg("keepdims"))
      .def("assign", [var](T& t, int target,
                           int value) { return t.assign(var(t, target), var(t, value)).id; })
      .def("info",
           [var](T& t, int x) {
             Var v = var(t, x);
             return nb::make_tuple(numpy_dtype(v.dtype()), v.ndim(), t.weak(v));
           })
      .def("compile", [var](const T& t, std::vector<int> outputs) {
        std::vector<Var> vs;
        for (int i : outputs) vs.push_back(Var{const_cast<T*>(&t), i});
        return t.compile(vs);
      });
}

}  // namespace ndgpu::py
