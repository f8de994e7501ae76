#include "ops/random/generate.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "kernel/codegen_common.hpp"
#include "kernel/elementwise/engine.hpp"
#include "kernel/source_writer.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"

namespace ndgpu::random {
namespace {

// The threads of a generating launch: 2048 blocks of 256 (16 per SM on an H200), measured
// 20% faster than a thread per group on the H200 (2026-12-02).
constexpr int64_t kLaunchThreads = int64_t(1) << 19;

// CUDA threads per block: the float32 normals' blocks each stage a 32.9 KB table, and 1024
// keep two of them (every thread slot) on an SM with half the staging of 512 (H200: 881-901
// Gnum/s against 834-849 with 512 and 826 with 256). Uniforms: 256 measured best.
unsigned block_size(const Sampler& s, DType t) {
  return s.kind == SamplerKind::Normal && t == DType::Float32 ? 1024 : 256;
}

// Values made from one Philox call (four 32-bit words).
int values_per_call(const Sampler& s, DType t) {
  switch (s.kind) {
    case SamplerKind::Uniform:
    case SamplerKind::Normal:
      return t == DType::Float32 ? 4 : 2;
    case SamplerKind::Integer:
    case SamplerKind::Raw:
      return 4;
    case SamplerKind::WideInteger:
      return 2;
    case SamplerKind::Stream:
      break;
  }
  return 1;
}

// The sampler's parameters as (type, name) pairs: "T loc, float64 a" -> {T, loc}, {float64, a}.
std::vector<std::pair<std::string, std::string>> param_list(const std::string& params) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t at = 0;
  while (at < params.size()) {
    size_t end = params.find(',', at);
    if (end == std::string::npos) end = params.size();
    const std::string item = params.substr(at, end - at);
    const size_t b = item.find_first_not_of(' '), space = item.find(' ', b);
    out.emplace_back(item.substr(b, space - b), item.substr(item.find_first_not_of(' ', space)));
    at = end + 1;
  }
  return out;
}

// With array parameters each value first reads its own: `name` from the raw `arg_name` at
// element `index` (clamped: a last group's values past the end read the last element).
void read_params(kernel::SourceWriter& src, const Sampler& s, bool arrays,
                 const std::string& index) {
  if (!arrays) return;
  for (const auto& [type, name] : param_list(s.params))
    src << "const auto " << name << " = arg_" << name << "[" << index << " < _total ? " << index
        << " : _total - 1];\n";
}

// Fills `_v.v[0 .. per)` from `_w`, the Philox words of counter (i, 0, call).
void write_values(kernel::SourceWriter& src, const Sampler& s, DType t, int per, bool arrays) {
  // Integer outputs (geometric) compute in double, as float64 does.
  const bool f64 = t != DType::Float32;
  const std::string U = f64 ? "double" : "float";
  if (s.kind == SamplerKind::Stream) {
    src << "ndgpu::rng::BasicStream<_Engine> _s(seed, call, (unsigned long long)i);\n";
    read_params(src, s, arrays, "_base");
    src << "_v.v[0] = (T)(" << s.value << ");\n";
    return;
  }
  src << "const ndgpu::rng::Words _w = _Engine(seed, call, (unsigned long long)i).next4();\n";
  if (s.kind == SamplerKind::Normal && !f64) {
    // float32: each word's own normal by inversion (rng_normal_f32.cuh).
    for (int k = 0; k < per; ++k) {
      const std::string k1 = std::to_string(k);
      src << "{\nconst float z = ndgpu::rng::normal_f32(_w.v[" << k1 << "], _normal_rows);\n";
      read_params(src, s, arrays, "_base + " + k1);
      src << "_v.v[" << k1 << "] = (T)(" << s.value << ");\n}\n";
    }
    return;
  }
  if (s.kind == SamplerKind::Normal) {
    // float64: a Box-Muller pair from the group's four words.
    src << "{\ndouble _sn, _cs;\n";
    src << "ndgpu::rng::sincos_2pi(ndgpu::rng::u01d(_w.v[2], _w.v[3]), &_sn, &_cs);\n";
    src << "const double _r = sqrt(-2.0 * ndgpu::rng::log_(ndgpu::rng::u01d_open(_w.v[0], "
           "_w.v[1])));\n";
    for (const auto& [k, zk] : {std::pair{"0", "_r * _cs"}, std::pair{"1", "_r * _sn"}}) {
      src << "{\nconst double z = " << zk << ";\n";
      read_params(src, s, arrays, std::string("_base + ") + k);
      src << "_v.v[" << k << "] = (T)(" << s.value << ");\n}\n";
    }
    src << "}\n";
    return;
  }
  for (int k = 0; k < per; ++k) {
    const std::string k1 = std::to_string(k), k2 = std::to_string(2 * k);
    const std::string k3 = std::to_string(2 * k + 1);
    src << "{\n";
    read_params(src, s, arrays, "_base + " + k1);
    switch (s.kind) {
      case SamplerKind::Uniform:
        src << "const " << U << " u = " << (f64 ? "ndgpu::rng::u01d" : "ndgpu::rng::u01f")
            << (s.open ? "_open(" : "(")
            << (f64 ? "_w.v[" + k2 + "], _w.v[" + k3 + "]" : "_w.v[" + k1 + "]") << ");\n";
        break;
      case SamplerKind::Integer:
        src << "const unsigned long long _b = ((unsigned long long)_w.v[" << k1
            << "] * range) >> 32;\n";
        break;
      case SamplerKind::WideInteger:
        src << "const unsigned long long _b64 = (((unsigned long long)_w.v[" << k2
            << "] << 32) | _w.v[" << k3 << "]);\n";
        src << "const unsigned long long _b = range ? _b64 % range : _b64;\n";
        break;
      case SamplerKind::Normal:
      case SamplerKind::Stream:
      case SamplerKind::Raw:
        break;
    }
    const bool integer = s.kind == SamplerKind::Integer || s.kind == SamplerKind::WideInteger;
    const std::string value = s.kind == SamplerKind::Raw ? "_w.v[" + k1 + "]"
                              : integer                  ? "low + (long long)_b"
                                                         : s.value;
    src << "_v.v[" << k1 << "] = (T)(" << value << ");\n}\n";
  }
}

// The sampler's kernel for dtype `t` on engine `e`; `arrays`: its parameters are raw arrays
// of the output's shape (`arg_name`) rather than numbers.
const kernel::ElementwiseDefinition& definition(const Sampler& s, Engine e, DType t, bool arrays) {
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<kernel::ElementwiseDefinition>> defs;
  const std::string name = s.name + (arrays ? "_params_" : "_") + dtype_name(t);
  std::lock_guard<std::mutex> lock(mu);
  auto& d = defs[name + engine_type(e)];
  if (d) return *d;
  const int per = values_per_call(s, t);
  kernel::SourceWriter body;
  // Each thread makes the groups i, i + threads, ...: a grid a few blocks per SM deep keeps
  // the generator's setup off the per-group cost, and a 32-bit loop index where it fits is
  // cheaper still. A group's values depend on its index alone, never on the launch. Whole
  // groups are one aligned store (the output is ours, freshly allocated); thread 0 writes the
  // last, partial group after its loop, as a branch per group made ptxas's loop a third longer.
  const std::string P = std::to_string(per), vec = "ndgpu::Vec<T, " + P + ">";
  if (s.kind == SamplerKind::Normal && t == DType::Float32)
    body << "const ndgpu::rng::NormalRows _normal_rows = ndgpu::rng::stage_normal_rows();\n";
  body << "const long long _total = out.size();\n";
  body << "const unsigned long long _full = _total / " << P << ";\n";
  body << "auto _make = [&](unsigned long long i) {\n";
  body << "const long long _base = (long long)i * " << P << ";\n" << vec << " _v;\n";
  write_values(body, s, t, per, arrays);
  body << "return _v;\n};\n";
  body << "if (_full < (1ull << 31)) {\n";
  body << "  for (unsigned _g = (unsigned)i; _g < (unsigned)_full; _g += (unsigned)threads)\n";
  body << "    *(" << vec << "*)(out.data() + (long long)_g * " << P << ") = _make(_g);\n";
  body << "} else {\n";
  body << "  for (unsigned long long _g = i; _g < _full; _g += threads)\n";
  body << "    *(" << vec << "*)(out.data() + (long long)_g * " << P << ") = _make(_g);\n}\n";
  body << "if (i == 0 && (long long)_full * " << P << " < _total) {\n";
  body << "  const " << vec << " _v = _make(_full);\n";
  body << "  for (long long _k = (long long)_full * " << P
       << "; _k < _total; ++_k) out.data()[_k] = _v.v[_k - (long long)_full * " << P << "];\n}\n";
  std::string params = "uint64 seed, uint64 call, uint64 threads";
  for (const auto& [type, pname] : param_list(s.params))
    params += ", " + (arrays ? "raw " + type + " arg_" : type + " ") + pname;
  d = std::make_unique<kernel::ElementwiseDefinition>(
      kernel::ElementwiseCode{.in_params = params,
                              .out_params = "raw T out",
                              .operation = body.str(),
                              .name = "ndgpu_random_" + name,
                              .preamble = std::string("#include \"ndgpu/random.cuh\"\n") +
                                          "typedef " + engine_type(e) + " _Engine;\n",
                              // No contraction: a*b+c must round the same on every backend.
                              .options = {"-fmad=false"},
                              .cuda_block = block_size(s, t)});
  return *d;
}

// `a` viewed with the fewest axes its strides allow (size-1 axes dropped, runs of axes laid
// out as one merged), at least one: a kernel takes each raw array as RawArray<T, N>, one
// kernel per N, so a parameter broadcast to the output (a number: stride 0) and a parameter
// of the output's own shape become 1-D for every output shape.
NDArray fewest_axes(const NDArray& a) {
  Shape shape;
  int64_t inner = 0;  // the stride of the last merged axis
  for (int d = 0; d < a.ndim(); ++d) {
    const int64_t n = a.shape()[size_t(d)], stride = a.strides()[size_t(d)];
    if (n == 1) continue;
    if (!shape.empty() && inner == stride * n)
      shape.back() *= n;
    else
      shape.push_back(n);
    inner = stride;
  }
  if (shape.empty()) shape.push_back(a.size());
  return a.reshape_view(shape).value();
}

// Threads of a generating launch (a loop stride: the values never depend on it). The float32
// normals' kernel (a 32.9 KB table per block) fills every SM exactly once on CUDA: each block
// stages its table once, and no second wave runs part-empty. Write-bound samplers do better
// with 2^19 (H200, 2026-12-04: uniforms 1022-1033 Gnum/s against 993-1021 in one wave).
int64_t launch_threads(const Sampler& s, DType t, Device device) {
  if (device.type != DeviceType::CUDA || s.kind != SamplerKind::Normal || t != DType::Float32)
    return kLaunchThreads;
  static std::mutex mu;
  static std::map<int, int64_t> per_device;
  std::lock_guard<std::mutex> lock(mu);
  auto [it, fresh] = per_device.try_emplace(device.index, kLaunchThreads);
  if (fresh) {
    int64_t sms = 0, per_sm = 0;
    for (const auto& [key, value] : backend_for(device).properties(device.index).values) {
      if (key == "multiProcessorCount") sms = value;
      if (key == "maxThreadsPerMultiProcessor") per_sm = value;
    }
    const int64_t block = int64_t(block_size(s, t));
    if (sms > 0 && per_sm >= block) it->second = sms * (per_sm / block * block);
  }
  return it->second;
}

}  // namespace

const char* engine_type(Engine engine) {
  switch (engine) {
    case Engine::XORWOW:
      return "ndgpu::rng::XorwowEngine";
    case Engine::MRG32k3a:
      return "ndgpu::rng::Mrg32k3aEngine";
    case Engine::Philox4x3210:
      break;
  }
  return "ndgpu::rng::PhiloxEngine";
}

NDArray generate(const Sampler& sampler, BitGenerator& bits, const Size& size, DType dtype,
                 std::vector<Operand> args) {
  std::vector<Shape> shapes;
  for (const Operand& a : args)
    if (const NDArray* x = std::get_if<NDArray>(&a)) shapes.push_back(x->shape());
  const bool arrays = !shapes.empty();
  Shape shape = size.value_or(Shape{});
  if (arrays) {
    const Shape common = broadcast_shapes(shapes);  // NumPy's ValueError on a mismatch
    if (size && broadcast_shapes(std::vector<Shape>{common, *size}) != *size)
      throw ValueError("shape mismatch: parameters of shape " + shape_str(common) +
                       " cannot be broadcast to size " + shape_str(*size));
    if (!size) shape = common;
    // Each parameter as an array of its declared type, viewed with the output's shape.
    const auto declared = param_list(sampler.params);
    for (size_t k = 0; k < args.size(); ++k) {
      const std::string& type = declared.at(k).first;
      const DType t = type == "T" ? dtype : parse_dtype(type);
      NDArray a = std::holds_alternative<NDArray>(args[k])
                      ? std::get<NDArray>(args[k]).astype(t, false)
                      : full(Shape{}, std::get<Scalar>(args[k]), t);
      args[k] = fewest_axes(a.broadcast_to(shape));
    }
  }
  const uint64_t call = bits.next_call();  // a call is used even when it makes nothing
  NDArray out = NDArray::empty(shape, dtype);
  if (out.size() == 0) return out;
  const int per = values_per_call(sampler, dtype);
  // Whole blocks (the definition's cuda_block): the float32 normals' kernel has every thread
  // of a block stage its table.
  const int64_t groups =
      std::min<int64_t>((out.size() + per - 1) / per, launch_threads(sampler, dtype, out.device()));
  const int64_t block = int64_t(block_size(sampler, dtype));
  const int64_t threads = (groups + block - 1) / block * block;
  std::vector<Operand> all{Scalar::typed_uint(DType::UInt64, bits.seed_value()),
                           Scalar::typed_uint(DType::UInt64, call),
                           Scalar::typed_uint(DType::UInt64, uint64_t(threads))};
  for (auto& a : args) all.push_back(std::move(a));
  all.push_back(out.reshape_view(Shape{out.size()}).value());  // 1-D: see fewest_axes
  kernel::run_elementwise(definition(sampler, bits.engine(), dtype, arrays), all, threads);
  return out;
}

}  // namespace ndgpu::random
