#include "kernel/cache/aot_pack.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "backend/files.hpp"

namespace ndgpu::kernel {
namespace {

// Layout: magic, version, entry count, then per entry its key, payload offset, payload
// size and payload digest, then the payloads. Keys and digests are hash_hex's 32 digits.
constexpr char kMagic[8] = {'N', 'D', 'G', 'P', 'U', 'A', 'O', 'T'};
constexpr uint32_t kVersion = 1;
constexpr size_t kHead = 16, kHex = 32, kEntry = kHex + 8 + 8 + kHex;

uint64_t read_u64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

void put_u64(std::string& out, uint64_t v) {
  out.append(reinterpret_cast<const char*>(&v), 8);
}

}  // namespace

std::unique_ptr<AotPack> AotPack::open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st {};
  void* map = MAP_FAILED;
  if (::fstat(fd, &st) == 0 && st.st_size >= off_t(kHead))
    map = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);  // the mapping stays valid
  if (map == MAP_FAILED) return nullptr;
  std::unique_ptr<AotPack> pack(new AotPack);
  pack->data_ = static_cast<const char*>(map);
  pack->length_ = size_t(st.st_size);
  const char* d = pack->data_;
  uint32_t version, count;
  std::memcpy(&version, d + 8, 4);
  std::memcpy(&count, d + 12, 4);
  if (std::memcmp(d, kMagic, 8) != 0 || version != kVersion ||
      uint64_t(count) > (pack->length_ - kHead) / kEntry)
    return nullptr;
  pack->index_.reserve(count);
  for (uint32_t k = 0; k < count; ++k) {
    const char* e = d + kHead + size_t(k) * kEntry;
    Entry en{std::string(e, kHex), read_u64(e + kHex), read_u64(e + kHex + 8),
             std::string(e + kHex + 16, kHex)};
    if (en.offset > pack->length_ || en.bytes > pack->length_ - en.offset) return nullptr;
    pack->index_.push_back(std::move(en));
  }
  if (!std::is_sorted(pack->index_.begin(), pack->index_.end(),
                      [](const Entry& a, const Entry& b) { return a.key < b.key; }))
    return nullptr;
  return pack;
}

AotPack::~AotPack() {
  if (data_) ::munmap(const_cast<char*>(data_), length_);
}

std::optional<std::string> AotPack::find(const std::string& key) const {
  auto it = std::lower_bound(index_.begin(), index_.end(), key,
                             [](const Entry& e, const std::string& k) { return e.key < k; });
  if (it == index_.end() || it->key != key) return std::nullopt;
  std::string payload(data_ + it->offset, size_t(it->bytes));
  if (hash_hex(payload) != it->digest) return std::nullopt;  // damaged: compile instead
  return payload;
}

std::vector<std::string> AotPack::keys() const {
  std::vector<std::string> out;
  for (const Entry& e : index_) out.push_back(e.key);
  return out;
}

void write_aot_pack(const std::string& path,
                    std::vector<std::pair<std::string, std::string>> entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                entries.end());
  std::string out(kMagic, 8);
  uint32_t version = kVersion, count = uint32_t(entries.size());
  out.append(reinterpret_cast<const char*>(&version), 4);
  out.append(reinterpret_cast<const char*>(&count), 4);
  uint64_t offset = kHead + kEntry * entries.size();
  for (const auto& [key, payload] : entries) {
    out += key.substr(0, kHex);
    out.append(kHex - std::min(kHex, key.size()), '0');
    put_u64(out, offset);
    put_u64(out, payload.size());
    out += hash_hex(payload);
    offset += payload.size();
  }
  for (const auto& e : entries) out += e.second;
  write_file_atomic(path, out);
}

namespace {

struct ProcessPack {
  explicit ProcessPack(const char* variable) : env(variable) {}
  const char* env;  // the variable that overrides `path`
  std::mutex mu;
  std::string path;
  bool loaded = false;
  std::shared_ptr<const AotPack> pack;
};

// Never destroyed: lookups may run at exit.
ProcessPack& cuda_pack() {
  static ProcessPack* p = new ProcessPack("NDGPU_AOT_PACK");
  return *p;
}
ProcessPack& cpu_pack() {
  static ProcessPack* p = new ProcessPack("NDGPU_CPU_AOT_PACK");
  return *p;
}

void set_path(ProcessPack& p, const std::string& path) {
  std::lock_guard lk(p.mu);
  p.path = path;
  p.loaded = false;
  p.pack.reset();
}

std::optional<std::string> find_in(ProcessPack& p, const std::string& key) {
  std::shared_ptr<const AotPack> pack;
  {
    std::lock_guard lk(p.mu);
    if (!p.loaded) {
      const char* env = std::getenv(p.env);
      std::string path = env ? env : p.path;
      if (!path.empty()) p.pack = AotPack::open(path);
      p.loaded = true;
    }
    pack = p.pack;
  }
  if (!pack) return std::nullopt;
  return pack->find(key);
}

}  // namespace

void set_aot_pack_path(const std::string& path) {
  set_path(cuda_pack(), path);
}
void set_cpu_aot_pack_path(const std::string& path) {
  set_path(cpu_pack(), path);
}

std::optional<std::string> aot_pack_find(const std::string& key) {
  return find_in(cuda_pack(), key);
}
std::optional<std::string> cpu_aot_pack_find(const std::string& key) {
  return find_in(cpu_pack(), key);
}

}  // namespace ndgpu::kernel
