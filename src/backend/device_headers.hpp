// ndgpu's device headers (device/), embedded in the library at build time.
#pragma once
#include <map>
#include <string>

namespace ndgpu {
// Include name ("ndgpu/common.cuh", "cupy/complex.cuh") -> text.
const std::map<std::string, std::string>& embedded_device_headers();
}  // namespace ndgpu
