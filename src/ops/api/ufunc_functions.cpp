// The ufuncs as C++ functions of their NumPy names (include/ndgpu/ufunc_functions.hpp).
#include "ndgpu/ufunc_functions.hpp"

#include "ndgpu/special.hpp"
#include "ndgpu/ufunc.hpp"

namespace ndgpu {
namespace {

NDArray call(const char* ufunc, std::span<const Operand> inputs, const UfuncOptions& options) {
  std::span<const NDArray> out;
  if (options.out) out = std::span(&*options.out, 1);
  return call_ufunc(ufunc, inputs, out, options.dtype, options.casting)[0];
}

NDArray unary(const char* ufunc, const Operand& x, const UfuncOptions& options) {
  const Operand args[1] = {x};
  return call(ufunc, args, options);
}

NDArray binary(const char* ufunc, const UfuncArg& a, const UfuncArg& b,
               const UfuncOptions& options) {
  const Operand args[2] = {a.value, b.value};
  return call(ufunc, args, options);
}

NDArray ternary(const char* ufunc, const UfuncArg& a, const UfuncArg& b, const UfuncArg& c,
                const UfuncOptions& options) {
  const Operand args[3] = {a.value, b.value, c.value};
  return call(ufunc, args, options);
}

}  // namespace

#define NDGPU_DEFINE_UNARY(name)                                \
  NDArray name(const Operand& x, const UfuncOptions& options) { \
    return unary(#name, x, options);                            \
  }
#define NDGPU_DEFINE_BINARY(name)                                                   \
  NDArray name(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options) { \
    return binary(#name, a, b, options);                                            \
  }
NDGPU_UNARY_UFUNCS(NDGPU_DEFINE_UNARY)
NDGPU_BINARY_UFUNCS(NDGPU_DEFINE_BINARY)
namespace special {
NDGPU_SPECIAL_UNARY(NDGPU_DEFINE_UNARY)
NDGPU_SPECIAL_BINARY(NDGPU_DEFINE_BINARY)
#define NDGPU_DEFINE_TERNARY(name)                                      \
  NDArray name(const UfuncArg& a, const UfuncArg& b, const UfuncArg& c, \
               const UfuncOptions& options) {                           \
    return ternary(#name, a, b, c, options);                            \
  }
NDGPU_SPECIAL_TERNARY(NDGPU_DEFINE_TERNARY)
#undef NDGPU_DEFINE_TERNARY
}  // namespace special
NDGPU_DEFINE_UNARY(exp)
NDGPU_DEFINE_UNARY(log1p)
NDGPU_DEFINE_UNARY(absolute)
NDGPU_DEFINE_UNARY(negative)
NDGPU_DEFINE_BINARY(add)
NDGPU_DEFINE_BINARY(subtract)
NDGPU_DEFINE_BINARY(multiply)
NDGPU_DEFINE_BINARY(true_divide)
NDGPU_DEFINE_BINARY(maximum)
#undef NDGPU_DEFINE_UNARY
#undef NDGPU_DEFINE_BINARY

NDArray abs(const Operand& x, const UfuncOptions& options) {
  return unary("absolute", x, options);
}
NDArray conj(const Operand& x, const UfuncOptions& options) {
  return unary("conjugate", x, options);
}
NDArray bitwise_not(const Operand& x, const UfuncOptions& options) {
  return unary("invert", x, options);
}
NDArray divide(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options) {
  return binary("true_divide", a, b, options);
}
NDArray mod(const UfuncArg& a, const UfuncArg& b, const UfuncOptions& options) {
  return binary("remainder", a, b, options);
}

}  // namespace ndgpu
