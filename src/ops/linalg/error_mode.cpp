#include "ndgpu/linalg_errors.hpp"

namespace ndgpu::linalg {
namespace {
thread_local ErrorMode mode = ErrorMode::Raise;  // per thread, as NumPy's errstate
}  // namespace

ErrorMode error_mode() {
  return mode;
}

void set_error_mode(ErrorMode m) {
  mode = m;
}

}  // namespace ndgpu::linalg
