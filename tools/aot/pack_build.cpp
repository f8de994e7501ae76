#include "pack_build.hpp"

#include <cstdio>
#include <optional>

#include "kernel/cache/aot_pack.hpp"

namespace ndgpu::aot {

std::vector<Captured*> reuse_previous(const std::string& out, std::vector<Captured>& kernels) {
  std::vector<Captured*> to_compile;
  auto previous = kernel::AotPack::open(out);
  for (Captured& c : kernels) {
    if (auto bin = previous ? previous->find(c.key) : std::nullopt)
      c.binary = std::move(*bin);
    else
      to_compile.push_back(&c);
  }
  return to_compile;
}

void write_pack(const std::string& out, const std::vector<Captured>& kernels, bool list,
                const std::function<std::string(const Captured&)>& target, const char* what,
                size_t skipped, size_t compiled, std::chrono::steady_clock::time_point start,
                std::chrono::steady_clock::time_point captured) {
  std::vector<std::pair<std::string, std::string>> entries;
  size_t bytes = 0;
  for (const Captured& c : kernels) {
    bytes += c.binary.size();
    entries.emplace_back(c.key, c.binary);
    if (list)
      std::printf("%s %s %s %zu\n", c.key.c_str(), target(c).c_str(), c.src.name_hint.c_str(),
                  c.binary.size());
  }
  kernel::write_aot_pack(out, std::move(entries));
  auto end = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::fprintf(stderr,
               "ndgpu_aot: %zu kernels (%zu calls refused as NumPy does), %.1f MiB of %s, "
               "captured in %.0f ms; %zu reused from the previous pack, %zu compiled in %.1f s\n",
               kernels.size(), skipped, double(bytes) / (1 << 20), what, ms(start, captured),
               kernels.size() - compiled, compiled, ms(captured, end) / 1000);
}

}  // namespace ndgpu::aot
