// Reductions for Python: ReductionKernel, the reduction and scan functions, linalg.norm, and
// the ndarray methods of the same names (added onto the existing ndarray class).
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string_view>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reduction_kernel.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu::py {
namespace {

// axis: None, an int or a tuple of ints.
std::optional<std::vector<int64_t>> to_axes(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  if (PyLong_Check(h.ptr())) return std::vector<int64_t>{to_int64(h)};
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    std::vector<int64_t> v;
    for (nb::handle a : h) v.push_back(to_int64(a));
    return v;
  }
  if (PyIndex_Check(h.ptr())) return std::vector<int64_t>{to_int64(h)};
  throw TypeError("'" + std::string(nb::str(h.type()).c_str()) +
                  "' object cannot be interpreted as an integer");
}

}  // namespace

linalg::NormOrder norm_order(nb::handle ord) {
  linalg::NormOrder o;
  if (!ord.is_none()) {
    if (PyUnicode_Check(ord.ptr())) {
      std::string s = nb::cast<std::string>(ord);
      if (s == "fro")
        o.kind = linalg::NormOrder::Fro;
      else if (s == "nuc")
        o.kind = linalg::NormOrder::Nuc;
      else
        throw ValueError("Invalid norm order '" + s + "'");
    } else {
      o.kind = linalg::NormOrder::Number;
      o.p = nb::cast<double>(nb::float_(ord));
    }
  }
  return o;
}

namespace {

bool is_numpy_array(nb::handle h) {
  return std::string_view(Py_TYPE(h.ptr())->tp_name) == "numpy.ndarray";
}

NDArray to_array(nb::handle h) {
  NDArray holder;
  return array_arg(h, holder);
}

void bind_reduction_kernel(nb::module_& m) {
  nb::class_<ReductionKernel>(m, "ReductionKernel")
      .def(
          "__init__",
          [](ReductionKernel* self, const std::string& in_params, const std::string& out_params,
             const std::string& map_expr, const std::string& reduce_expr,
             const std::string& post_map_expr, nb::handle identity, const std::string& name,
             nb::handle reduce_type, bool reduce_dims, const std::string& preamble,
             std::vector<std::string> options) {
            std::string id = identity.is_none() ? "" : std::string(nb::str(identity).c_str());
            std::string rt = reduce_type.is_none() ? "" : std::string(nb::str(reduce_type).c_str());
            new (self) ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr,
                                       id, name, rt, reduce_dims, preamble, std::move(options));
          },
          nb::arg("in_params"), nb::arg("out_params"), nb::arg("map_expr"), nb::arg("reduce_expr"),
          nb::arg("post_map_expr"), nb::arg("identity").none(), nb::arg("name") = "reduce_kernel",
          nb::arg("reduce_type") = nb::none(), nb::arg("reduce_dims") = true,
          nb::arg("preamble") = "", nb::arg("options") = std::vector<std::string>{})
      .def_prop_ro("nin", &ReductionKernel::nin)
      .def_prop_ro("nout", &ReductionKernel::nout)
      .def_prop_ro("nargs", [](const ReductionKernel& k) { return k.nin() + k.nout(); })
      .def_prop_ro("name", &ReductionKernel::name)
      .def("__call__", [](const ReductionKernel& k, nb::args args, nb::kwargs kw) -> nb::object {
        std::vector<Operand> ops;
        ops.reserve(args.size() + 1);
        for (nb::handle a : args) ops.push_back(to_operand(a));
        std::optional<std::vector<int64_t>> axis;
        bool keepdims = false;
        for (auto [key, v] : kw) {
          std::string name = nb::cast<std::string>(key);
          if (name == "axis")
            axis = to_axes(v);
          else if (name == "keepdims")
            keepdims = nb::cast<bool>(v);
          else if (name == "out") {
            if (!v.is_none()) ops.push_back(to_operand(v));
          } else if (name != "stream" && name != "reduce_dims") {
            throw TypeError("Wrong arguments " + name);
          }
        }
        auto outs = k(ops, axis, keepdims);
        if (outs.size() == 1) return nb::cast(outs[0]);
        return nb::cast(outs);
      });
}

// One axis or None (argmax, scans).
std::optional<int64_t> to_axis(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_int64(h);
}

// where= and initial= (None when not given) as reduce_with's extras; nullopt when neither.
std::optional<ReduceExtras> extras_of(nb::handle where, nb::handle initial) {
  if (where.is_none() && initial.is_none()) return std::nullopt;
  ReduceExtras e;
  if (!where.is_none()) e.where = to_array(where).astype(DType::Bool, false);
  if (!initial.is_none()) e.initial = to_scalar(initial);
  return e;
}

void reject_extras_in_fusion(nb::handle where, nb::handle initial) {
  if (!where.is_none() || !initial.is_none())
    throw NotImplementedError("where= and initial= of a reduction inside cp.fuse");
}

using SumFn = NDArray (*)(const NDArray&, const Axes&, OptDType, const OptArray&, bool);
using PlainFn = NDArray (*)(const NDArray&, const Axes&, const OptArray&, bool);
using ArgFn = NDArray (*)(const NDArray&, std::optional<int64_t>, const OptArray&, bool);
using MomFn = NDArray (*)(const NDArray&, const Axes&, OptDType, const OptArray&, double, bool);
using ScanFn = NDArray (*)(const NDArray&, std::optional<int64_t>, OptDType, const OptArray&);

void bind_functions(nb::module_& m) {
  nb::handle cls = nb::type<NDArray>();
  struct SumDef {
    const char* name;
    SumFn fn;
    bool method;
  };
  for (SumDef d : {SumDef{"sum", &sum, true}, SumDef{"prod", &prod, true},
                   SumDef{"nansum", &nansum, false}, SumDef{"nanprod", &nanprod, false},
                   SumDef{"mean", &mean, true}, SumDef{"nanmean", &nanmean, false}}) {
    SumFn fn = d.fn;
    const char* name = d.name;
    auto g = [fn, name](const NDArray& a, nb::handle axis, nb::handle dtype, nb::handle out,
                        bool keepdims, nb::handle where, nb::handle initial) {
      if (auto e = extras_of(where, initial))
        return result(
            reduce_with(name, a, to_axes(axis), to_dtype_opt(dtype), to_out(out), keepdims, *e),
            out);
      return result(fn(a, to_axes(axis), to_dtype_opt(dtype), to_out(out), keepdims), out);
    };
    const bool method = d.method;
    auto f = [g, name, method](nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out,
                               bool keepdims, nb::handle where, nb::handle initial) -> nb::object {
      if (is_fusion_proxy(a)) {  // recorded by a fusion trace (python/ndgpu/_fusion.py)
        reject_extras_in_fusion(where, initial);
        return fusion_hook()(name, a, nb::arg("axis") = axis, nb::arg("dtype") = dtype,
                             nb::arg("out") = out, nb::arg("keepdims") = keepdims);
      }
      if (method && is_numpy_array(a) && where.is_none() && initial.is_none())
        return a.attr(name)(nb::arg("axis") = axis, nb::arg("dtype") = dtype, nb::arg("out") = out,
                            nb::arg("keepdims") = keepdims);  // CuPy's: the array's own method
      NDArray holder;
      return g(array_arg(a, holder), axis, dtype, out, keepdims, where, initial);
    };
    m.def(d.name, f, nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("dtype") = nb::none(),
          nb::arg("out") = nb::none(), nb::arg("keepdims") = false, nb::kw_only(),
          nb::arg("where").none() = nb::none(), nb::arg("initial").none() = nb::none());
    if (d.method)
      nb::setattr(cls, d.name,
                  nb::cpp_function(g, nb::is_method(), nb::name(d.name),
                                   nb::arg("axis") = nb::none(), nb::arg("dtype") = nb::none(),
                                   nb::arg("out") = nb::none(), nb::arg("keepdims") = false,
                                   nb::kw_only(), nb::arg("where").none() = nb::none(),
                                   nb::arg("initial").none() = nb::none()));
  }
  struct PlainDef {
    const char* name;
    PlainFn fn;
    const char* method;
  };
  for (PlainDef d :
       {PlainDef{"amax", &amax, "max"}, PlainDef{"amin", &amin, "min"},
        PlainDef{"max", &amax, nullptr}, PlainDef{"min", &amin, nullptr},
        PlainDef{"nanmax", &nanmax, nullptr}, PlainDef{"nanmin", &nanmin, nullptr},
        PlainDef{"ptp", &ptp, "ptp"}, PlainDef{"any", &any, "any"}, PlainDef{"all", &all, "all"}}) {
    PlainFn fn = d.fn;
    const char* name = d.name;
    auto g = [fn, name](const NDArray& a, nb::handle axis, nb::handle out, bool keepdims,
                        nb::handle where, nb::handle initial) {
      if (auto e = extras_of(where, initial))
        return result(reduce_with(name, a, to_axes(axis), {}, to_out(out), keepdims, *e), out);
      return result(fn(a, to_axes(axis), to_out(out), keepdims), out);
    };
    // The NumPy method CuPy's function calls on a NumPy array, if there is one.
    const char* method = d.method && std::string_view(d.method) != "ptp" ? d.method
                         : std::string_view(name) == "max" || std::string_view(name) == "min"
                             ? name
                             : nullptr;
    auto f = [g, name, method](nb::handle a, nb::handle axis, nb::handle out, bool keepdims,
                               nb::handle where, nb::handle initial) -> nb::object {
      if (is_fusion_proxy(a)) {
        reject_extras_in_fusion(where, initial);
        return fusion_hook()(name, a, nb::arg("axis") = axis, nb::arg("out") = out,
                             nb::arg("keepdims") = keepdims);
      }
      if (method && is_numpy_array(a) && where.is_none() && initial.is_none())
        return a.attr(method)(nb::arg("axis") = axis, nb::arg("out") = out,
                              nb::arg("keepdims") = keepdims);
      NDArray holder;
      return g(array_arg(a, holder), axis, out, keepdims, where, initial);
    };
    m.def(d.name, f, nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("out") = nb::none(),
          nb::arg("keepdims") = false, nb::kw_only(), nb::arg("where").none() = nb::none(),
          nb::arg("initial").none() = nb::none());
    if (d.method)
      nb::setattr(
          cls, d.method,
          nb::cpp_function(g, nb::is_method(), nb::name(d.method), nb::arg("axis") = nb::none(),
                           nb::arg("out") = nb::none(), nb::arg("keepdims") = false, nb::kw_only(),
                           nb::arg("where").none() = nb::none(),
                           nb::arg("initial").none() = nb::none()));
  }
  struct ArgDef {
    const char* name;
    ArgFn fn;
    bool method;
  };
  for (ArgDef d :
       {ArgDef{"argmax", &argmax, true}, ArgDef{"argmin", &argmin, true},
        ArgDef{"nanargmax", &nanargmax, false}, ArgDef{"nanargmin", &nanargmin, false}}) {
    ArgFn fn = d.fn;
    auto f = [fn](nb::handle a, nb::handle axis, nb::handle out, bool keepdims) {
      return result(fn(to_array(a), to_axis(axis), to_out(out), keepdims), out);
    };
    m.def(d.name, f, nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("out") = nb::none(),
          nb::arg("keepdims") = false);
    if (d.method)
      nb::setattr(
          cls, d.name,
          nb::cpp_function(f, nb::is_method(), nb::name(d.name), nb::arg("axis") = nb::none(),
                           nb::arg("out") = nb::none(), nb::arg("keepdims") = false));
  }
  struct MomDef {
    const char* name;
    MomFn fn;
    bool method;
  };
  for (MomDef d : {MomDef{"var", &var, true}, MomDef{"std", &stddev, true},
                   MomDef{"nanvar", &nanvar, false}, MomDef{"nanstd", &nanstd, false}}) {
    MomFn fn = d.fn;
    const char* name = d.name;
    auto f = [fn, name](nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out,
                        double ddof, bool keepdims, nb::handle where) {
      if (!where.is_none())
        return result(reduce_with(name, to_array(a), to_axes(axis), to_dtype_opt(dtype),
                                  to_out(out), keepdims, *extras_of(where, nb::none()), ddof),
                      out);
      return result(
          fn(to_array(a), to_axes(axis), to_dtype_opt(dtype), to_out(out), ddof, keepdims), out);
    };
    m.def(d.name, f, nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("dtype") = nb::none(),
          nb::arg("out") = nb::none(), nb::arg("ddof") = 0, nb::arg("keepdims") = false,
          nb::kw_only(), nb::arg("where").none() = nb::none());
    if (d.method)
      nb::setattr(
          cls, d.name,
          nb::cpp_function(f, nb::is_method(), nb::name(d.name), nb::arg("axis") = nb::none(),
                           nb::arg("dtype") = nb::none(), nb::arg("out") = nb::none(),
                           nb::arg("ddof") = 0, nb::arg("keepdims") = false, nb::kw_only(),
                           nb::arg("where").none() = nb::none()));
  }
  struct ScanDef {
    const char* name;
    ScanFn fn;
    bool method;
  };
  for (ScanDef d :
       {ScanDef{"cumsum", &cumsum, true}, ScanDef{"cumprod", &cumprod, true},
        ScanDef{"nancumsum", &nancumsum, false}, ScanDef{"nancumprod", &nancumprod, false}}) {
    ScanFn fn = d.fn;
    auto f = [fn](nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out) {
      return result(fn(to_array(a), to_axis(axis), to_dtype_opt(dtype), to_out(out)), out);
    };
    m.def(d.name, f, nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("dtype") = nb::none(),
          nb::arg("out") = nb::none());
    if (d.method)
      nb::setattr(
          cls, d.name,
          nb::cpp_function(f, nb::is_method(), nb::name(d.name), nb::arg("axis") = nb::none(),
                           nb::arg("dtype") = nb::none(), nb::arg("out") = nb::none()));
  }
  m.def(
      "count_nonzero",
      [](nb::handle a, nb::handle axis, bool keepdims) {
        return count_nonzero(to_array(a), to_axes(axis), keepdims);
      },
      nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("keepdims") = false);
  m.def(
      "average",
      [](nb::handle a, nb::handle axis, nb::handle weights, bool returned,
         bool keepdims) -> nb::object {
        NDArray arr = to_array(a);
        OptArray w;
        if (!weights.is_none()) w = to_array(weights);
        NDArray r = average(arr, to_axes(axis), w, keepdims);
        if (!returned) return nb::cast(r);
        NDArray scl =
            w ? sum(w->shape() == arr.shape() ? *w : w->astype(r.dtype()),
                    w->shape() == arr.shape() ? to_axes(axis) : Axes{}, r.dtype())
              : full(r.shape(), Scalar::py_int(arr.size() / std::max<int64_t>(r.size(), 1)),
                     r.dtype());
        return nb::make_tuple(r, scl);
      },
      nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("weights") = nb::none(),
      nb::arg("returned") = false, nb::arg("keepdims") = false);
  m.def(
      "diff", [](nb::handle a, Int64 n, Int64 axis) { return diff(to_array(a), n, axis); },
      nb::arg("a"), nb::arg("n") = 1, nb::arg("axis") = -1);
  m.def(
      "_ufunc_reduce",
      [](const std::string& name, nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out,
         bool keepdims) {
        return result(ufunc_reduce(name, to_array(a), to_axes(axis), to_dtype_opt(dtype),
                                   to_out(out), keepdims),
                      out);
      },
      nb::arg("name"), nb::arg("a"), nb::arg("axis").none(), nb::arg("dtype").none(),
      nb::arg("out").none(), nb::arg("keepdims"));
  m.def(
      "_ufunc_accumulate",
      [](const std::string& name, nb::handle a, Int64 axis, nb::handle dtype, nb::handle out) {
        return result(ufunc_accumulate(name, to_array(a), axis, to_dtype_opt(dtype), to_out(out)),
                      out);
      },
      nb::arg("name"), nb::arg("a"), nb::arg("axis"), nb::arg("dtype").none(),
      nb::arg("out").none());
  m.def(
      "_norm",
      [](nb::handle x, nb::handle ord, nb::handle axis, bool keepdims) -> nb::object {
        if (is_fusion_proxy(x))
          return fusion_hook()("norm", x, nb::arg("axis") = axis, nb::arg("keepdims") = keepdims,
                               nb::arg("ord") = ord);
        linalg::NormOrder o = norm_order(ord);
        return wrap_array(linalg::norm(to_array(x), o, to_axes(axis), keepdims));
      },
      nb::arg("x"), nb::arg("ord") = nb::none(), nb::arg("axis") = nb::none(),
      nb::arg("keepdims") = false);
}

}  // namespace

void bind_reductions(nb::module_& m) {
  bind_reduction_kernel(m);
  bind_functions(m);
}

}  // namespace ndgpu::py
