#include "backend/cpu/cuda_on_cpu.hpp"

#include <cctype>
#include <set>
#include <vector>

namespace ndgpu::cpu {
namespace {

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Skips a comment or a string/char literal starting at i; returns the index after it, or i.
size_t skip_non_code(const std::string& s, size_t i) {
  if (s.compare(i, 2, "//") == 0) {
    size_t e = s.find('\n', i);
    return e == std::string::npos ? s.size() : e;
  }
  if (s.compare(i, 2, "/*") == 0) {
    size_t e = s.find("*/", i + 2);
    return e == std::string::npos ? s.size() : e + 2;
  }
  if (s[i] == '"' || s[i] == '\'') {
    char q = s[i];
    size_t j = i + 1;
    while (j < s.size() && s[j] != q) j += s[j] == '\\' ? 2 : 1;
    return std::min(j + 1, s.size());
  }
  return i;
}

// The first index at or after i that is not in a comment or literal.
size_t next_code(const std::string& s, size_t i) {
  for (size_t j; i < s.size() && (j = skip_non_code(s, i)) != i;) i = j;
  return i;
}

bool word_at(const std::string& s, size_t i, const char* w) {
  size_t n = std::char_traits<char>::length(w);
  return s.compare(i, n, w) == 0 && (i == 0 || !ident_char(s[i - 1])) &&
         (i + n >= s.size() || !ident_char(s[i + n]));
}

// Removes __align__(...), alignas(...) and __attribute__((...)) from a declaration.
std::string strip_alignment(std::string d) {
  for (const char* kw : {"__align__", "alignas", "__attribute__"}) {
    for (size_t p; (p = d.find(kw)) != std::string::npos;) {
      size_t open = d.find('(', p);
      if (open == std::string::npos) break;
      int depth = 0;
      size_t j = open;
      for (; j < d.size(); ++j) {
        if (d[j] == '(') ++depth;
        if (d[j] == ')' && --depth == 0) break;
      }
      d.erase(p, j + 1 - p);
    }
  }
  return d;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// "float sdata[]" -> {"float", "sdata"}; false when it is not of that form.
bool split_declaration(const std::string& decl, std::string* type, std::string* name) {
  std::string d = trim(strip_alignment(decl));
  size_t br = d.rfind('[');
  if (br == std::string::npos || trim(d.substr(br)) != "[]") return false;
  d = trim(d.substr(0, br));
  size_t e = d.size();
  size_t b = e;
  while (b > 0 && ident_char(d[b - 1])) --b;
  if (b == e || b == 0) return false;
  *name = d.substr(b);
  *type = trim(d.substr(0, b));
  return !type->empty();
}

}  // namespace

std::string rewrite_extern_shared(const std::string& src) {
  std::string out;
  std::vector<bool> code_scope;  // per open brace: inside a function (not extern "C"/namespace)
  int line = 1;
  size_t i = 0, copied = 0;
  while ((i = next_code(src, i)) < src.size()) {
    char c = src[i];
    if (c == '{') {
      size_t k = src.find_last_not_of(" \t\r\n", i ? i - 1 : 0);
      bool ns = false;
      if (k != std::string::npos && k < i && src[k] == '"') ns = true;  // extern "C" {
      size_t nsp = src.rfind("namespace", i);
      if (nsp != std::string::npos && src.find_first_of(";{}", nsp) == i) ns = true;
      bool inside = !ns || (!code_scope.empty() && code_scope.back());
      code_scope.push_back(inside);
    } else if (c == '}') {
      if (!code_scope.empty()) code_scope.pop_back();
    } else if (c == '#') {
      // A preprocessor line (with continuations) is copied untouched.
      size_t e = i;
      while ((e = src.find('\n', e)) != std::string::npos && e > 0 && src[e - 1] == '\\') ++e;
      if (e == std::string::npos) e = src.size();
      for (size_t k = i; k < e; ++k) line += src[k] == '\n';
      i = e;
      continue;
    } else if (c == '\n') {
      ++line;
    } else if (word_at(src, i, "extern")) {
      size_t k = src.find_first_not_of(" \t\r\n", i + 6);
      size_t semi = src.find(';', i);
      std::string type, name;
      if (k != std::string::npos && word_at(src, k, "__shared__") && semi != std::string::npos &&
          split_declaration(src.substr(k + 10, semi - k - 10), &type, &name)) {
        int newlines = 0;
        for (size_t q = i; q < semi; ++q) newlines += src[q] == '\n';
        out.append(src, copied, i - copied);
        std::string ptr = "((" + type + "*)ndgpu_cpu::dynamic_shared())";
        if (!code_scope.empty() && code_scope.back())
          out += type + "* " + name + " = " + ptr + ";" + std::string(newlines, '\n');
        else
          out +=
              "\n#define " + name + " " + ptr + "\n#line " + std::to_string(line + newlines) + "\n";
        line += newlines;
        i = copied = semi + 1;
        continue;
      }
    }
    ++i;
  }
  out.append(src, copied, std::string::npos);
  return out;
}

bool uses_barriers(const std::string& s) {
  for (const char* w : {"__syncthreads", "__syncwarp", "__shfl", "__ballot_sync", "__any_sync",
                        "__all_sync", "__reduce_", "__match_"})
    if (s.find(w) != std::string::npos) return true;
  return false;
}

std::string rename_kernels(const std::string& src, std::set<std::string>* names) {
  std::set<std::string> renamed;
  std::string out;
  size_t i = 0, copied = 0;
  while ((i = next_code(src, i)) < src.size()) {
    if (!word_at(src, i, "__global__")) {
      ++i;
      continue;
    }
    // The function's name: the last identifier before its '(' (skipping __launch_bounds__).
    size_t k = i + 10, name_at = std::string::npos;
    while (k < src.size() && src[k] != '(' && src[k] != ';' && src[k] != '{') {
      if (word_at(src, k, "__launch_bounds__")) {
        int depth = 0;
        for (k = src.find('(', k); k < src.size(); ++k)
          if (src[k] == '(')
            ++depth;
          else if (src[k] == ')' && --depth == 0)
            break;
        ++k;
      } else if (ident_char(src[k]) && (k == 0 || !ident_char(src[k - 1]))) {
        name_at = k;
        while (k < src.size() && ident_char(src[k])) ++k;
      } else {
        ++k;
      }
    }
    if (k < src.size() && src[k] == '(' && name_at != std::string::npos) {
      size_t e = name_at;
      while (e < src.size() && ident_char(src[e])) ++e;
      std::string name = src.substr(name_at, e - name_at);
      if (names->count(name)) {
        renamed.insert(std::move(name));
        out.append(src, copied, e - copied);
        out += kKernelSuffix;
        copied = e;
      }
    }
    i = k;
  }
  *names = std::move(renamed);
  return out.append(src, copied, std::string::npos);
}

std::string entry_symbol(const std::string& name) {
  bool ident = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) ident = ident && ident_char(c);
  if (ident) return name + "__ndgpu_entry";
  static const char* hex = "0123456789abcdef";
  std::string s = "ndgpu_x_";
  for (unsigned char c : name) {
    s += hex[c >> 4];
    s += hex[c & 15];
  }
  return s + "__ndgpu_entry";
}

}  // namespace ndgpu::cpu
