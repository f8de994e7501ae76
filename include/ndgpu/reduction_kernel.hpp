// ReductionKernel: a user-defined reduction, as CuPy's.
#pragma once
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ndgpu/reduce_options.hpp"
#include "ndgpu/scalar.hpp"

namespace ndgpu {

namespace kernel {
struct ReductionDefinition;
}

class ReductionKernel {
 public:
  // map_expr sees the inputs; reduce_expr combines `a` and `b`; post_map_expr sees `a` (the
  // result) and assigns the outputs. `identity` is a C expression of the accumulator type,
  // `reduce_type` the accumulator's type (default: the first output's). In map/post-map code
  // `_i` is the output index, `_j` the reduced index and `i` = _j * _out_ind.size() + _i.
  ReductionKernel(const std::string& in_params, const std::string& out_params,
                  const std::string& map_expr, const std::string& reduce_expr,
                  const std::string& post_map_expr, const std::string& identity,
                  const std::string& name = "reduce_kernel", const std::string& reduce_type = "",
                  bool reduce_dims = true, const std::string& preamble = "",
                  std::vector<std::string> options = {});
  ~ReductionKernel();
  ReductionKernel(ReductionKernel&&) noexcept;

  int nin() const;
  int nout() const;
  const std::string& name() const;

  // `args`: the inputs, optionally followed by the outputs. `axis` empty: every axis.
  std::vector<NDArray> operator()(std::span<const Operand> args,
                                  const std::optional<std::vector<int64_t>>& axis = std::nullopt,
                                  bool keepdims = false) const;
  // Python's call one for one, `l2norm_kernel(x, 1)` or `(x, {0, 1}, true)`: the first output.
  NDArray operator()(const NDArray& x, const AxisArg& axis = std::nullopt,
                     bool keepdims = false) const;

 private:
  std::unique_ptr<kernel::ReductionDefinition> def_;
};

}  // namespace ndgpu
