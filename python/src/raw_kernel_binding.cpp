// RawKernel and RawModule for Python, as CuPy's (include/ndgpu/raw_kernel.hpp).
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/raw_kernel.hpp"

namespace ndgpu::py {
namespace {

// A grid or block: an int or a tuple of one to three ints.
Dim3 to_dim3(nb::handle obj, const char* what) {
  std::vector<long long> v;
  if (PyLong_Check(obj.ptr())) {
    v.push_back(to_int64(obj));
  } else if (PyTuple_Check(obj.ptr()) || PyList_Check(obj.ptr())) {
    for (nb::handle x : obj) v.push_back(to_int64(x));
  } else {
    throw TypeError(std::string(what) + " must be an int or a tuple of ints");
  }
  if (v.empty() || v.size() > 3)
    throw ValueError(std::string(what) + " must have one to three dimensions");
  for (long long x : v)
    if (x < 1 || x > 0xffffffffLL)
      throw ValueError(std::string(what) + " dimensions must be positive, got " +
                       std::string(nb::str(obj).c_str()));
  Dim3 d;
  d.x = unsigned(v[0]);
  if (v.size() > 1) d.y = unsigned(v[1]);
  if (v.size() > 2) d.z = unsigned(v[2]);
  return d;
}

std::string text_of(nb::handle h) {
  return nb::steal<nb::str>(PyObject_Str(h.ptr())).c_str();
}

// A NumPy value ndgpu has no dtype for (a record, np.void): its bytes, passed by value.
RawBytes record_bytes(nb::handle value, const char* kind) {
  nb::object raw = value.attr("tobytes")();
  const auto* p = reinterpret_cast<const unsigned char*>(PyBytes_AsString(raw.ptr()));
  size_t n = size_t(PyBytes_Size(raw.ptr()));
  std::string dtype = text_of(value.attr("dtype"));
  return RawBytes{std::vector<unsigned char>(p, p + n),
                  std::string(kind) + " (dtype " + dtype + ")"};
}

bool ndgpu_has_dtype(nb::handle dtype) {
  return text_of(dtype.attr("kind")) != "V" &&
         dtype_from_name(text_of(dtype.attr("char"))).has_value();
}

RawArg to_raw_arg(nb::handle obj) {
  if (obj.is_none()) return nullptr;
  static nb::object* np_ndarray = new nb::object(numpy().attr("ndarray"));
  static nb::object* np_generic = new nb::object(numpy().attr("generic"));
  if (PyObject_IsInstance(obj.ptr(), np_ndarray->ptr()) == 1) {
    // As CuPy: a NumPy array of one element is a value (a record for a struct parameter).
    if (PyLong_AsLongLong(obj.attr("size").ptr()) != 1) {
      // ndgpu arrays hold no records: their bytes can still go to a struct pointer.
      std::string to_device =
          ndgpu_has_dtype(obj.attr("dtype"))
              ? "pass ndgpu.asarray(x)"
              : "ndgpu has no record dtype: pass ndgpu.asarray(x.view(numpy.uint8))";
      throw TypeError("a numpy.ndarray of shape " + text_of(obj.attr("shape")) +
                      " is in host memory and cannot be a kernel argument: " + to_device +
                      " for a pointer; only one-element arrays are passed by value");
    }
    nb::object item = obj.attr("reshape")(nb::tuple())[nb::tuple()];
    if (!ndgpu_has_dtype(obj.attr("dtype"))) return record_bytes(obj, "a numpy.ndarray");
    obj = item;
  } else if (PyObject_IsInstance(obj.ptr(), np_generic->ptr()) == 1 &&
             !ndgpu_has_dtype(obj.attr("dtype"))) {
    return record_bytes(obj, ("a numpy." + text_of(obj.type().attr("__name__"))).c_str());
  }
  Operand op = to_operand(obj);
  if (auto* a = std::get_if<NDArray>(&op)) return *a;
  return std::get<Scalar>(op);
}

std::vector<std::string> to_strings(nb::handle obj) {
  std::vector<std::string> out;
  if (obj.is_none()) return out;
  if (PyUnicode_Check(obj.ptr())) throw TypeError("options must be a sequence of str");
  for (nb::handle x : obj) out.push_back(nb::cast<std::string>(x));
  return out;
}

nb::dict attributes_dict(const FunctionAttributes& a) {
  nb::dict d;
  d["max_threads_per_block"] = a.max_threads_per_block;
  d["shared_size_bytes"] = a.shared_size_bytes;
  d["const_size_bytes"] = a.const_size_bytes;
  d["local_size_bytes"] = a.local_size_bytes;
  d["num_regs"] = a.num_regs;
  d["ptx_version"] = a.ptx_version;
  d["binary_version"] = a.binary_version;
  d["max_dynamic_shared_size_bytes"] = a.max_dynamic_shared_size_bytes;
  return d;
}

void launch(const RawKernel& k, nb::handle grid, nb::handle block, nb::handle args,
            size_t shared_mem, nb::handle stream) {
  if (!PyTuple_Check(args.ptr()) && !PyList_Check(args.ptr()))
    throw TypeError("RawKernel '" + k.name() + "': args must be a tuple");
  std::vector<RawArg> raw;
  for (nb::handle a : args) raw.push_back(to_raw_arg(a));
  std::optional<StreamHandle> s;
  if (!stream.is_none()) s = nb::cast<uintptr_t>(stream.attr("ptr"));
  k(to_dim3(grid, "grid"), to_dim3(block, "block"), raw, shared_mem, s);
}

}  // namespace

void bind_raw_kernels(nb::module_& m) {
  auto attr = [](int FunctionAttributes::*field) {
    return [field](const RawKernel& k) { return k.attributes().*field; };
  };
  nb::class_<RawKernel>(m, "RawKernel")
      .def(
          "__init__",
          [](RawKernel* self, const std::string& code, const std::string& name, nb::handle options,
             const std::string& backend, bool translate_cucomplex, bool enable_cooperative_groups,
             bool jitify) {
            if (enable_cooperative_groups || jitify)
              throw NotImplementedError(
                  "RawKernel: cooperative groups and jitify are not supported");
            new (self) RawKernel(code, name, to_strings(options), backend, translate_cucomplex);
          },
          nb::arg("code"), nb::arg("name"), nb::arg("options") = nb::tuple(),
          nb::arg("backend") = "nvrtc", nb::arg("translate_cucomplex") = false, nb::kw_only(),
          nb::arg("enable_cooperative_groups") = false, nb::arg("jitify") = false)
      .def("__call__", &launch, nb::arg("grid"), nb::arg("block"), nb::arg("args"), nb::kw_only(),
           nb::arg("shared_mem") = 0, nb::arg("stream") = nb::none())
      .def_prop_ro("name", &RawKernel::name)
      .def_prop_ro("code", &RawKernel::code)
      .def_prop_ro("backend", &RawKernel::backend)
      .def_prop_ro("options",
                   [](const RawKernel& k) {
                     nb::list l;
                     for (auto& o : k.options()) l.append(o);
                     return nb::tuple(l);
                   })
      .def_prop_ro("signature", &RawKernel::signature)
      .def_prop_ro("attributes", [](const RawKernel& k) { return attributes_dict(k.attributes()); })
      .def_prop_ro("max_threads_per_block", attr(&FunctionAttributes::max_threads_per_block))
      .def_prop_ro("num_regs", attr(&FunctionAttributes::num_regs))
      .def_prop_ro("shared_size_bytes", attr(&FunctionAttributes::shared_size_bytes))
      .def_prop_ro("const_size_bytes", attr(&FunctionAttributes::const_size_bytes))
      .def_prop_ro("local_size_bytes", attr(&FunctionAttributes::local_size_bytes))
      .def_prop_ro("ptx_version", attr(&FunctionAttributes::ptx_version))
      .def_prop_ro("binary_version", attr(&FunctionAttributes::binary_version))
      .def_prop_rw("max_dynamic_shared_size_bytes",
                   attr(&FunctionAttributes::max_dynamic_shared_size_bytes),
                   [](RawKernel& k, int v) { k.set_max_dynamic_shared_size_bytes(v); });

  nb::class_<RawModule>(m, "RawModule")
      .def(
          "__init__",
          [](RawModule* self, nb::handle code, nb::handle path, nb::handle options,
             const std::string& backend, bool translate_cucomplex, bool enable_cooperative_groups,
             nb::handle name_expressions, bool jitify) {
            if (enable_cooperative_groups || jitify)
              throw NotImplementedError(
                  "RawModule: cooperative groups and jitify are not supported");
            std::string c = code.is_none() ? "" : nb::cast<std::string>(code);
            std::string p = path.is_none() ? "" : nb::cast<std::string>(nb::str(path));
            new (self) RawModule(c, p, to_strings(options), backend, to_strings(name_expressions),
                                 translate_cucomplex);
          },
          nb::arg("code") = nb::none(), nb::arg("path") = nb::none(),
          nb::arg("options") = nb::tuple(), nb::arg("backend") = "nvrtc",
          nb::arg("translate_cucomplex") = false, nb::kw_only(),
          nb::arg("enable_cooperative_groups") = false, nb::arg("name_expressions") = nb::none(),
          nb::arg("jitify") = false)
      .def("get_function", &RawModule::get_function, nb::arg("name"))
      .def(
          "compile", [](const RawModule& m, nb::handle) { m.compile(); },
          nb::arg("log_stream") = nb::none())
      .def_prop_ro("code", &RawModule::code)
      .def_prop_ro("backend", &RawModule::backend)
      .def_prop_ro("options",
                   [](const RawModule& m) {
                     nb::list l;
                     for (auto& o : m.options()) l.append(o);
                     return nb::tuple(l);
                   })
      .def_prop_ro("name_expressions", [](const RawModule& m) -> nb::object {
        if (m.name_expressions().empty()) return nb::none();
        nb::list l;
        for (auto& o : m.name_expressions()) l.append(o);
        return nb::tuple(l);
      });
}

}  // namespace ndgpu::py
