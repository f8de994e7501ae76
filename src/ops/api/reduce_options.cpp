// The reductions' options overloads (include/ndgpu/reduce_options.hpp), forwarding to the
// positional functions of reductions.hpp.
#include "ndgpu/reduce_options.hpp"

#include "ndgpu/errors.hpp"

namespace ndgpu {

std::optional<int64_t> AxisArg::single(const char* function) const {
  if (!axes) return std::nullopt;
  if (axes->size() != 1)
    throw TypeError(std::string(function) + ": 'tuple' object cannot be interpreted as an integer");
  return (*axes)[0];
}

namespace {

bool has_extras(const ReduceOptions& o) {
  return o.where || o.initial;
}
ReduceExtras extras(const ReduceOptions& o) {
  return {o.where, o.initial};
}
void refuse_extras(const ReduceOptions& o, const char* function) {
  if (has_extras(o))
    throw TypeError(std::string(function) + "() got an unexpected keyword argument '" +
                    (o.where ? "where" : "initial") + "'");
}

}  // namespace

// Functions of (a, axis, dtype, out, keepdims), (a, axis, out, keepdims), ...; where= and
// initial= go through reduce_with.
#define NDGPU_WITH_DTYPE(name, target)                                                  \
  NDArray name(const NDArray& a, const ReduceOptions& o) {                              \
    if (has_extras(o))                                                                  \
      return reduce_with(#name, a, o.axis.axes, o.dtype, o.out, o.keepdims, extras(o)); \
    return target(a, o.axis.axes, o.dtype, o.out, o.keepdims);                          \
  }
#define NDGPU_NO_DTYPE(name, target)                                                    \
  NDArray name(const NDArray& a, const ReduceOptions& o) {                              \
    if (has_extras(o))                                                                  \
      return reduce_with(#name, a, o.axis.axes, o.dtype, o.out, o.keepdims, extras(o)); \
    return target(a, o.axis.axes, o.out, o.keepdims);                                   \
  }
#define NDGPU_SINGLE_AXIS(name)                              \
  NDArray name(const NDArray& a, const ReduceOptions& o) {   \
    refuse_extras(o, #name);                                 \
    return name(a, o.axis.single(#name), o.out, o.keepdims); \
  }
#define NDGPU_MOMENT(name)                                                                      \
  NDArray name(const NDArray& a, const ReduceOptions& o) {                                      \
    if (has_extras(o))                                                                          \
      return reduce_with(#name, a, o.axis.axes, o.dtype, o.out, o.keepdims, extras(o), o.ddof); \
    return name(a, o.axis.axes, o.dtype, o.out, o.ddof, o.keepdims);                            \
  }
#define NDGPU_SCAN(name)                                   \
  NDArray name(const NDArray& a, const ReduceOptions& o) { \
    refuse_extras(o, #name);                               \
    return name(a, o.axis.single(#name), o.dtype, o.out);  \
  }

NDGPU_WITH_DTYPE(sum, sum)
NDGPU_WITH_DTYPE(prod, prod)
NDGPU_WITH_DTYPE(nansum, nansum)
NDGPU_WITH_DTYPE(nanprod, nanprod)
NDGPU_WITH_DTYPE(mean, mean)
NDGPU_WITH_DTYPE(nanmean, nanmean)
NDGPU_NO_DTYPE(amax, amax)
NDGPU_NO_DTYPE(amin, amin)
NDGPU_NO_DTYPE(max, amax)
NDGPU_NO_DTYPE(min, amin)
NDGPU_NO_DTYPE(nanmax, nanmax)
NDGPU_NO_DTYPE(nanmin, nanmin)
NDGPU_NO_DTYPE(ptp, ptp)
NDGPU_NO_DTYPE(any, any)
NDGPU_NO_DTYPE(all, all)
NDGPU_SINGLE_AXIS(argmax)
NDGPU_SINGLE_AXIS(argmin)
NDGPU_SINGLE_AXIS(nanargmax)
NDGPU_SINGLE_AXIS(nanargmin)
NDGPU_MOMENT(var)
NDGPU_MOMENT(stddev)
NDGPU_MOMENT(nanvar)
NDGPU_MOMENT(nanstd)
NDGPU_SCAN(cumsum)
NDGPU_SCAN(cumprod)
NDGPU_SCAN(nancumsum)
NDGPU_SCAN(nancumprod)

NDArray count_nonzero(const NDArray& a, const ReduceOptions& o) {
  refuse_extras(o, "count_nonzero");
  return count_nonzero(a, o.axis.axes, o.keepdims);
}
NDArray max(const NDArray& a) {
  return amax(a);
}
NDArray min(const NDArray& a) {
  return amin(a);
}

}  // namespace ndgpu
