// Helpers shared by the fuzz targets (fuzz/README.md): the input split into text fields and
// read as little-endian numbers.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace ndgpu::fuzz {

// The input as text, cut at each newline into at most `n` fields (the last keeps the rest).
inline std::vector<std::string> fields(const uint8_t* data, size_t size, size_t n) {
  std::string_view s(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> out;
  while (out.size() + 1 < n) {
    size_t nl = s.find('\n');
    if (nl == std::string_view::npos) break;
    out.emplace_back(s.substr(0, nl));
    s.remove_prefix(nl + 1);
  }
  out.emplace_back(s);
  out.resize(n);
  return out;
}

// Reads bytes from the front of the input; past its end every read gives zero.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  int64_t int64() {
    uint64_t v = 0;
    size_t n = size_ - pos_ < 8 ? size_ - pos_ : 8;
    std::memcpy(&v, data_ + pos_, n);
    pos_ += n;
    return int64_t(v);
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace ndgpu::fuzz
