// The public ReductionKernel: a thin owner of a ReductionDefinition.
#include "ndgpu/reduction_kernel.hpp"

#include "kernel/reduction/engine.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {
namespace {

// CuPy compiles ReductionKernels with fast math; the seed's printed digits depend on it.
std::vector<std::string> with_fast_math(std::vector<std::string> options) {
  bool fast = false;
  for (const auto& o : options)
    fast = fast || o.find("fast_math") != std::string::npos || o == "-DNDGPU_FAST_MATH";
  if (!fast) options.insert(options.end(), {"--use_fast_math", "-DNDGPU_FAST_MATH"});
  return options;
}

}  // namespace

ReductionKernel::ReductionKernel(const std::string& in_params, const std::string& out_params,
                                 const std::string& map_expr, const std::string& reduce_expr,
                                 const std::string& post_map_expr, const std::string& identity,
                                 const std::string& name, const std::string& reduce_type,
                                 bool reduce_dims, const std::string& preamble,
                                 std::vector<std::string> options)
    : def_(std::make_unique<kernel::ReductionDefinition>(
          kernel::ReductionCode{.in_params = in_params,
                                .out_params = out_params,
                                .map_expr = map_expr,
                                .reduce_expr = reduce_expr,
                                .post_map_expr = post_map_expr,
                                .identity = identity,
                                .name = name,
                                .reduce_type = reduce_type,
                                .reduce_dims = reduce_dims,
                                .preamble = preamble,
                                .options = with_fast_math(std::move(options))})) {
  if (identity.empty())
    throw ValueError(name + ": ReductionKernel needs an identity value (e.g. '0')");
}

ReductionKernel::~ReductionKernel() = default;
ReductionKernel::ReductionKernel(ReductionKernel&&) noexcept = default;

int ReductionKernel::nin() const {
  return int(def_->in.size());
}
int ReductionKernel::nout() const {
  return int(def_->out.size());
}
const std::string& ReductionKernel::name() const {
  return def_->name;
}

std::vector<NDArray> ReductionKernel::operator()(std::span<const Operand> args,
                                                 const std::optional<std::vector<int64_t>>& axis,
                                                 bool keepdims) const {
  return kernel::run_reduction(*def_, args, axis, keepdims);
}

NDArray ReductionKernel::operator()(const NDArray& x, const AxisArg& axis, bool keepdims) const {
  const Operand operands[] = {x};
  return (*this)(std::span<const Operand>(operands), axis.axes, keepdims)[0];
}

}  // namespace ndgpu
