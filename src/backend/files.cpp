#include "backend/files.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "ndgpu/errors.hpp"

namespace ndgpu {

const std::string& cache_dir() {
  static const std::string dir = [] {
    std::string d;
    if (const char* e = std::getenv("NDGPU_CACHE_DIR"); e && *e)
      d = e;
    else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
      d = std::string(x) + "/ndgpu";
    else if (const char* h = std::getenv("HOME"); h && *h)
      d = std::string(h) + "/.cache/ndgpu";
    else
      d = std::filesystem::temp_directory_path().string() + "/ndgpu-cache";
    std::error_code ec;
    std::filesystem::create_directories(d, ec);
    if (ec) throw BackendError("cannot create the kernel cache folder " + d + ": " + ec.message());
    return d;
  }();
  return dir;
}

// C stdio rather than iostreams: no locale facets on this path (see docs/architecture.md).
void write_file_atomic(const std::string& path, const std::string& bytes) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
                    std::to_string(reinterpret_cast<uintptr_t>(&bytes));
  FILE* f = std::fopen(tmp.c_str(), "wb");
  bool ok = f && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  if (f) ok = std::fclose(f) == 0 && ok;
  if (!ok) {
    std::remove(tmp.c_str());
    throw BackendError("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw BackendError("cannot rename " + tmp + " to " + path);
  }
}

std::optional<std::string> read_file(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string out;
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  std::fclose(f);
  return out;
}

std::string run_command(const std::string& cmd, int* status) {
  std::string out;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) throw BackendError("cannot run: " + cmd);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  int st = ::pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.emplace_back(text, start, end - start);
    start = end + 1;
  }
  return lines;
}

std::string number_lines(const std::string& source) {
  std::string out;
  int line = 0;
  char num[16];
  for (size_t start = 0; start < source.size();) {
    size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    std::snprintf(num, sizeof num, "%4d | ", ++line);
    out += num;
    out.append(source, start, end - start);
    out += '\n';
    start = end + 1;
  }
  return out;
}

std::string hash_hex(const std::string& data) {
  auto fnv = [&](uint64_t h) {
    for (unsigned char c : data) {
      h ^= c;
      h *= 0x100000001b3ull;
    }
    return h;
  };
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx",
                static_cast<unsigned long long>(fnv(0xcbf29ce484222325ull)),
                static_cast<unsigned long long>(fnv(0x84222325cbf29ce4ull)));
  return buf;
}

TempDir::TempDir(const std::string& prefix) {
  std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (!::mkdtemp(tmpl.data())) throw BackendError("cannot create a temporary folder " + tmpl);
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;  // a folder that cannot be removed is left behind, never an error
  std::filesystem::remove_all(path_, ec);
}

}  // namespace ndgpu
