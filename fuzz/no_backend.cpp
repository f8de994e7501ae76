// What the fuzzed core code links against but never calls: no backend is present in a fuzz
// target, so any call is a bug in the target.
#include <cstdio>
#include <cstdlib>

#include "ndgpu/backend.hpp"
#include "ndgpu/ndarray.hpp"

namespace ndgpu {

namespace {
[[noreturn]] void unexpected(const char* what) {
  std::fprintf(stderr, "fuzz target called %s, which needs a backend\n", what);
  std::abort();
}
}  // namespace

Backend& backend_for(DeviceType) {
  unexpected("backend_for");
}
Backend& backend_for_release(DeviceType) {
  unexpected("backend_for_release");
}
void detail::run_deferred_work_now() {
  unexpected("run_deferred_work");  // nothing is deferred without a backend
}
bool cuda_available() {
  return false;
}
StreamHandle current_stream(Device) {
  unexpected("current_stream");
}
NDArray NDArray::copy(Order) const {
  unexpected("NDArray::copy");
}

}  // namespace ndgpu
