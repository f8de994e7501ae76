// dtype names and codes, casting names and device strings (src/core/dtype.cpp, device.cpp).
// A recognised name must round-trip through its canonical name.
#include <cstdlib>
#include <string>

#include "ndgpu/device.hpp"
#include "ndgpu/dtype.hpp"
#include "ndgpu/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ndgpu;
  std::string s(reinterpret_cast<const char*>(data), size);
  if (auto t = dtype_from_name(s)) {
    if (dtype_from_name(dtype_name(*t)) != t) std::abort();
    if (parse_dtype(s) != *t) std::abort();
  } else {
    try {
      parse_dtype(s);
      std::abort();  // parse_dtype accepted what dtype_from_name refused
    } catch (const TypeError&) {
    }
  }
  casting_from_name(s);
  try {
    Device d = parse_device(s);
    if (d.index < 0) std::abort();
  } catch (const ValueError&) {
  }
  return 0;
}
