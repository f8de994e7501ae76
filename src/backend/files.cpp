#include "backend/files.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>

#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"

namespace ndgpu {

const std::string& configured_cache_dir() {
  static const std::string dir = [] {
    if (const char* e = std::getenv("NDGPU_CACHE_DIR"); e && *e) return std::string(e);
    if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/ndgpu";
    if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/ndgpu";
    return std::filesystem::temp_directory_path().string() + "/ndgpu-cache";
  }();
  return dir;
}

namespace {

// Why `dir` cannot hold the cache, or "" when it can (as far as can be told before writing).
std::string unusable_because(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return ec.message();
  if (!std::filesystem::is_directory(dir, ec)) return "it is not a directory";
  if (::access(dir.c_str(), W_OK | X_OK) != 0) return std::strerror(errno);
  return "";
}

struct CacheFolder {
  std::mutex mu;
  std::atomic<const std::string*> current{nullptr};
  std::unique_ptr<TempDir> fallback;  // removed at exit with what was compiled into it
};
CacheFolder& cache_folder() {
  static CacheFolder f;
  return f;
}

// Moves the cache to the private folder, warning once; caller holds the lock.
const std::string& fall_back(CacheFolder& f, const std::string& why) {
  if (!f.fallback) {
    f.fallback = std::make_unique<TempDir>("ndgpu-cache");
    std::fprintf(stderr,
                 "ndgpu: warning: the kernel cache folder %s cannot be used (%s); kernels are "
                 "compiled into %s for this process instead (set NDGPU_CACHE_DIR to a writable "
                 "folder to keep them)\n",
                 configured_cache_dir().c_str(), why.c_str(), f.fallback->path().c_str());
  }
  f.current = &f.fallback->path();
  return f.fallback->path();
}

}  // namespace

const std::string& cache_dir() {
  CacheFolder& f = cache_folder();
  if (const std::string* d = f.current.load()) return *d;
  std::lock_guard lk(f.mu);
  if (const std::string* d = f.current.load()) return *d;
  const std::string& dir = configured_cache_dir();
  std::string why = unusable_because(dir);
  if (!why.empty()) return fall_back(f, why);
  f.current = &dir;
  return dir;
}

std::string with_cache_dir(const std::function<void(const std::string& dir)>& write) {
  std::string dir = cache_dir();
  try {
    write(dir);
    return dir;
  } catch (const BackendError& e) {
    CacheFolder& f = cache_folder();
    {
      std::lock_guard lk(f.mu);
      if (f.current.load() == &configured_cache_dir()) fall_back(f, e.what());
    }
    if (cache_dir() == dir) throw;  // the private folder itself failed
    dir = cache_dir();
    write(dir);
    return dir;
  }
}

// C stdio rather than iostreams: no locale facets on this path (see docs/architecture.md).
void write_file_atomic(const std::string& path, const std::string& bytes) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." +
                    std::to_string(reinterpret_cast<uintptr_t>(&bytes));
  FILE* f = std::fopen(tmp.c_str(), "wb");
  bool ok = f && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  if (f) ok = std::fclose(f) == 0 && ok;
  if (!ok) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw BackendError("cannot write " + tmp + ": " + why);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw BackendError("cannot rename " + tmp + " to " + path + ": " + why);
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
  BlockingRegion unblock;  // a compiler runs for a while: other host threads go on
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
