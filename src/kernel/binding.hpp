// What ElementwiseKernel and ReductionKernel calls share: splitting and checking the
// arguments, and binding one-letter placeholder types (outputs first, then input arrays,
// then input scalars, as CuPy does).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kernel/elementwise/codegen.hpp"
#include "kernel/signature.hpp"
#include "ndgpu/scalar.hpp"
#include "ndgpu/small_vector.hpp"

namespace ndgpu::kernel {

struct CallArgs {
  std::span<const Operand> ins, outs;
};

// Checks the count (inputs, or inputs then outputs), that outputs are arrays and that every
// array is on the current device.
CallArgs split_call_args(const std::string& kernel, const std::vector<Param>& in,
                         const std::vector<Param>& out, std::span<const Operand> args);

// Placeholder letters bound to dtypes, in binding order; no heap on the dispatch path.
class TypeBindings {
 public:
  TypeBindings();
  // `strict`: an input array must agree with what earlier arrays bound (CuPy's rule).
  void bind(const std::string& kernel, const Param& p, DType t, bool strict);
  std::optional<DType> find(char letter) const;
  // The parameter's type; TypeError naming the placeholder when it is unbound.
  DType resolve(const std::string& kernel, const Param& p) const;
  const SmallVector<char, 8>& letters() const { return letters_; }

 private:
  int8_t type_[128];
  SmallVector<char, 8> letters_;
};

// How an argument reaches a kernel: an array `arr` (raw or not) or, when `arr` is null, a
// scalar; checked against its parameter's type. `check_cast`: a non-raw input array must
// cast to it with 'same_kind'.
ArgSpec classify_arg(const std::string& kernel, const Param& p, DType type, const NDArray* arr,
                     bool is_out, bool check_cast);

TypeBindings bind_placeholders(const std::string& kernel, const std::vector<Param>& in,
                               const std::vector<Param>& out, const CallArgs& call);

// The call's outputs: the given ones (non-raw ones must have `shape`, else ValueError naming
// `shape_what`, e.g. "the broadcast shape"), then new arrays of the bound types on `device`.
std::vector<NDArray> call_outputs(const std::string& kernel, const std::vector<Param>& out,
                                  const CallArgs& call, const TypeBindings& bound,
                                  const Shape& shape, const char* shape_what, Device device);

}  // namespace ndgpu::kernel
