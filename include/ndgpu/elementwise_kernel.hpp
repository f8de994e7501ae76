// ElementwiseKernel: a user-defined elementwise operation, as CuPy's.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "ndgpu/scalar.hpp"

namespace ndgpu {

namespace kernel {
struct ElementwiseDefinition;
}

class ElementwiseKernel {
 public:
  // in_params / out_params: "T x, raw T y, float32 z" (a dtype or a one-letter type per
  // parameter; src/kernel/signature.hpp parses them). Raises ValueError/TypeError for
  // malformed or reserved parameter names.
  ElementwiseKernel(const std::string& in_params, const std::string& out_params,
                    const std::string& operation, const std::string& name = "kernel",
                    bool reduce_dims = true, const std::string& preamble = "",
                    const std::string& loop_prep = "", const std::string& after_loop = "",
                    std::vector<std::string> options = {});
  ~ElementwiseKernel();
  ElementwiseKernel(ElementwiseKernel&&) noexcept;

  int nin() const;
  int nout() const;
  const std::string& name() const;

  // `args` holds the inputs, optionally followed by the outputs. Returns the outputs.
  // `size` sets _ind.size() when no non-raw array fixes it.
  std::vector<NDArray> operator()(std::span<const Operand> args,
                                  std::optional<int64_t> size = std::nullopt) const;
  // Python's call one for one, `squared_diff(x, y)`: arrays or scalars, the inputs then
  // optionally the outputs; returns the first output (the span form returns them all).
  template <class... A>
  requires(sizeof...(A) > 0 && (std::is_convertible_v<const A&, Operand> && ...)) NDArray
  operator()(const A&... args) const {
    const Operand operands[] = {Operand(args)...};
    return (*this)(std::span<const Operand>(operands))[0];
  }

 private:
  std::unique_ptr<kernel::ElementwiseDefinition> def_;
};

}  // namespace ndgpu
