// The NumPy surface in C++: creation, copies and ufuncs. Every function works on the current
// device and raises the same errors as NumPy (TypeError, ValueError, ...).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ndgpu/ndarray.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

// Creation.
NDArray empty(const Shape& shape, DType dtype = DType::Float64, Order order = Order::C);
NDArray zeros(const Shape& shape, DType dtype = DType::Float64, Order order = Order::C);
NDArray ones(const Shape& shape, DType dtype = DType::Float64, Order order = Order::C);
NDArray full(const Shape& shape, const Scalar& value, std::optional<DType> dtype = std::nullopt,
             Order order = Order::C);
// dtype defaults to NumPy's choice from the arguments (int64 for ints, float64 for floats).
NDArray arange(const Scalar& start, const Scalar& stop, const Scalar& step,
               std::optional<DType> dtype = std::nullopt);
NDArray linspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 std::optional<DType> dtype = std::nullopt);
NDArray eye(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0,
            DType dtype = DType::Float64);
// A C-contiguous array on the current device holding `host`'s bytes (C order, `dtype`).
NDArray from_host(const void* host, const Shape& shape, DType dtype);
// Copies `src` (any device) onto the current device, keeping its layout when contiguous.
NDArray to_current_device(const NDArray& src);

// In-place writes.
void fill(NDArray& dst, const Scalar& value);
// dst[...] = src with broadcasting and casting (NumPy's unsafe setitem cast).
void copy_into(NDArray& dst, const NDArray& src);
void setitem(NDArray& dst, std::span<const IndexItem> index, const Operand& value);

// Ufuncs by name ("add", "exp", ...). `out` optional; `dtype` forces the loop type.
struct UfuncInfo {
  std::string name;
  int nin, nout;
  bool scipy_special = false;  // cupyx.scipy.special's (ndgpu::special), not NumPy's
};
std::vector<NDArray> call_ufunc(const std::string& name, std::span<const Operand> inputs,
                                std::span<const NDArray> out = {},
                                std::optional<DType> dtype = std::nullopt);
const UfuncInfo* find_ufunc(const std::string& name);
// A ufunc looked up once by name (NotImplementedError if there is none), for callers that
// call it often: operators call it by handle, and two arrays of one dtype then take the
// dispatch shortcut without a name lookup or an operand list.
namespace ops {
struct Ufunc;
}
const ops::Ufunc& ufunc_handle(const std::string& name);
NDArray call_binary(const ops::Ufunc& u, const NDArray& a, const NDArray& b,
                    const NDArray* out = nullptr);
// The same for one array (sin(a), -a): its loop by its dtype, then the shortcut.
NDArray call_unary(const ops::Ufunc& u, const NDArray& a, const NDArray* out = nullptr);
// The loop a ufunc runs for inputs of common dtype `common` (TypeError as a call would
// raise): its input, parameter and output dtypes and its body (`out0 = ...` over `in0`,
// `in1`), for code generators that inline ufuncs (fusion).
struct UfuncLoopInfo {
  std::vector<DType> in, params, out;
  std::string body;
};
UfuncLoopInfo ufunc_loop_info(const std::string& name, DType common);
// The loop a call on `inputs` runs: for loops of mixed input dtypes (ldexp), chosen per
// operand as a call chooses it.
UfuncLoopInfo ufunc_loop_info(const std::string& name, std::span<const Operand> inputs);
std::vector<UfuncInfo> list_ufuncs();

// where(condition, x, y) and clip(a, a_min, a_max) (nullopt: no bound), with NumPy 2's
// dtypes: each runs as a fused function of one node (src/ops/fuse/selection.cpp). clip with
// `out` writes into it as ufunc out= does ('same_kind' casting) and returns it.
NDArray where(const Operand& condition, const Operand& x, const Operand& y);
NDArray clip(const Operand& a, const std::optional<Operand>& a_min,
             const std::optional<Operand>& a_max, const std::optional<NDArray>& out = std::nullopt);

inline NDArray add(const Operand& a, const Operand& b) {
  return call_ufunc("add", std::vector<Operand>{a, b})[0];
}
inline NDArray subtract(const Operand& a, const Operand& b) {
  return call_ufunc("subtract", std::vector<Operand>{a, b})[0];
}
inline NDArray multiply(const Operand& a, const Operand& b) {
  return call_ufunc("multiply", std::vector<Operand>{a, b})[0];
}
inline NDArray true_divide(const Operand& a, const Operand& b) {
  return call_ufunc("true_divide", std::vector<Operand>{a, b})[0];
}
inline NDArray maximum(const Operand& a, const Operand& b) {
  return call_ufunc("maximum", std::vector<Operand>{a, b})[0];
}
inline NDArray exp(const Operand& a) {
  return call_ufunc("exp", std::vector<Operand>{a})[0];
}
inline NDArray log1p(const Operand& a) {
  return call_ufunc("log1p", std::vector<Operand>{a})[0];
}
inline NDArray absolute(const Operand& a) {
  return call_ufunc("absolute", std::vector<Operand>{a})[0];
}
inline NDArray negative(const Operand& a) {
  return call_ufunc("negative", std::vector<Operand>{a})[0];
}

}  // namespace ndgpu
