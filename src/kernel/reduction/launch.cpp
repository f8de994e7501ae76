#include "kernel/reduction/launch.hpp"

#include <algorithm>
#include <cstring>

#include "kernel/reduction/codegen.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {
namespace {

// The CPU's column reductions: outputs per task unit (a tile of reduce.cuh's
// cpu_column_tiles, 16 KB of float32 accumulators) and the fewest rows worth a split.
constexpr int64_t kCpuColumnTile = 4096;
constexpr int64_t kCpuSplitRows = 64;

unsigned pow2_at_least(int64_t v, unsigned lo, unsigned hi) {
  unsigned p = lo;
  while (p < hi && int64_t(p) < v) p <<= 1;
  return p;
}

void push_index(ArgPack& pack, int64_t v, bool index32) {
  if (index32)
    pack.push(int32_t(v));
  else
    pack.push(int64_t(v));
}

void push_ints(ArgPack& pack, const char* ptr, const int64_t* vals, int n, bool index32) {
  std::byte buf[8 + 16 * 8] = {};
  size_t off = 0;
  if (ptr) {
    std::memcpy(buf, &ptr, sizeof ptr);
    off = sizeof ptr;
  }
  for (int d = 0; d < n; ++d) {
    if (index32) {
      int32_t v = int32_t(vals[d]);
      std::memcpy(buf + off + d * 4, &v, 4);
    } else {
      std::memcpy(buf + off + d * 8, &vals[d], 8);
    }
  }
  size_t bytes = off + size_t(std::max(n, 1)) * (index32 ? 4 : 8);
  pack.push_bytes(buf, bytes);
}

}  // namespace

Geometry choose_geometry(Device device, void* fn, const ReductionPlan& plan, ReduceStrategy st,
                         int vec) {
  Backend& be = backend_for(device);
  const int64_t out = plan.out_size, red = plan.red_size;
  Geometry g{st == ReduceStrategy::Rows ? int(kModeRows) : int(kModeColumns), {}, {}, red};
  int64_t split = 1;
  if (device.type == DeviceType::CPU) {
    // Blocks are host tasks: a few per thread, none for tiny work. Columns go in tiles of
    // kCpuColumnTile outputs, so that a task streams whole rows of a C-contiguous matrix;
    // with fewer tiles than tasks the rows are split (4096² float32 sum(axis=0): reading
    // 2 KB of every row per task ran at 10 GB/s, NumPy's row-by-row loop 11-16).
    const int64_t tasks = int64_t(be.resident_blocks(device.index, fn, 1)) * 4;
    const bool tiny = out * red < 32768;
    const bool rows = st == ReduceStrategy::Rows;
    int64_t units = rows ? out : (out + kCpuColumnTile - 1) / kCpuColumnTile;
    int64_t gx = tiny ? 1 : std::clamp<int64_t>(units, 1, tasks);
    if (!tiny && gx < tasks)
      split = std::clamp<int64_t>(tasks / gx, 1,
                                  std::max<int64_t>(red / (rows ? 16384 : kCpuSplitRows), 1));
    g.grid.x = unsigned(gx);
    g.block.x = 1;
  } else if (st == ReduceStrategy::Rows) {
    unsigned block = pow2_at_least(red / std::max(vec, 4), 32, 256);
    int64_t resident = be.resident_blocks(device.index, fn, block);
    int64_t gx = std::min<int64_t>(out, resident * 16);
    // Few rows split into about four waves of blocks: with one wave the slowest block set
    // the pace (H200, sum of 2^28 float32: 4070 GB/s with one wave, 4290 with four).
    constexpr int64_t kWaves = 4;
    if (out < resident * kWaves)
      split = std::clamp<int64_t>((resident * kWaves + out - 1) / out, 1,
                                  std::max<int64_t>(red / (int64_t(block) * 16), 1));
    g.grid.x = unsigned(std::max<int64_t>(gx, 1));
    g.block.x = block;
  } else {
    const unsigned block = 256;
    int64_t resident = be.resident_blocks(device.index, fn, block);
    int64_t gx = std::min<int64_t>((out + block - 1) / block, resident * 16);
    if (gx < resident)
      split = std::clamp<int64_t>(resident / gx, 1, std::max<int64_t>(red / 64, 1));
    g.grid.x = unsigned(std::max<int64_t>(gx, 1));
    g.block.x = block;
  }
  int64_t align = std::max(vec, 1);
  g.chunk = (red + split - 1) / std::max<int64_t>(split, 1);
  g.chunk = std::max<int64_t>((g.chunk + align - 1) / align * align, 1);
  split = red > 0 ? (red + g.chunk - 1) / g.chunk : 1;
  g.grid.y = unsigned(split);
  return g;
}

bool may_split(Device device, const ReductionPlan& plan, ReduceStrategy st, int vec) {
  const int64_t out = plan.out_size, red = plan.red_size;
  if (device.type == DeviceType::CPU)
    return out * red >= 32768 && red / (st == ReduceStrategy::Rows ? 16384 : kCpuSplitRows) > 1;
  if (st == ReduceStrategy::Rows)
    return red / (int64_t(pow2_at_least(red / std::max(vec, 4), 32, 256)) * 16) > 1;
  return red / 64 > 1;
}

void pack_reduction_args(ArgPack& pack, const ReductionRecipe& r,
                         std::span<const NDArray* const> op_arrays,
                         std::span<const NDArray* const> raw_arrays,
                         std::span<const Scalar* const> scalars, int64_t chunk, int mode,
                         void* partials, std::span<const std::byte> extra_arg) {
  const ReductionPlan& plan = r.plan;
  size_t op = 0, raw = 0, sc = 0;
  for (const auto& a : r.specs) {
    if (a.kind == ArgKind::Array) {
      int n = a.is_output ? plan.out_ndim() : plan.out_ndim() + plan.red_ndim();
      push_ints(pack, static_cast<const char*>(op_arrays[op]->data()), plan.strides[op].data(), n,
                plan.index32);
      ++op;
    } else if (a.kind == ArgKind::Scalar) {
      alignas(16) std::byte v[16];
      scalars[sc++]->store_as(a.type, v);
      pack.push_bytes(v, itemsize(a.type));
    } else {
      const NDArray* arr = raw_arrays[raw++];
      int rnd = std::max(arr->ndim(), 1);
      SmallVector<int64_t, 16> words;
      words.push_back(int64_t(reinterpret_cast<intptr_t>(arr->data())));
      for (int d = 0; d < rnd; ++d) words.push_back(arr->ndim() ? arr->shape()[d] : 1);
      for (int d = 0; d < rnd; ++d) words.push_back(arr->ndim() ? arr->strides()[d] : 0);
      words.push_back(arr->size());
      words.push_back(arr->c_contiguous() ? 1 : 0);
      pack.push_bytes(words.data(), words.size() * 8);
    }
  }
  push_ints(pack, nullptr, plan.out_shape.data(), plan.out_ndim(), plan.index32);
  push_ints(pack, nullptr, plan.red_shape.data(), plan.red_ndim(), plan.index32);
  push_index(pack, plan.out_size, plan.index32);
  push_index(pack, plan.red_size, plan.index32);
  push_index(pack, chunk, plan.index32);
  pack.push(partials);
  pack.push(mode);
  if (!extra_arg.empty()) pack.push_bytes(extra_arg.data(), extra_arg.size());
}

void launch_reduction(Device device, const std::string& name, const ReductionRecipe& r,
                      std::span<const NDArray* const> op_arrays,
                      std::span<const NDArray* const> raw_arrays,
                      std::span<const Scalar* const> scalars,
                      std::span<const std::byte> extra_arg) {
  const ReductionPlan& plan = r.plan;
  const Geometry& g = r.g;
  NDArray partials;
  void* part_ptr = nullptr;
  if (g.split() > 1) {
    if (r.rsize == 0) throw ValueError(name + ": unknown accumulator size");
    partials = NDArray::empty_on(device, Shape{int64_t(r.rsize) * g.split() * plan.out_size},
                                 DType::UInt8);
    part_ptr = partials.data();
  }
  Backend& be = backend_for(device);
  LaunchConfig cfg;
  cfg.stream = current_stream(device);
  cfg.grid = g.grid;
  cfg.block = g.block;
  ArgPack pack;
  pack_reduction_args(pack, r, op_arrays, raw_arrays, scalars, g.chunk, g.mode, part_ptr,
                      extra_arg);
  be.launch(device.index, r.kernel.function, cfg, pack.pointers());
  if (g.split() > 1) {
    // Second pass over the partials: a block per output when outputs are few.
    const int64_t split = g.split();
    const bool per_block = r.final_per_block;
    LaunchConfig c2;
    c2.stream = cfg.stream;
    if (device.type == DeviceType::CPU) {
      c2.grid.x = unsigned(std::clamp<int64_t>(plan.out_size / 256, 1, 64));
    } else if (per_block) {
      c2.block.x = pow2_at_least(split, 32, 256);
      c2.grid.x = unsigned(plan.out_size);
    } else {
      c2.block.x = 256;
      c2.grid.x = unsigned((plan.out_size + 255) / 256);
    }
    ArgPack fin;
    pack_reduction_args(fin, r, op_arrays, raw_arrays, scalars, split,
                        per_block ? kModeFinalRows : kModeFinalColumns, part_ptr, extra_arg);
    be.launch(device.index, r.kernel.function, c2, fin.pointers());
  }
}

}  // namespace ndgpu::kernel
