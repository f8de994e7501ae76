#include "backend/files.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ndgpu/errors.hpp"

namespace ndgpu {

const std::string& cache_dir() {
  static const std::string dir = [] {
    std::string d;
    if (const char* e = std::getenv("NDGPU_CACHE_DIR"); e && *e) d = e;
    else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) d = std::string(x) + "/ndgpu";
    else if (const char* h = std::getenv("HOME"); h && *h) d = std::string(h) + "/.cache/ndgpu";
    else d = std::filesystem::temp_directory_path().string() + "/ndgpu-cache";
    std::error_code ec;
    std::filesystem::create_directories(d, ec);
    if (ec) throw BackendError("cannot create the kernel cache folder " + d + ": " + ec.message());
    return d;
  }();
  return dir;
}

void write_file_atomic(const std::string& path, const std::string& bytes) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
                    std::to_string(reinterpret_cast<uintptr_t>(&bytes));
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
    if (!f) throw BackendError("cannot write " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw BackendError("cannot rename " + tmp + " to " + path);
  }
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
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

}  // namespace ndgpu
