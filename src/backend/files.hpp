// Files the backends and the kernel cache share: the cache folder and atomic writes.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ndgpu {

// The kernel cache folder: NDGPU_CACHE_DIR, else $XDG_CACHE_HOME/ndgpu, else ~/.cache/ndgpu,
// created on first use. When it cannot be used (read-only, full, a file), ndgpu warns once on
// stderr, naming it, and a private temporary folder serves instead: a cache never locks a
// user out. The returned reference stays valid for the process's life.
const std::string& cache_dir();
// The folder the user configured, whether or not it is in use.
const std::string& configured_cache_dir();
// Runs `write(cache_dir())`; when it throws BackendError (a full disk, a folder made read-only
// meanwhile), moves the cache to the private folder as above and runs it there. Returns the
// folder that took the write.
std::string with_cache_dir(const std::function<void(const std::string& dir)>& write);
// Writes through a temporary file and rename(), so readers never see half a file.
void write_file_atomic(const std::string& path, const std::string& bytes);
std::optional<std::string> read_file(const std::string& path);
// Runs a shell command; returns its stdout and stderr together and sets *status (-1 when
// it did not exit normally). Used to run the host compiler and nvcc.
std::string run_command(const std::string& cmd, int* status);
// `s` quoted for a POSIX shell.
std::string shell_quote(const std::string& s);
// The lines of `text`, without their '\n'.
std::vector<std::string> split_lines(const std::string& text);
// "   1 | first line" numbering, used by every CompileError.
std::string number_lines(const std::string& source);
// A fresh private folder under the system's temporary directory (mkdtemp), removed with
// everything in it when this goes out of scope. Raises BackendError when it cannot be made.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A hex digest (FNV-1a 64 over two seeds = 128 bits): stable across runs and machines.
std::string hash_hex(const std::string& data);

}  // namespace ndgpu
