// The indexing routines of include/ndgpu/indexing.hpp that write, select or make index
// arrays: put, place, putmask, fill_diagonal, *_along_axis, choose, select, diagonal, tri...
#include <nanobind/stl/function.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "convert.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::py {

ClipMode to_clip_mode(const std::string& mode);

namespace {

// An array-like operand: arrays and Python/NumPy scalars as they are, sequences as arrays.
Operand value_operand(nb::handle v) {
  if (auto op = try_operand(v)) return *op;
  return as_array(v);
}

// The target of an in-place routine: an ndgpu array (TypeError otherwise, as CuPy's).
NDArray& target(nb::handle a, const char* routine) {
  if (!nb::isinstance<NDArray>(a))
    throw TypeError(std::string(routine) + "() argument 1 must be ndgpu.ndarray, not " +
                    nb::type_name(a.type()).c_str());
  return *nb::inst_ptr<NDArray>(a);
}

std::vector<NDArray> array_list(nb::handle seq) {
  std::vector<NDArray> out;
  if (nb::isinstance<NDArray>(seq)) {
    const NDArray& a = *nb::inst_ptr<NDArray>(seq);
    for (int64_t k = 0; k < (a.ndim() ? a.shape()[0] : 0); ++k)
      out.push_back(a.index(std::vector<IndexItem>{k}));
    return out;
  }
  for (nb::handle item : seq) out.push_back(as_array(item));
  return out;
}

// A shape argument (indices, unravel_index, ravel_multi_index): NumPy's errors (to_shape).
std::vector<int64_t> int_list(nb::handle h) {
  Shape s = to_shape(h);
  return std::vector<int64_t>(s.begin(), s.end());
}

nb::object scatter_method(NDArray& a, nb::handle slices, nb::handle value, ScatterOp op) {
  scatter_combine(a, to_full_index(slices), value_operand(value), op);
  return nb::none();
}

}  // namespace

void bind_indexing_routines(nb::module_& m) {
  nb::object nd = m.attr("ndarray");
  nd.attr("scatter_add") =
      nb::cpp_function([](NDArray& a, nb::handle s,
                          nb::handle v) { return scatter_method(a, s, v, ScatterOp::Add); },
                       nb::is_method(), nb::arg("slices").none(), nb::arg("value"));
  nd.attr("scatter_max") =
      nb::cpp_function([](NDArray& a, nb::handle s,
                          nb::handle v) { return scatter_method(a, s, v, ScatterOp::Max); },
                       nb::is_method(), nb::arg("slices").none(), nb::arg("value"));
  nd.attr("scatter_min") =
      nb::cpp_function([](NDArray& a, nb::handle s,
                          nb::handle v) { return scatter_method(a, s, v, ScatterOp::Min); },
                       nb::is_method(), nb::arg("slices").none(), nb::arg("value"));

  auto put_fn = [](nb::handle a, nb::handle ind, nb::handle v, const std::string& mode) {
    put(target(a, "put"), as_array(ind), value_operand(v), to_clip_mode(mode));
  };
  m.def("put", put_fn, nb::arg("a"), nb::arg("ind"), nb::arg("v"), nb::arg("mode") = "raise");
  nd.attr("put") = nb::cpp_function(put_fn, nb::is_method(), nb::arg("indices"), nb::arg("values"),
                                    nb::arg("mode") = "raise");
  m.def(
      "place",
      [](nb::handle arr, nb::handle mask, nb::handle vals) {
        place(target(arr, "place"), as_array(mask), value_operand(vals));
      },
      nb::arg("arr"), nb::arg("mask"), nb::arg("vals"));
  m.def(
      "putmask",
      [](nb::handle a, nb::handle mask, nb::handle values) {
        putmask(target(a, "putmask"), as_array(mask), value_operand(values));
      },
      nb::arg("a"), nb::arg("mask"), nb::arg("values"));
  m.def(
      "fill_diagonal",
      [](nb::handle a, nb::handle val, bool wrap) {
        fill_diagonal(target(a, "fill_diagonal"), value_operand(val), wrap);
      },
      nb::arg("a"), nb::arg("val"), nb::arg("wrap") = false);
  m.def(
      "take_along_axis",
      [](nb::handle arr, nb::handle indices, std::optional<Int64> axis) {
        return take_along_axis(as_array(arr), as_array(indices), axis);
      },
      nb::arg("arr"), nb::arg("indices"), nb::arg("axis").none() = -1);
  m.def(
      "put_along_axis",
      // The axis as a handle: GCC 12 warns falsely of an optional<Int64> read uninitialised here.
      [](nb::handle arr, nb::handle indices, nb::handle values, nb::handle axis) {
        std::optional<int64_t> ax;
        if (!axis.is_none()) ax = to_int64(axis);
        put_along_axis(target(arr, "put_along_axis"), as_array(indices), value_operand(values), ax);
      },
      nb::arg("arr"), nb::arg("indices"), nb::arg("values"), nb::arg("axis").none());
  auto choose_fn = [](nb::handle a, nb::handle choices, nb::handle out, const std::string& mode) {
    NDArray r = choose(as_array(a), array_list(choices), to_clip_mode(mode));
    if (out.is_none()) return nb::cast(r);
    NDArray o = *to_out(out);
    copy_into(o, r);
    return nb::borrow(out);
  };
  m.def("choose", choose_fn, nb::arg("a"), nb::arg("choices"), nb::arg("out").none() = nb::none(),
        nb::arg("mode") = "raise");
  nd.attr("choose") =
      nb::cpp_function(choose_fn, nb::is_method(), nb::arg("choices"),
                       nb::arg("out").none() = nb::none(), nb::arg("mode") = "raise");
  m.def(
      "select",
      [](nb::handle condlist, nb::handle choicelist, nb::handle dflt) {
        std::vector<NDArray> conds, choices;
        for (nb::handle c : condlist) conds.push_back(as_array(c));
        for (nb::handle c : choicelist) choices.push_back(as_array(c));
        return select(conds, choices, value_operand(dflt));
      },
      nb::arg("condlist"), nb::arg("choicelist"), nb::arg("default") = 0);
  auto diagonal_fn = [](nb::handle a, Int64 offset, Int64 axis1, Int64 axis2) {
    return diagonal(as_array(a), offset, axis1, axis2);
  };
  m.def("diagonal", diagonal_fn, nb::arg("a"), nb::arg("offset") = 0, nb::arg("axis1") = 0,
        nb::arg("axis2") = 1);
  nd.attr("diagonal") = nb::cpp_function(diagonal_fn, nb::is_method(), nb::arg("offset") = 0,
                                         nb::arg("axis1") = 0, nb::arg("axis2") = 1);
  m.def(
      "diag",
      [](nb::handle v, nb::handle k) {
        // NumPy's k is a length for a 1-D v (ValueError past int64), an offset otherwise.
        NDArray a = as_array(v);
        return diag(a, a.ndim() == 1 ? to_dim(k) : to_int64(k));
      },
      nb::arg("v"), nb::arg("k") = 0,
      nb::sig("def diag(v: object, k: int = 0) -> ndgpu._core.ndarray"));
  m.def(
      "diagflat", [](nb::handle v, Int64 k) { return diagflat(as_array(v), k); }, nb::arg("v"),
      nb::arg("k") = 0);

  m.def(
      "indices",
      [](nb::handle dimensions, nb::handle dtype, bool sparse) -> nb::object {
        std::vector<int64_t> dims = int_list(dimensions);
        DType t = to_dtype_opt(dtype).value_or(DType::Int64);
        if (sparse) return arrays_tuple(indices_sparse(dims, t));
        return nb::cast(indices(dims, t));
      },
      nb::arg("dimensions"), nb::arg("dtype") = nb::none(), nb::arg("sparse") = false);
  m.def("ix_", [](nb::args args) {
    std::vector<NDArray> arrays;
    for (nb::handle a : args) {
      NDArray x = as_array(a);
      if (!nb::isinstance<NDArray>(a) && x.size() == 0) x = x.astype(DType::Int64);  // ix_([])
      arrays.push_back(x);
    }
    return arrays_tuple(ix_(arrays));
  });
  m.def(
      "tri",
      [](DimInt n, std::optional<DimInt> cols, Int64 k, nb::handle dtype) {
        return tri(n, cols, k, to_dtype_opt(dtype).value_or(DType::Float64));
      },
      nb::arg("N"), nb::arg("M").none() = nb::none(), nb::arg("k") = 0,
      nb::arg("dtype") = nb::none());
  m.def(
      "tril", [](nb::handle a, Int64 k) { return tril(as_array(a), k); }, nb::arg("m"),
      nb::arg("k") = 0);
  m.def(
      "triu", [](nb::handle a, Int64 k) { return triu(as_array(a), k); }, nb::arg("m"),
      nb::arg("k") = 0);
  m.def(
      "tril_indices",
      [](Int64 n, Int64 k, std::optional<Int64> cols) {
        return arrays_tuple(tril_indices(n, k, cols));
      },
      nb::arg("n"), nb::arg("k") = 0, nb::arg("m").none() = nb::none());
  m.def(
      "triu_indices",
      [](Int64 n, Int64 k, std::optional<Int64> cols) {
        return arrays_tuple(triu_indices(n, k, cols));
      },
      nb::arg("n"), nb::arg("k") = 0, nb::arg("m").none() = nb::none());
  m.def(
      "tril_indices_from",
      [](nb::handle arr, Int64 k) { return arrays_tuple(tril_indices_from(as_array(arr), k)); },
      nb::arg("arr"), nb::arg("k") = 0);
  m.def(
      "triu_indices_from",
      [](nb::handle arr, Int64 k) { return arrays_tuple(triu_indices_from(as_array(arr), k)); },
      nb::arg("arr"), nb::arg("k") = 0);
  m.def(
      "diag_indices", [](Int64 n, Int64 ndim) { return arrays_tuple(diag_indices(n, ndim)); },
      nb::arg("n"), nb::arg("ndim") = 2);
  m.def(
      "diag_indices_from",
      [](nb::handle arr) { return arrays_tuple(diag_indices_from(as_array(arr))); },
      nb::arg("arr"));
  m.def(
      "mask_indices",
      [](Int64 n, nb::object mask_func, Int64 k) {
        auto f = [mask_func](const NDArray& a, int64_t kk) {
          return as_array(mask_func(nb::cast(a), kk));
        };
        return arrays_tuple(mask_indices(n, f, k));
      },
      nb::arg("n"), nb::arg("mask_func"), nb::arg("k") = 0);
  m.def(
      "unravel_index",
      [](nb::handle indices, nb::handle shape, nb::handle order) {
        return arrays_tuple(unravel_index(as_array(indices), int_list(shape), to_order(order)));
      },
      nb::arg("indices"), nb::arg("shape"), nb::arg("order") = "C");
  m.def(
      "ravel_multi_index",
      [](nb::handle multi_index, nb::handle dims, nb::handle mode, nb::handle order) {
        std::vector<ClipMode> modes;
        if (PyUnicode_Check(mode.ptr())) {
          modes.push_back(to_clip_mode(nb::cast<std::string>(mode)));
        } else {
          for (nb::handle md : mode) modes.push_back(to_clip_mode(nb::cast<std::string>(md)));
        }
        return ravel_multi_index(array_list(multi_index), int_list(dims), modes, to_order(order));
      },
      nb::arg("multi_index"), nb::arg("dims"), nb::arg("mode") = "raise", nb::arg("order") = "C");
}

}  // namespace ndgpu::py
