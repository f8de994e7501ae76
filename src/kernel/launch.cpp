#include "kernel/launch.hpp"

#include <algorithm>

#include "kernel/limits.hpp"

namespace ndgpu::kernel {

void launch_elementwise(Device device, const CompiledKernel& k, int64_t n, ArgPack& args,
                        unsigned block) {
  if (n <= 0) return;
  Backend& be = backend_for(device);
  LaunchConfig cfg;
  cfg.stream = current_stream(device);
  if (device.type == DeviceType::CPU) {
    // Chunks of at least 16K elements, a few per host thread for balance; at most 64K, so
    // that a long launch stops soon after Ctrl-C (the CPU backend checks between blocks).
    int64_t threads = be.resident_blocks(device.index, k.function, 1);
    int64_t chunks = std::clamp<int64_t>(n / 16384, 1, std::max(threads * 4, (n + 65535) / 65536));
    cfg.grid.x = unsigned(chunks);
    cfg.block.x = 1;
  } else {
    // One pass over the data (no grid-stride repetition) keeps every SM's loads in flight;
    // the kernels still loop, so a grid capped at 2^31-1 blocks stays correct.
    int64_t needed = (n + block - 1) / block;
    cfg.block.x = block;
    cfg.grid.x = unsigned(std::clamp<int64_t>(needed, 1, kMaxGridX));
  }
  be.launch(device.index, k.function, cfg, args.pointers());
}

}  // namespace ndgpu::kernel
