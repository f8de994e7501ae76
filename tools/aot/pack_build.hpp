// What the CUDA and CPU packs' builds share: captured kernels, the previous pack's binaries
// reused by key, and the pack written with its one-line summary.
#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "ndgpu/backend.hpp"

namespace ndgpu::aot {

struct Captured {
  int device;
  KernelSource src;
  std::string key, binary;
};

// Gives each kernel the binary the pack at `out` holds for its key (a key hashes everything
// that makes one); returns those it lacks, to be compiled.
std::vector<Captured*> reuse_previous(const std::string& out, std::vector<Captured>& kernels);

// Writes the pack, and with `list` one line per kernel (key, target(c), name, bytes); then
// the summary on stderr. `what` names the binaries ("cubins").
void write_pack(const std::string& out, const std::vector<Captured>& kernels, bool list,
                const std::function<std::string(const Captured&)>& target, const char* what,
                size_t skipped, size_t compiled, std::chrono::steady_clock::time_point start,
                std::chrono::steady_clock::time_point captured);

}  // namespace ndgpu::aot
