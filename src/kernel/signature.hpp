// Parameter lists of ElementwiseKernel/ReductionKernel: "T x, raw T y, float32 z".
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ndgpu/dtype.hpp"

namespace ndgpu::kernel {

struct Param {
  std::string name;
  std::string type;            // as written: a dtype name or a one-letter placeholder
  std::optional<DType> dtype;  // set for concrete types, empty for placeholders
  bool raw = false;
  bool is_placeholder() const { return !dtype.has_value(); }
};

// Parses one list. `kernel_name` and `what` ("in_params") make the error messages precise.
// Raises ValueError for syntax errors, reserved names (i, n, _*) and repeated names.
std::vector<Param> parse_params(std::string_view text, std::string_view kernel_name,
                                std::string_view what);
// Both lists of a kernel, checked: a valid kernel name, at least one output, no name in
// both lists. `has_raw` says whether any parameter is raw.
struct KernelParams {
  std::vector<Param> in, out;
  bool has_raw = false;
};
KernelParams parse_kernel_params(std::string_view in_params, std::string_view out_params,
                                 const std::string& kernel_name);
// Raises ValueError when a name appears in both lists.
void check_unique_names(const std::vector<Param>& in, const std::vector<Param>& out,
                        std::string_view kernel_name);
// True when `identifier` occurs in `code` as a whole C identifier.
bool uses_identifier(std::string_view code, std::string_view identifier);
bool is_identifier(std::string_view s);
// True when every use of `identifier` in `code` is the target of a plain `=` assignment,
// so a kernel need not load its old value.
bool only_assigned(std::string_view code, std::string_view identifier);

}  // namespace ndgpu::kernel
