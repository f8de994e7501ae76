// The public ElementwiseKernel: a thin owner of an ElementwiseDefinition.
#include "ndgpu/elementwise_kernel.hpp"

#include "kernel/elementwise/engine.hpp"

namespace ndgpu {

ElementwiseKernel::ElementwiseKernel(const std::string& in_params, const std::string& out_params,
                                     const std::string& operation, const std::string& name,
                                     bool reduce_dims, const std::string& preamble,
                                     const std::string& loop_prep, const std::string& after_loop,
                                     std::vector<std::string> options)
    : def_(std::make_unique<kernel::ElementwiseDefinition>(
          kernel::ElementwiseCode{.in_params = in_params,
                                  .out_params = out_params,
                                  .operation = operation,
                                  .name = name,
                                  .preamble = preamble,
                                  .loop_prep = loop_prep,
                                  .after_loop = after_loop,
                                  .reduce_dims = reduce_dims,
                                  .options = std::move(options)})) {}

ElementwiseKernel::~ElementwiseKernel() = default;
ElementwiseKernel::ElementwiseKernel(ElementwiseKernel&&) noexcept = default;

int ElementwiseKernel::nin() const {
  return int(def_->in.size());
}
int ElementwiseKernel::nout() const {
  return int(def_->out.size());
}
const std::string& ElementwiseKernel::name() const {
  return def_->name;
}

std::vector<NDArray> ElementwiseKernel::operator()(std::span<const Operand> args,
                                                   std::optional<int64_t> size) const {
  return kernel::run_elementwise(*def_, args, size);
}

}  // namespace ndgpu
