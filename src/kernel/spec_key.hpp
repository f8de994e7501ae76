// A specialisation's key, built in place: everything a generated source depends on (device,
// layout, dtypes), so that equal keys share one compiled kernel. No heap for typical keys.
#pragma once
#include <cstdint>
#include <span>
#include <string_view>

#include "kernel/arg_spec.hpp"
#include "ndgpu/device.hpp"
#include "ndgpu/small_vector.hpp"

namespace ndgpu::kernel {

class SpecKey {
 public:
  void put(char c) { buf_.push_back(c); }
  void put(std::string_view s) {
    for (char c : s) put(c);
  }
  void put_int(int64_t v) {  // no snprintf: this runs on every uncached-shortcut call
    char tmp[24];
    size_t n = 0;
    uint64_t u = v < 0 ? (put('-'), uint64_t(-v)) : uint64_t(v);
    do {
      tmp[n++] = char('0' + u % 10);
      u /= 10;
    } while (u);
    while (n) put(tmp[--n]);
  }
  void put_device(Device d) {
    put(d.type == DeviceType::CPU ? 'c' : 'g');
    put_int(d.index);
  }
  // Each argument's kind, bound type and storage type (and a raw array's ndim).
  void put_args(std::span<const ArgSpec> specs) {
    for (const auto& a : specs) {
      put(char('0' + int(a.kind)));
      put(dtype_char(a.type));
      put(dtype_char(a.storage));
      if (a.kind == ArgKind::Raw) put_int(a.raw_ndim);
    }
  }
  std::string_view view() const { return {buf_.data(), buf_.size()}; }

 private:
  SmallVector<char, 192> buf_;
};

}  // namespace ndgpu::kernel
