// Devices: "cpu:N" (the CPU backend, with NDGPU_CPU_DEVICES virtual devices) or "cuda:N".
#pragma once
#include <cstdint>
#include <string>

namespace ndgpu {

enum class DeviceType : uint8_t { CPU, CUDA };

struct Device {
  DeviceType type = DeviceType::CPU;
  int index = 0;
  bool operator==(const Device&) const = default;
  std::string str() const;  // "cpu:0", "cuda:1"
};

// The backend used when NDGPU_DEVICE does not say: CUDA when a GPU is present, else CPU.
DeviceType default_device_type();
// Parses "cpu", "cuda", "cuda:1"; raises ValueError for anything else.
Device parse_device(const std::string& text);

// Each thread has its own current device, starting at the default one.
Device current_device();
void set_current_device(Device d);
// Number of devices of the default backend.
int device_count(DeviceType t);

// Raises the seed's ValueError when `array_device` is not the current device.
void check_device(Device array_device);

// Makes `d` current for a scope (C++'s `with Device(n):`).
class DeviceGuard {
 public:
  explicit DeviceGuard(Device d);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  Device previous_;
};

}  // namespace ndgpu
