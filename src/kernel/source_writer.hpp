// Builds generated kernel source. Plain string appends rather than iostreams: number
// formatting through iostream locale facets crashed inside the Python module on the GPU
// machine, and appends are faster on the dispatch path anyway.
#pragma once
#include <string>
#include <string_view>

namespace ndgpu::kernel {

class SourceWriter {
 public:
  SourceWriter& operator<<(std::string_view s) {
    text_ += s;
    return *this;
  }
  SourceWriter& operator<<(char c) {
    text_ += c;
    return *this;
  }
  SourceWriter& operator<<(long long v) {
    text_ += std::to_string(v);
    return *this;
  }
  SourceWriter& operator<<(int v) { return *this << static_cast<long long>(v); }
  const std::string& str() const { return text_; }

 private:
  std::string text_;
};

}  // namespace ndgpu::kernel
