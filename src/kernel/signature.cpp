#include "kernel/signature.hpp"

#include "kernel/definition.hpp"

#include <cctype>

#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {
namespace {

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) words.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

}  // namespace

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!ident_char(c)) return false;
  return true;
}

bool uses_identifier(std::string_view code, std::string_view id) {
  for (size_t p = code.find(id); p != std::string_view::npos; p = code.find(id, p + 1)) {
    bool left_ok = p == 0 || !ident_char(code[p - 1]);
    bool right_ok = p + id.size() >= code.size() || !ident_char(code[p + id.size()]);
    // `a.i` or `a->i` is a member, not the loop index.
    bool member =
        p > 0 && (code[p - 1] == '.' || (p > 1 && code[p - 1] == '>' && code[p - 2] == '-'));
    if (left_ok && right_ok && !member) return true;
  }
  return false;
}

bool only_assigned(std::string_view code, std::string_view id) {
  for (size_t p = code.find(id); p != std::string_view::npos; p = code.find(id, p + 1)) {
    bool left_ok = p == 0 || !ident_char(code[p - 1]);
    size_t q = p + id.size();
    if (!left_ok || (q < code.size() && ident_char(code[q]))) continue;
    while (q < code.size() && (code[q] == ' ' || code[q] == '\t' || code[q] == '\n')) ++q;
    if (q + 1 >= code.size() || code[q] != '=' || code[q + 1] == '=') return false;
  }
  return true;
}

std::vector<Param> parse_params(std::string_view text, std::string_view kernel_name,
                                std::string_view what) {
  std::vector<Param> params;
  std::string prefix = std::string(kernel_name) + ": " + std::string(what) + ": ";
  size_t start = 0;
  std::string all(text);
  if (split_words(all).empty()) return params;
  while (start <= all.size()) {
    size_t comma = all.find(',', start);
    if (comma == std::string::npos) comma = all.size();
    std::string item = all.substr(start, comma - start);
    start = comma + 1;
    auto words = split_words(item);
    Param p;
    if (words.size() == 3 && words[0] == "raw") {
      p.raw = true;
      words.erase(words.begin());
    }
    if (words.size() != 2)
      throw ValueError(prefix + "syntax error in parameter '" + item +
                       "': expected '[raw] TYPE NAME'");
    p.type = words[0];
    p.name = words[1];
    if (!is_identifier(p.name))
      throw ValueError(prefix + "invalid parameter name '" + p.name + "'");
    if (p.name == "i" || p.name[0] == '_')  // as CuPy: `n` is free for users' kernels
      throw ValueError(prefix + "parameter name '" + p.name +
                       "' is reserved (i and names starting with '_' are used by the kernel)");
    if (p.type.size() != 1) {
      p.dtype = dtype_from_name(p.type);
      if (!p.dtype)
        throw ValueError(prefix + "unknown type '" + p.type + "' of parameter '" + p.name +
                         "' (use a NumPy dtype name or a one-letter placeholder)");
    } else if (!std::isalpha(static_cast<unsigned char>(p.type[0]))) {
      throw ValueError(prefix + "invalid placeholder type '" + p.type + "'");
    }
    for (const auto& q : params)
      if (q.name == p.name) throw ValueError(prefix + "parameter '" + p.name + "' is repeated");
    params.push_back(std::move(p));
    if (comma == all.size()) break;
  }
  return params;
}

void check_unique_names(const std::vector<Param>& in, const std::vector<Param>& out,
                        std::string_view kernel_name) {
  for (const auto& a : in)
    for (const auto& b : out)
      if (a.name == b.name)
        throw ValueError(std::string(kernel_name) + ": parameter '" + a.name +
                         "' is both an input and an output");
}

}  // namespace ndgpu::kernel

namespace ndgpu::kernel {

KernelParams parse_kernel_params(std::string_view in_params, std::string_view out_params,
                                 const std::string& name) {
  if (!is_identifier(name)) throw ValueError("invalid kernel name '" + name + "'");
  KernelParams k;
  k.in = parse_params(in_params, name, "in_params");
  k.out = parse_params(out_params, name, "out_params");
  if (k.out.empty()) throw ValueError(name + ": out_params must name at least one output");
  check_unique_names(k.in, k.out, name);
  for (const auto& p : k.in) k.has_raw = k.has_raw || p.raw;
  for (const auto& p : k.out) k.has_raw = k.has_raw || p.raw;
  return k;
}

KernelDefinition::KernelDefinition(std::string_view in_params, std::string_view out_params,
                                   std::string name_, std::string preamble_, bool reduce_dims_,
                                   std::vector<std::string> options_)
    : name(std::move(name_)),
      preamble(std::move(preamble_)),
      options(std::move(options_)),
      reduce_dims(reduce_dims_) {
  KernelParams params = parse_kernel_params(in_params, out_params, name);
  in = std::move(params.in);
  out = std::move(params.out);
  has_raw = params.has_raw;
}

}  // namespace ndgpu::kernel
