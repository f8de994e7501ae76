// NumPy's where= and initial= of the reductions, composed from the plain ones: left-out
// elements become the reduction's neutral value, and `initial` joins the result through the
// reduction's own binary ufunc (so NaNs and casts follow NumPy's).
#include <cmath>
#include <string>
#include <string_view>

#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu {
namespace {

struct Recipe {
  const char* name;
  const char* combine;  // the ufunc that joins `initial`; nullptr: no initial= (NumPy's)
  const char* fill;     // left-out elements: "0", "1", "nan", "false", "true", "initial"
};

const Recipe* recipe(std::string_view name) {
  static const Recipe recipes[] = {
      {"sum", "add", "0"},           {"prod", "multiply", "1"},     {"nansum", "add", "0"},
      {"nanprod", "multiply", "1"},  {"max", "maximum", "initial"}, {"min", "minimum", "initial"},
      {"nanmax", "fmax", "initial"}, {"nanmin", "fmin", "initial"}, {"any", nullptr, "false"},
      {"all", nullptr, "true"},      {"mean", nullptr, "0"},        {"nanmean", nullptr, "nan"},
      {"var", nullptr, "0"},         {"std", nullptr, "0"},         {"nanvar", nullptr, "nan"},
      {"nanstd", nullptr, "nan"}};
  if (name == "amax") name = "max";
  if (name == "amin") name = "min";
  if (name == "stddev") name = "std";  // the C++ name
  for (const Recipe& r : recipes)
    if (name == r.name) return &r;
  return nullptr;
}

Scalar fill_value(const Recipe& r, const std::optional<Scalar>& initial) {
  const std::string f = r.fill;
  if (f == "initial") return *initial;
  if (f == "nan") return Scalar::py_float(NAN);
  if (f == "false" || f == "true") return Scalar::py_bool(f == "true");
  return Scalar::py_int(f == "1" ? 1 : 0);
}

NDArray plain(std::string_view name, const NDArray& x, const Axes& axis, OptDType dtype,
              bool keepdims, double ddof) {
  if (name == "sum") return sum(x, axis, dtype, {}, keepdims);
  if (name == "prod") return prod(x, axis, dtype, {}, keepdims);
  if (name == "nansum") return nansum(x, axis, dtype, {}, keepdims);
  if (name == "nanprod") return nanprod(x, axis, dtype, {}, keepdims);
  if (name == "max") return amax(x, axis, {}, keepdims);
  if (name == "min") return amin(x, axis, {}, keepdims);
  if (name == "nanmax") return nanmax(x, axis, {}, keepdims);
  if (name == "nanmin") return nanmin(x, axis, {}, keepdims);
  if (name == "any") return any(x, axis, {}, keepdims);
  if (name == "all") return all(x, axis, {}, keepdims);
  if (name == "mean") return mean(x, axis, dtype, {}, keepdims);  // reduce_with without extras
  if (name == "var") return var(x, axis, dtype, {}, ddof, keepdims);
  if (name == "std") return stddev(x, axis, dtype, {}, ddof, keepdims);
  if (name == "nanmean") return nanmean(x, axis, dtype, {}, keepdims);
  if (name == "nanvar") return nanvar(x, axis, dtype, {}, ddof, keepdims);
  if (name == "nanstd") return nanstd(x, axis, dtype, {}, ddof, keepdims);
  throw NotImplementedError("no plain reduction " + std::string(name));
}

// mean, var and std over the elements `where` keeps: sums over a zero-filled copy divided by
// the kept counts.
NDArray masked_moment(std::string_view name, const NDArray& a, const NDArray& where,
                      const Axes& axis, OptDType dtype, bool keepdims, double ddof) {
  const DType t = a.dtype();
  const DType acc = dtype                 ? *dtype
                    : !is_inexact(t)      ? DType::Float64
                    : t == DType::Float16 ? DType::Float32
                                          : t;
  DType res = dtype ? *dtype : is_inexact(t) ? t : DType::Float64;
  if (name != "mean" && is_complex(res)) res = real_dtype(res);
  const NDArray keep = where.broadcast_to(a.shape());
  const NDArray n = count_nonzero(keep, axis, true);
  const NDArray x = ndgpu::where(keep, a.astype(acc, false), Scalar::py_int(0));
  NDArray mu = true_divide(sum(x, axis, acc, {}, true), n);
  NDArray r = mu;
  if (name != "mean") {
    const NDArray d = absolute(ndgpu::where(keep, subtract(x, mu), Scalar::py_int(0)));
    r = true_divide(sum(multiply(d, d), axis, {}, {}, true), subtract(n, Scalar::py_float(ddof)));
    if (name == "std") r = call_ufunc("sqrt", std::vector<Operand>{r})[0];
  }
  if (!keepdims) r = r.reshape(count_nonzero(keep, axis, false).shape());
  return r.astype(res, false);
}

}  // namespace

NDArray reduce_with(std::string_view name, const NDArray& a, const Axes& axis, OptDType dtype,
                    const OptArray& out, bool keepdims, const ReduceExtras& extras, double ddof) {
  const Recipe* r = recipe(name);
  if (!r) throw TypeError(std::string(name) + "() got an unexpected keyword argument 'where'");
  if (extras.initial && !r->combine)
    throw TypeError(std::string(name) + "() got an unexpected keyword argument 'initial'");
  const std::string_view n = r->name;
  if (extras.where && std::string(r->fill) == "initial" && !extras.initial)
    throw ValueError("reduction operation '" + std::string(r->combine) +
                     "' does not have an identity, so to use a where mask one has to specify "
                     "'initial'");
  NDArray res;
  if (extras.where && (n == "mean" || n == "var" || n == "std")) {
    res = masked_moment(n, a, *extras.where, axis, dtype, keepdims, ddof);
  } else {
    const NDArray x = extras.where ? ndgpu::where(extras.where->broadcast_to(a.shape()), a,
                                                  fill_value(*r, extras.initial))
                                   : a;
    if (extras.initial && x.size() == 0) {  // NumPy: initial alone, even for max and min
      res = full(count_nonzero(x, axis, keepdims).shape(), *extras.initial, x.dtype());
    } else {
      res = plain(n, x, axis, dtype, keepdims, ddof);
      if (extras.initial)
        res = call_ufunc(r->combine, std::vector<Operand>{res, *extras.initial})[0].astype(
            res.dtype(), false);
    }
  }
  if (!out) return res;
  if (out->shape() != res.shape())
    throw ValueError("output parameter for reduction operation " + std::string(n) +
                     " has the wrong shape");
  NDArray o = *out;
  copy_into(o, res);
  return o;
}

}  // namespace ndgpu
