// The current device per thread, the default device and the device check.
#include "ndgpu/device.hpp"

#include <cstdlib>

#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {

std::string Device::str() const {
  return std::string(type == DeviceType::CPU ? "cpu:" : "cuda:") + std::to_string(index);
}

Device parse_device(const std::string& text) {
  auto colon = text.find(':');
  std::string kind = text.substr(0, colon);
  int index = 0;
  if (colon != std::string::npos) {  // digits only: no sign, no trailing text ("cpu:-1", "cpu:1x")
    const std::string digits = text.substr(colon + 1);
    size_t used = 0;
    try {
      if (!digits.empty() && digits[0] >= '0' && digits[0] <= '9') index = std::stoi(digits, &used);
    } catch (...) {
      used = 0;
    }
    if (used == 0 || used != digits.size()) throw ValueError("invalid device '" + text + "'");
  }
  if (kind == "cpu") return {DeviceType::CPU, index};
  if (kind == "cuda" || kind == "gpu") return {DeviceType::CUDA, index};
  throw ValueError("invalid device '" + text + "': expected cpu, cpu:N, cuda or cuda:N");
}

namespace {

Device initial_device() {
  static const Device d = [] {
    if (const char* env = std::getenv("NDGPU_DEVICE"); env && *env) {
      Device dev = parse_device(env);
      if (dev.type == DeviceType::CUDA && !cuda_available())
        throw BackendError("NDGPU_DEVICE=" + std::string(env) + " but no CUDA device is present");
      return dev;
    }
    return Device{default_device_type(), 0};
  }();
  return d;
}

// In static TLS (initial-exec): read on every call without a __tls_get_addr call.
thread_local bool tls_set __attribute__((tls_model("initial-exec"))) = false;
thread_local Device tls_device __attribute__((tls_model("initial-exec")));

}  // namespace

DeviceType default_device_type() {
  if (const char* env = std::getenv("NDGPU_DEVICE"); env && *env) return parse_device(env).type;
  return cuda_available() ? DeviceType::CUDA : DeviceType::CPU;
}

Device current_device() {
  if (!tls_set) {
    tls_device = initial_device();
    tls_set = true;
  }
  return tls_device;
}

void set_current_device(Device d) {
  int n = device_count(d.type);
  if (d.index < 0 || d.index >= n)
    throw ValueError("invalid device ordinal " + std::to_string(d.index) + ": there " +
                     (n == 1 ? "is 1 device" : "are " + std::to_string(n) + " devices") +
                     " (for more CPU devices set NDGPU_CPU_DEVICES)");
  tls_device = d;
  tls_set = true;
}

int device_count(DeviceType t) {
  if (t == DeviceType::CUDA && !cuda_available()) return 0;
  return backend_for(t).device_count();
}

void check_device(Device array_device) {
  Device cur = current_device();
  if (array_device == cur) return;
  throw ValueError("Array device must be same as the current device: array device = " +
                   std::to_string(array_device.index) +
                   " while current = " + std::to_string(cur.index));
}

DeviceGuard::DeviceGuard(Device d) : previous_(current_device()) {
  set_current_device(d);
}
DeviceGuard::~DeviceGuard() {
  tls_device = previous_;
  tls_set = true;
}

}  // namespace ndgpu
