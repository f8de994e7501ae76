// NumPy's print(a) and repr(a) for the example's real arrays: shortest round-trip digits, at
// most 8 after the point, padded to a common width; more than 1000 elements summarised.
#pragma once
#include <ndgpu/ndgpu.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string>
#include <vector>

namespace detail {

// One element's digits, its fraction trimmed as NumPy's 'maxprec' floatmode does.
inline std::string float_digits(double v, bool single) {
  char buf[64];
  auto end = single ? std::to_chars(buf, buf + sizeof buf, float(v), std::chars_format::fixed)
                    : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  std::string s(buf, end.ptr);
  size_t dot = s.find('.');
  if (dot != std::string::npos && s.size() - dot - 1 > 8) {
    std::snprintf(buf, sizeof buf, "%.8f", v);
    s = buf;
    while (s.back() == '0') s.pop_back();
  }
  if (s.find('.') == std::string::npos) s += '.';
  return s;
}

inline std::vector<std::string> format_all(const ndgpu::NDArray& a) {
  ndgpu::NDArray host = a.astype(ndgpu::DType::Float64);
  std::vector<double> v(size_t(a.size()));
  host.to_host(v.data());
  bool is_float = ndgpu::kind(a.dtype()) == ndgpu::DTypeKind::Float;
  std::vector<std::string> s;
  size_t fraction = 0;
  for (double x : v) {
    s.push_back(is_float ? float_digits(x, a.dtype() == ndgpu::DType::Float32)
                         : std::to_string(int64_t(x)));
    if (is_float) fraction = std::max(fraction, s.back().size() - s.back().find('.') - 1);
  }
  for (auto& x : s)
    if (is_float) x.append(fraction - (x.size() - x.find('.') - 1), '0');
  return s;
}

}  // namespace detail

// print(a): rows on their own lines, elements right-aligned to the widest.
inline std::string str(const ndgpu::NDArray& a) {
  std::vector<std::string> s = detail::format_all(a);
  if (a.ndim() == 0) return s[0];
  bool summarise = a.size() > 1000 && a.ndim() == 1;
  if (summarise) s = {s[0], s[1], s[2], s[s.size() - 3], s[s.size() - 2], s[s.size() - 1]};
  size_t width = 0;
  for (auto& x : s) width = std::max(width, x.size());
  int64_t row = a.ndim() == 1 ? int64_t(s.size()) : a.shape()[a.ndim() - 1];
  std::string out(size_t(a.ndim()), '[');
  size_t line_start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    std::string word = std::string(width - s[i].size(), ' ') + s[i];
    if (i > 0 && int64_t(i) % row == 0) {
      out += "]\n" + std::string(size_t(a.ndim() - 1), ' ') + "[";
      line_start = out.rfind('\n') + 1;
    } else if (i > 0) {
      // NumPy's line width of 75, the closing bracket included.
      size_t tail = i + 1 == s.size() ? size_t(a.ndim()) : 0;
      if (out.size() - line_start + 1 + word.size() + tail > 75) {
        out += "\n" + std::string(size_t(a.ndim()), ' ');
        line_start = out.size() - size_t(a.ndim());
        out += word;
        continue;
      }
      out += ' ';
    }
    if (summarise && i == 3) out += "... ";
    out += word;
  }
  return out + std::string(size_t(a.ndim()), ']');
}

// repr(a) of a 0-d array: array(3.74165739).
inline std::string repr(const ndgpu::NDArray& a) {
  return "array(" + str(a) + ")";
}
