#include "kernel/reduction/engine.hpp"

#include <algorithm>
#include <cstring>

#include "kernel/binding.hpp"
#include "kernel/elementwise/shortcut.hpp"
#include "kernel/launch.hpp"
#include "kernel/overlap.hpp"
#include "kernel/quick/tier.hpp"
#include "kernel/reduction/codegen.hpp"
#include "kernel/reduction/shortcut.hpp"
#include "kernel/reduction/plan.hpp"
#include "kernel/reduction/quick.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {

ReductionDefinition::ReductionDefinition(const std::string& in_params,
                                         const std::string& out_params, std::string map_expr_,
                                         std::string reduce_expr_, std::string post_map_expr_,
                                         std::string identity_, std::string name_,
                                         std::string reduce_type_, bool reduce_dims_,
                                         std::string preamble_)
    : KernelDefinition(in_params, out_params, std::move(name_), std::move(preamble_),
                       reduce_dims_, {}),
      map_expr(std::move(map_expr_)),
      reduce_expr(std::move(reduce_expr_)),
      post_map_expr(std::move(post_map_expr_)),
      identity(std::move(identity_)),
      reduce_type(std::move(reduce_type_)) {
  std::string code = map_expr + " " + post_map_expr;
  uses_index = uses_identifier(code, "i") || uses_identifier(code, "_i") ||
               uses_identifier(code, "_j");
}

std::vector<bool> reduced_axes(const std::optional<std::vector<int64_t>>& axes, int ndim) {
  std::vector<bool> red(size_t(ndim), !axes.has_value());
  if (!axes) return red;
  for (int64_t a : *axes) {
    if (a < -ndim || a >= ndim)
      throw ValueError("axis " + std::to_string(a) + " is out of bounds for array of dimension " +
                       std::to_string(ndim));
    int d = int(a < 0 ? a + ndim : a);
    if (red[d]) throw ValueError("duplicate value in 'axis'");
    red[d] = true;
  }
  return red;
}

namespace {

const NDArray* as_array(const Operand& op) { return std::get_if<NDArray>(&op); }

std::string ctype_of(DType t) {
  std::string c = dtype_ctype(t);
  return c.rfind("complex", 0) == 0 ? "ndgpu::" + c : c;
}

unsigned pow2_at_least(int64_t v, unsigned lo, unsigned hi) {
  unsigned p = lo;
  while (p < hi && int64_t(p) < v) p <<= 1;
  return p;
}

// Launch geometry: the strategy's mode, grid, block and the reduced range's split.
Geometry choose_geometry(Device device, void* fn, const ReductionPlan& plan, ReduceStrategy st,
                         int vec) {
  Backend& be = backend_for(device);
  const int64_t out = plan.out_size, red = plan.red_size;
  Geometry g{st == ReduceStrategy::Rows ? int(kModeRows) : int(kModeColumns), {}, {}, red};
  int64_t split = 1;
  if (device.type == DeviceType::CPU) {
    // Blocks are host tasks: a few per thread, none for tiny work.
    const int64_t tasks = int64_t(be.resident_blocks(device.index, fn, 1)) * 4;
    const bool tiny = out * red < 32768;
    int64_t units = st == ReduceStrategy::Rows ? out : (out + 15) / 16;
    int64_t gx = tiny ? 1 : std::clamp<int64_t>(units, 1, tasks);
    if (!tiny && gx < tasks) split = std::clamp<int64_t>(tasks / gx, 1, std::max<int64_t>(red / 16384, 1));
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
    if (gx < resident) split = std::clamp<int64_t>(resident / gx, 1, std::max<int64_t>(red / 64, 1));
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

// Whether choose_geometry can split the reduced range (then the final pass is compiled too):
// the upper bounds of its splits, without the occupancy that needs a compiled kernel.
bool may_split(Device device, const ReductionPlan& plan, ReduceStrategy st, int vec) {
  const int64_t out = plan.out_size, red = plan.red_size;
  if (device.type == DeviceType::CPU) return out * red >= 32768 && red / 16384 > 1;
  if (st == ReduceStrategy::Rows)
    return red / (int64_t(pow2_at_least(red / std::max(vec, 4), 32, 256)) * 16) > 1;
  return red / 64 > 1;
}

void push_index(ArgPack& pack, int64_t v, bool index32) {
  if (index32) pack.push(int32_t(v));
  else pack.push(int64_t(v));
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
      push_ints(pack, static_cast<const char*>(op_arrays[op]->data()), plan.strides[op].data(),
                n, plan.index32);
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

std::vector<NDArray> run_reduction(const ReductionDefinition& def, std::span<const Operand> args,
                                   const std::optional<std::vector<int64_t>>& axes,
                                   bool keepdims) {
  if (args.size() == def.in.size() && args.size() <= 8) {
    SmallVector<const NDArray*, 8> ins;
    for (const Operand& op : args)
      if (const NDArray* a = as_array(op)) ins.push_back(a);
    if (ins.size() == args.size())
      if (auto e = find_reduction_recipe(def, ins, axes, keepdims)) {
        std::vector<NDArray> outs(e->out_types.size());
        replay_reduction(def, *e, ins, outs.data());
        return outs;
      }
  }
  const size_t nin = def.in.size(), nout = def.out.size();
  const CallArgs call = split_call_args(def.name, def.in, def.out, args);
  auto ins = call.ins;
  Device device = current_device();
  const TypeBindings bound = bind_placeholders(def.name, def.in, def.out, call);
  auto type_of = [&](const Param& p) { return bound.resolve(def.name, p); };

  // The input shape: broadcast of the non-raw input arrays.
  std::vector<Shape> shapes;
  for (size_t k = 0; k < nin; ++k)
    if (auto* a = as_array(ins[k]); a && !def.in[k].raw) shapes.push_back(a->shape());
  if (shapes.empty()) throw ValueError(def.name + ": at least one non-raw input array is needed");
  Shape shape = shapes.size() == 1 ? shapes[0] : broadcast_shapes(shapes);
  const int nd = int(shape.size());
  std::vector<bool> red = reduced_axes(axes, nd);
  if (def.has_raw) {
    // Raw arrays are indexed by the user with i = _j * out_size + _i: reduced axes lead.
    bool ok = true, in_run = true;
    for (int d = 0; d < nd; ++d) {
      if (red[d] && !in_run) ok = false;
      if (!red[d]) in_run = false;
    }
    if (!ok)
      throw ValueError(def.name + ": with raw parameters the reduction axis must be 0 or a run "
                                  "0, 1, ... of leading axes");
  }
  Shape out_shape;
  for (int d = 0; d < nd; ++d)
    if (!red[d]) out_shape.push_back(shape[d]);
    else if (keepdims) out_shape.push_back(1);

  std::vector<NDArray> out_arrays =
      call_outputs(def.name, def.out, call, bound, out_shape, "the reduction's shape", device);
  // An output sharing memory with an input is written while other outputs may still read
  // it; NumPy reads inputs first, so such inputs are copied.
  std::optional<std::vector<Operand>> unaliased;
  if (!call.outs.empty() && (unaliased = copy_shared_inputs(def.in, ins, out_arrays)))
    ins = *unaliased;

  // Operands for the plan: outputs (strides over the input shape, 0 on reduced axes), inputs.
  std::vector<ArgSpec> specs;
  std::vector<Strides> op_strides;
  std::vector<int64_t> op_itemsizes;
  std::vector<const NDArray*> op_arrays, raw_arrays;
  std::vector<const Scalar*> scalars;
  int layout = -1;
  for (size_t k = 0; k < nout + nin; ++k) {
    bool is_out = k < nout;
    const Param& p = is_out ? def.out[k] : def.in[k - nout];
    const NDArray* held = is_out ? &out_arrays[k] : as_array(ins[k - nout]);
    ArgSpec a = classify_arg(def.name, p, type_of(p), held, is_out, false);
    if (held) {
      if (a.kind == ArgKind::Raw) {
        raw_arrays.push_back(held);
      } else {
        Strides st(size_t(nd), 0);
        if (is_out) {
          for (int d = 0, j = 0; d < nd; ++d) {
            if (!red[d]) st[d] = held->strides()[j++];
            else if (keepdims) ++j;
          }
        } else {
          st = held->broadcast_to(shape).strides();
          if (layout < 0) layout = int(op_strides.size());
        }
        op_strides.push_back(std::move(st));
        op_itemsizes.push_back(held->itemsize());
        op_arrays.push_back(held);
      }
    } else {
      scalars.push_back(&std::get<Scalar>(ins[k - nout]));
    }
    specs.push_back(a);
  }
  if (shape_size(out_shape) == 0) return out_arrays;

  bool reorder = !def.uses_index && !def.has_raw;
  ReductionPlan plan = make_reduction_plan(shape, red, op_strides, op_itemsizes, layout, reorder,
                                           def.reduce_dims);
  // At least one output axis and one reduced axis (size 1, stride 0): a full reduction and
  // an axis reduction then share one compiled kernel.
  if (plan.out_ndim() == 0) {
    plan.out_shape.insert(plan.out_shape.begin(), 1);
    for (auto& st : plan.strides) st.insert(st.begin(), 0);
  }
  if (plan.red_ndim() == 0) {
    plan.red_shape.push_back(1);
    for (auto& st : plan.strides) st.push_back(0);
  }
  ReduceStrategy strategy = choose_strategy(plan, layout);
  // A block per tiny row would idle most threads; with few rows it does not matter, and the
  // row kernel (which the quick tier interprets) keeps small first calls fast.
  if (device.type == DeviceType::CUDA && strategy == ReduceStrategy::Rows &&
      plan.out_size > 1024 && plan.red_size < 32)
    strategy = ReduceStrategy::Columns;

  // The accumulator type.
  std::string rctype;
  size_t rsize = def.reduce_size;
  if (def.reduce_type.empty()) {
    DType t = type_of(def.out[0]);
    rctype = ctype_of(t), rsize = itemsize(t);
  } else if (def.reduce_type_is_ctype) {
    rctype = def.reduce_type;
  } else if (def.reduce_type.size() == 1) {
    auto t = bound.find(def.reduce_type[0]);
    if (!t) throw TypeError(def.name + ": reduce_type '" + def.reduce_type + "' is unbound");
    rctype = ctype_of(*t), rsize = itemsize(*t);
  } else if (auto t = dtype_from_name(def.reduce_type)) {
    rctype = ctype_of(*t), rsize = itemsize(*t);
  } else {
    rctype = def.reduce_type;
  }

  // Vector loads: one input array, contiguous along one reduced axis.
  int vec = 0;
  int in_count = 0;
  const ArgSpec* in_spec = nullptr;
  for (const auto& a : specs)
    if (a.kind == ArgKind::Array && !a.is_output) ++in_count, in_spec = &a;
  if (in_count == 1 && !def.uses_index && plan.red_ndim() == 1) {
    size_t isz = itemsize(in_spec->storage);
    if (isz <= 8) vec = int(16 / isz);
  }

  // Vector loads need 16-byte aligned rows and chunks.
  int vec_now = 0;
  if (vec > 1 && strategy == ReduceStrategy::Rows) {
    const Strides& s = plan.strides[size_t(layout)];
    bool ok = s[size_t(plan.out_ndim())] == int64_t(itemsize(in_spec->storage)) &&
              reinterpret_cast<uintptr_t>(op_arrays[size_t(layout)]->data()) % 16 == 0;
    for (int d = 0; d < plan.out_ndim() && ok; ++d) ok = s[size_t(d)] % 16 == 0;
    if (ok) vec_now = vec;
  }
  // Small single-pass row reductions on CUDA: the plain row kernel, which compiles in about
  // half the time (reduction/codegen_rows.cpp); vector loads gain little at that size.
  // With the quick tier forced on, the CPU takes it too: its row interpreter mirrors it.
  const bool plain_rows =
      (device.type == DeviceType::CUDA || quick_tier() == QuickTier::On) &&
      strategy == ReduceStrategy::Rows && plan.out_ndim() == 1 && plan.red_ndim() == 1 &&
      specs.size() == 2 && specs[0].kind == ArgKind::Array && specs[0].is_output &&
      specs[1].kind == ArgKind::Array && !specs[1].is_output && plain_rows_reduce_type(rctype) &&
      plan.out_size * plan.red_size * int64_t(itemsize(specs[1].storage)) < kVectorMinBytes &&
      !may_split(device, plan, strategy, 0);
  if (plain_rows) vec_now = 0;
  // Only the modes this call can use are compiled: NVRTC time grows with every mode.
  const int main_mode = vec_now ? kModeRowsVec
                                : strategy == ReduceStrategy::Rows ? kModeRows : kModeColumns;
  const bool final_per_block = plan.out_size <= 4096;
  const unsigned final_mode = final_per_block ? kModeFinalRows : kModeFinalColumns;
  const unsigned modes = plain_rows ? 1u << 8  // its own key: the plain kernel
                                    : (1u << main_mode) |
                         (may_split(device, plan, strategy, vec_now) ? 1u << final_mode : 0u);

  std::string key = device.str();
  key += "|m" + std::to_string(modes) + '|';
  key += std::to_string(plan.out_ndim()) + ',' + std::to_string(plan.red_ndim());
  key += plan.index32 ? "|32|" : "|64|";
  key += rctype;
  for (const auto& a : specs) {
    key += '|';
    key += char('0' + int(a.kind));
    key += dtype_char(a.type);
    key += dtype_char(a.storage);
    if (a.kind == ArgKind::Raw) key += std::to_string(a.raw_ndim);
  }
  CompiledKernel compiled;
  {
    std::lock_guard lk(def.mu);
    if (auto it = def.specs.find(key); it != def.specs.end()) compiled = it->second;
  }
  if (!compiled.function) {
    ReductionSpec spec;
    spec.name = def.name;
    spec.map_expr = def.map_expr;
    spec.reduce_expr = def.reduce_expr;
    spec.post_map_expr = def.post_map_expr;
    spec.identity = def.identity;
    spec.preamble = def.preamble;
    spec.reduce_ctype = rctype;
    spec.includes = def.includes;
    for (char c : bound.letters()) spec.placeholders.push_back({c, *bound.find(c)});
    spec.args = specs;
    spec.out_ndim = plan.out_ndim();
    spec.red_ndim = plan.red_ndim();
    spec.index32 = plan.index32;
    spec.vec_width = vec;
    spec.modes = modes;
    spec.plain_rows = plain_rows;
    SourceFn source = [&] {
      KernelSource src = generate_reduction(spec);
      src.options = def.options;
      return src;
    };
    if (plain_rows) {
      RowsQuickCall call{specs, spec.placeholders, rctype, plan.index32,
                         plan.out_size * plan.red_size};
      RowsQuick q = rows_compile_or_interpret(def, key, device, source, call);
      if (!q.compiled) {  // the row interpreter runs this call; the kernel compiles meanwhile
        Geometry g = choose_geometry(device, q.interpreter.function, plan, strategy, 0);
        ReductionRecipe recipe{q.interpreter, plan, specs, g, final_per_block, rsize};
        launch_reduction(device, def.name, recipe, op_arrays, raw_arrays, scalars,
                         std::as_bytes(std::span(&q.programs, 1)));
        return out_arrays;
      }
      compiled = *q.compiled;
    } else {
      compiled = get_kernel(device, source());
    }
    std::lock_guard lk(def.mu);
    def.specs.emplace(key, compiled);
  }

  Geometry g = choose_geometry(device, compiled.function, plan, strategy, vec_now);
  if (vec_now) g.mode = kModeRowsVec;
  if (g.split() > 1 && !(modes >> final_mode & 1u))
    throw BackendError(def.name + ": internal error: a split reduction without its final pass");

  ReductionRecipe recipe{compiled, std::move(plan), std::move(specs), g, final_per_block, rsize};
  launch_reduction(device, def.name, recipe, op_arrays, raw_arrays, scalars);
  remember_reduction(def, args, axes, keepdims, std::move(recipe), out_arrays);
  return out_arrays;
}

}  // namespace ndgpu::kernel
