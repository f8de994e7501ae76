#include "kernel/elementwise.hpp"

#include <algorithm>
#include <map>

#include "kernel/elementwise_codegen.hpp"
#include "kernel/iteration_plan.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {

ElementwiseDefinition::ElementwiseDefinition(const std::string& in_params,
                                             const std::string& out_params,
                                             std::string operation_, std::string name_,
                                             bool reduce_dims_, std::string preamble_,
                                             std::string loop_prep_, std::string after_loop_,
                                             std::vector<std::string> options_)
    : name(std::move(name_)),
      operation(std::move(operation_)),
      preamble(std::move(preamble_)),
      loop_prep(std::move(loop_prep_)),
      after_loop(std::move(after_loop_)),
      options(std::move(options_)),
      reduce_dims(reduce_dims_) {
  if (!is_identifier(name)) throw ValueError("invalid kernel name '" + name + "'");
  in = parse_params(in_params, name, "in_params");
  out = parse_params(out_params, name, "out_params");
  if (out.empty()) throw ValueError(name + ": out_params must name at least one output");
  check_unique_names(in, out, name);
  for (const auto& p : out)
    if (p.raw) has_raw = true;
  for (const auto& p : in)
    if (p.raw) has_raw = true;
  uses_i = uses_identifier(operation, "i") || uses_identifier(loop_prep, "i") ||
           uses_identifier(after_loop, "i");
}

namespace {

const NDArray* as_array(const Operand& op) { return std::get_if<NDArray>(&op); }

// Binds placeholder letters: outputs first, then input arrays, then input scalars.
std::map<char, DType> bind_types(const ElementwiseDefinition& def, std::span<const Operand> ins,
                                 std::span<const Operand> outs) {
  std::map<char, DType> bound;
  auto bind = [&](const Param& p, DType t) {
    if (p.is_placeholder()) bound.emplace(p.type[0], t);
  };
  for (size_t k = 0; k < outs.size(); ++k) bind(def.out[k], std::get<NDArray>(outs[k]).dtype());
  for (size_t k = 0; k < ins.size(); ++k)
    if (auto* a = as_array(ins[k])) bind(def.in[k], a->dtype());
  for (size_t k = 0; k < ins.size(); ++k)
    if (auto* s = std::get_if<Scalar>(&ins[k])) bind(def.in[k], s->dtype());
  return bound;
}

DType param_type(const ElementwiseDefinition& def, const Param& p,
                 const std::map<char, DType>& bound) {
  if (p.dtype) return *p.dtype;
  auto it = bound.find(p.type[0]);
  if (it == bound.end())
    throw TypeError(def.name + ": cannot determine the type of placeholder '" + p.type +
                    "' (parameter '" + p.name + "'): pass an output array to bind it");
  return it->second;
}

}  // namespace

std::vector<NDArray> run_elementwise(const ElementwiseDefinition& def,
                                     std::span<const Operand> args, std::optional<int64_t> size) {
  const size_t nin = def.in.size(), nout = def.out.size();
  if (args.size() != nin && args.size() != nin + nout)
    throw TypeError(def.name + ": wrong number of arguments: expected " + std::to_string(nin) +
                    " or " + std::to_string(nin + nout) + ", got " + std::to_string(args.size()));
  auto ins = args.subspan(0, nin);
  auto outs = args.subspan(nin);
  for (size_t k = 0; k < outs.size(); ++k)
    if (!as_array(outs[k]))
      throw TypeError(def.name + ": output '" + def.out[k].name + "' must be an ndarray");
  for (const auto& a : args)
    if (auto* arr = as_array(a)) check_device(arr->device());
  Device device = current_device();

  auto bound = bind_types(def, ins, outs);
  std::vector<DType> in_types, out_types;
  for (const auto& p : def.in) in_types.push_back(param_type(def, p, bound));
  for (const auto& p : def.out) out_types.push_back(param_type(def, p, bound));

  // The broadcast shape of the non-raw arrays, or (size,) when all are raw.
  std::vector<Shape> shapes;
  for (size_t k = 0; k < args.size(); ++k) {
    const Param& p = k < nin ? def.in[k] : def.out[k - nin];
    if (auto* a = as_array(args[k]); a && !p.raw) shapes.push_back(a->shape());
  }
  Shape shape;
  if (size) {
    if (!shapes.empty())
      throw ValueError(def.name + ": size= is only allowed when every array argument is raw");
    if (*size < 0) throw ValueError(def.name + ": size must be non-negative");
    shape = {*size};
  } else if (shapes.empty()) {
    throw ValueError(def.name + ": loop size is undecided: pass size= when every argument is raw");
  } else {
    shape = broadcast_shapes(shapes);
  }

  // Outputs: given (then they must have the broadcast shape) or allocated.
  std::vector<NDArray> out_arrays;
  for (size_t k = 0; k < nout; ++k) {
    if (k < outs.size()) {
      const NDArray& o = std::get<NDArray>(outs[k]);
      if (!def.out[k].raw && o.shape() != shape)
        throw ValueError(def.name + ": output '" + def.out[k].name + "' has shape " +
                         shape_str(o.shape()) + " but the broadcast shape is " + shape_str(shape));
      out_arrays.push_back(o);
    } else {
      out_arrays.push_back(NDArray::empty_on(device, shape, out_types[k]));
    }
  }
  int64_t n = shape_size(shape);

  // Argument specs and the plan's operands (non-raw arrays, outputs first).
  std::vector<ArgSpec> specs;
  std::vector<Strides> op_strides;
  std::vector<int64_t> op_itemsizes;
  std::vector<const NDArray*> op_arrays, raw_arrays;
  std::vector<const Scalar*> scalars;
  auto add = [&](const Param& p, DType type, const Operand& v, bool is_out) {
    ArgSpec a{&p, ArgKind::Scalar, type, type, 0, is_out};
    if (auto* arr = as_array(v)) {
      a.storage = arr->dtype();
      if (p.raw) {
        if (arr->dtype() != type)
          throw TypeError(def.name + ": raw parameter '" + p.name + "' is " + dtype_name(type) +
                          " but the array is " + dtype_name(arr->dtype()));
        a.kind = ArgKind::Raw;
        a.raw_ndim = arr->ndim();
        raw_arrays.push_back(arr);
      } else {
        if (!is_out && !can_cast(arr->dtype(), type, Casting::SameKind) && !p.is_placeholder())
          throw TypeError(def.name + ": cannot cast input '" + p.name + "' from " +
                          dtype_name(arr->dtype()) + " to " + dtype_name(type) +
                          " with casting rule 'same_kind'");
        a.kind = ArgKind::Array;
        op_strides.push_back(arr->broadcast_to(shape).strides());
        op_itemsizes.push_back(arr->itemsize());
        op_arrays.push_back(arr);
      }
    } else {
      if (p.raw) throw TypeError(def.name + ": raw parameter '" + p.name + "' needs an array");
      scalars.push_back(&std::get<Scalar>(v));
    }
    specs.push_back(a);
  };
  std::vector<Operand> out_ops(out_arrays.begin(), out_arrays.end());
  for (size_t k = 0; k < nout; ++k) add(def.out[k], out_types[k], out_ops[k], true);
  for (size_t k = 0; k < nin; ++k) add(def.in[k], in_types[k], ins[k], false);
  if (n == 0) return out_arrays;

  bool reorder = !def.uses_i && !def.has_raw;
  IterationPlan plan = make_plan(shape, op_strides, op_itemsizes, reorder, def.reduce_dims);

  // Vector width for CUDA's contiguous path: 16 bytes of the widest operand.
  int vec = 1;
  if (plan.contiguous) {
    int64_t widest = 1;
    for (const NDArray* a : op_arrays) widest = std::max(widest, a->itemsize());
    vec = int(16 / widest);
  }
  bool vec_ok = vec > 1;
  for (const NDArray* a : op_arrays)
    vec_ok = vec_ok && reinterpret_cast<uintptr_t>(a->data()) % uintptr_t(vec * a->itemsize()) == 0;

  // Specialisation key: everything the generated source depends on.
  std::string key = device.str();
  key += 'v';
  key += char('0' + vec);
  key += plan.contiguous ? "|c" : "|s" + std::to_string(plan.ndim());
  key += plan.index32 ? "|32" : "|64";
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
    auto it = def.specs.find(key);
    if (it != def.specs.end()) compiled = it->second;
  }
  if (!compiled.function) {
    ElementwiseSpec spec;
    spec.name = def.name;
    spec.operation = def.operation;
    spec.preamble = def.preamble;
    spec.loop_prep = def.loop_prep;
    spec.after_loop = def.after_loop;
    for (auto [letter, t] : bound) spec.placeholders.push_back({letter, t});
    spec.args = specs;
    spec.ndim = plan.contiguous ? 1 : plan.ndim();
    spec.contiguous = plan.contiguous;
    spec.index32 = plan.index32;
    spec.vector_width = vec;
    KernelSource src = generate_elementwise(spec);
    src.options = def.options;
    compiled = get_kernel(device, src);
    std::lock_guard lk(def.mu);
    def.specs.emplace(key, compiled);
  }

  // Arguments, in the order generate_elementwise declared them.
  ArgPack pack;
  size_t op = 0, raw = 0, sc = 0;
  for (const auto& a : specs) {
    if (a.kind == ArgKind::Array) {
      const NDArray* arr = op_arrays[op];
      char* ptr = static_cast<char*>(arr->data());
      if (plan.contiguous) {
        pack.push(ptr);
      } else {
        std::vector<std::byte> buf(sizeof(char*) + plan.ndim() * 8);
        std::memcpy(buf.data(), &ptr, sizeof ptr);
        for (int d = 0; d < plan.ndim(); ++d) {
          int64_t st = plan.strides[op][d];
          if (plan.index32) {
            int32_t s32 = int32_t(st);
            std::memcpy(buf.data() + sizeof ptr + d * 4, &s32, 4);
          } else {
            std::memcpy(buf.data() + sizeof ptr + d * 8, &st, 8);
          }
        }
        pack.push_bytes(buf.data(), sizeof ptr + plan.ndim() * (plan.index32 ? 4 : 8));
      }
      ++op;
    } else if (a.kind == ArgKind::Scalar) {
      alignas(16) std::byte v[16];
      scalars[sc++]->store_as(a.type, v);
      pack.push_bytes(v, itemsize(a.type));
    } else {
      const NDArray* arr = raw_arrays[raw++];
      int nd = std::max(arr->ndim(), 1);
      std::vector<int64_t> words;
      words.push_back(int64_t(reinterpret_cast<intptr_t>(arr->data())));
      for (int d = 0; d < nd; ++d) words.push_back(arr->ndim() ? arr->shape()[d] : 1);
      for (int d = 0; d < nd; ++d) words.push_back(arr->ndim() ? arr->strides()[d] : 0);
      words.push_back(arr->size());
      words.push_back(arr->c_contiguous() ? 1 : 0);
      pack.push_bytes(words.data(), words.size() * 8);
    }
  }
  if (!plan.contiguous) {
    std::vector<std::byte> buf(plan.ndim() * 8);
    for (int d = 0; d < plan.ndim(); ++d) {
      if (plan.index32) {
        int32_t v = int32_t(plan.shape[d]);
        std::memcpy(buf.data() + d * 4, &v, 4);
      } else {
        std::memcpy(buf.data() + d * 8, &plan.shape[d], 8);
      }
    }
    pack.push_bytes(buf.data(), plan.ndim() * (plan.index32 ? 4 : 8));
  }
  long long count = n;
  pack.push(count);
  if (plan.contiguous && vec > 1) pack.push(int(vec_ok ? 1 : 0));
  // On CUDA's vector path a thread covers 4 vectors (see elementwise_codegen.cpp).
  int64_t work = device.type == DeviceType::CUDA && vec_ok ? (n + 4 * vec - 1) / (4 * vec) : n;
  launch_elementwise(device, compiled, work, pack);
  return out_arrays;
}

}  // namespace ndgpu::kernel
