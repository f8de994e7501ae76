// The ahead-of-time kernel packs: cubins (CUDA) or shared objects (CPU backend) of ndgpu's
// own common kernels, compiled at build time (tools/aot) and keyed by the disk-cache key, so
// a fresh process finds them without a compiler run. A missing or damaged pack only means
// "no entries".
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ndgpu::kernel {

// A pack file, memory-mapped read-only. Entries are validated (digest) when looked up.
class AotPack {
 public:
  // nullptr when the file is missing, unreadable or malformed.
  static std::unique_ptr<AotPack> open(const std::string& path);
  ~AotPack();
  AotPack(const AotPack&) = delete;
  AotPack& operator=(const AotPack&) = delete;

  // The payload stored under `key`, or nullopt (absent, or damaged).
  std::optional<std::string> find(const std::string& key) const;
  std::vector<std::string> keys() const;
  size_t size() const { return index_.size(); }

 private:
  struct Entry {
    std::string key;
    uint64_t offset, bytes;
    std::string digest;
  };
  AotPack() = default;
  const char* data_ = nullptr;
  size_t length_ = 0;
  std::vector<Entry> index_;  // sorted by key
};

// Writes (atomically) a pack of (key, payload) entries; a repeated key keeps the first.
void write_aot_pack(const std::string& path,
                    std::vector<std::pair<std::string, std::string>> entries);

// Where the process's pack is: NDGPU_AOT_PACK when set (empty: none), else this path (the
// Python module passes the one installed beside it). Setting it drops the loaded pack.
void set_aot_pack_path(const std::string& path);
// The payload for `key` in the process's pack, loaded on first use.
std::optional<std::string> aot_pack_find(const std::string& key);
// The CPU backend's pack, the same way: NDGPU_CPU_AOT_PACK, else the path set here.
void set_cpu_aot_pack_path(const std::string& path);
std::optional<std::string> cpu_aot_pack_find(const std::string& key);

}  // namespace ndgpu::kernel
