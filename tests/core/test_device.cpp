// Devices (src/core/device.cpp): names, the per-thread current device and the device check.
#include "ndgpu/device.hpp"

#include <gtest/gtest.h>

#include "ndgpu/errors.hpp"

using namespace ndgpu;

TEST(Device, ParsesAndPrintsNames) {
  EXPECT_EQ(parse_device("cpu"), (Device{DeviceType::CPU, 0}));
  EXPECT_EQ(parse_device("cuda:1"), (Device{DeviceType::CUDA, 1}));
  EXPECT_EQ(parse_device("gpu"), (Device{DeviceType::CUDA, 0}));
  EXPECT_EQ((Device{DeviceType::CUDA, 2}).str(), "cuda:2");
  EXPECT_EQ((Device{DeviceType::CPU, 0}).str(), "cpu:0");
  EXPECT_THROW(parse_device("tpu"), ValueError);
  EXPECT_THROW(parse_device("cuda:x"), ValueError);
  EXPECT_THROW(parse_device("cpu:-1"), ValueError);  // found by fuzz/dtype_name.cpp
  EXPECT_THROW(parse_device("cpu:1x"), ValueError);
  EXPECT_THROW(parse_device("cuda:"), ValueError);
  EXPECT_EQ(parse_device("cpu:12"), (Device{DeviceType::CPU, 12}));
}

TEST(Device, GuardRestoresAndOrdinalsAreChecked) {
  Device start = current_device();
  int n = device_count(start.type);
  ASSERT_GE(n, 1);
  {
    DeviceGuard g(Device{start.type, n - 1});
    EXPECT_EQ(current_device().index, n - 1);
  }
  EXPECT_EQ(current_device(), start);
  EXPECT_THROW(set_current_device(Device{start.type, n}), ValueError);
  EXPECT_THROW(set_current_device(Device{start.type, -1}), ValueError);
  EXPECT_EQ(current_device(), start);  // nothing changed by the failed calls
}

TEST(Device, CheckDeviceRaisesTheSeedsValueError) {
  Device cur = current_device();
  EXPECT_NO_THROW(check_device(cur));
  try {
    check_device(Device{cur.type, cur.index + 1});
    FAIL() << "no error";
  } catch (const ValueError& e) {
    EXPECT_EQ(std::string(e.what()),
              "Array device must be same as the current device: array device = " +
                  std::to_string(cur.index + 1) + " while current = " + std::to_string(cur.index));
  }
}
