// Indexing kernels on the elementwise engine. Offsets are bytes, so one gather kernel serves
// every layout. An out-of-bounds index sets a device flag and reads offset 0: a gather
// raises after its one pass, a scatter computes offsets first and raises before writing.
#include "ops/indexing/kernels.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "kernel/elementwise/engine.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"

namespace ndgpu::ops {
namespace {

std::string clamp_code(const std::string& j, ClipMode mode) {
  std::string i = "i" + j, v = "v" + j, n = "n" + j;
  switch (mode) {
    case ClipMode::Raise:
      return "long long " + v + " = " + i + " < 0 ? " + i + " + " + n + " : " + i + "; if (" + v +
             " < 0 || " + v + " >= " + n + ") { err[0] = 1; " + v + " = 0; }\n";
    case ClipMode::Wrap:
      return "long long " + v + " = " + i + " % " + n + "; if (" + v + " < 0) " + v + " += " + n +
             ";\n";
    case ClipMode::Clip:
      return "long long " + v + " = " + i + " < 0 ? 0 : (" + i + " >= " + n + " ? " + n +
             " - 1 : " + i + ");\n";
  }
  return {};
}

// Definitions made on first use, one per (index count, mode, kind).
enum class Kind { Offsets, Gather, GatherRows };

const kernel::ElementwiseDefinition& indexed_def(size_t k, ClipMode mode, Kind kind) {
  static std::mutex mu;
  static std::map<std::tuple<size_t, ClipMode, Kind>,
                  std::unique_ptr<kernel::ElementwiseDefinition>>
      defs;
  std::lock_guard lock(mu);
  auto& d = defs[{k, mode, kind}];
  if (!d) {
    std::string in, body, sum = "long long pos = 0";
    for (size_t j = 0; j < k; ++j) {
      std::string s = std::to_string(j);
      in += "int64 i" + s + ", int64 n" + s + ", int64 s" + s + ", ";
      body += clamp_code(s, mode);
      sum += " + v" + s + " * s" + s;
    }
    body += sum + ";\n";
    kernel::ElementwiseCode code{.in_params = in + "raw int32 err", .out_params = "int64 off"};
    if (kind == Kind::Offsets) {
      code.operation = body + "off = pos";
      code.name = "ndgpu_index_offsets";
    } else if (kind == Kind::Gather) {  // a bad index reads offset 0; the host raises after
      code.in_params += ", raw T src";
      code.out_params = "T y";
      code.operation = body + "y = *(const T*)((const char*)src.data() + pos)";
      code.name = "ndgpu_gather";
    } else {
      code.in_params += ", raw T src, int64 rsize";
      code.out_params = "T y";
      code.operation = body + "y = *(const T*)((const char*)&src[i % rsize] + pos)";
      code.name = "ndgpu_gather_rows";
    }
    d = std::make_unique<kernel::ElementwiseDefinition>(code);
  }
  return *d;
}

std::vector<Operand> index_args(std::span<const NDArray> indices, std::span<const IndexedAxis> axes,
                                const Shape& shape, const NDArray& err) {
  std::vector<Operand> args;
  for (size_t j = 0; j < indices.size(); ++j) {
    Shape s = indices[j].shape();  // size-1 axes appended for the axes not indexed
    while (s.size() < shape.size()) s.push_back(1);
    args.push_back(indices[j].reshape(s));
    args.push_back(Scalar::typed_int(DType::Int64, axes[j].length));
    args.push_back(Scalar::typed_int(DType::Int64, axes[j].stride));
  }
  args.push_back(err);
  return args;
}

// A broadcast view of `a` in `shape` with size-1 axes appended for the trailing dims.
NDArray padded(const NDArray& a, const Shape& shape) {
  Shape s = a.shape();
  while (s.size() < shape.size()) s.push_back(1);
  return a.reshape(s);
}

[[noreturn]] void raise_out_of_bounds(std::span<const NDArray> indices,
                                      std::span<const IndexedAxis> axes) {
  for (size_t j = 0; j < indices.size(); ++j) {
    std::vector<int64_t> v(size_t(indices[j].size()));
    indices[j].astype(DType::Int64).to_host(v.data());
    int64_t n = axes[j].length;
    for (int64_t x : v)
      if (x < -n || x >= n)
        throw IndexError("index " + std::to_string(x) + " is out of bounds for axis " +
                         std::to_string(axes[j].axis) + " with size " + std::to_string(n));
  }
  throw IndexError("index out of bounds");
}

void check_flag(const NDArray& err, std::span<const NDArray> indices,
                std::span<const IndexedAxis> axes, ClipMode mode) {
  if (mode != ClipMode::Raise || indices[0].size() == 0) return;
  int32_t flag = 0;
  err.to_host(&flag);
  if (flag) raise_out_of_bounds(indices, axes);
}

}  // namespace

void require_integer_indices(DType t) {
  if (!is_integer(t))
    throw TypeError(std::string("Cannot cast array data from dtype('") + dtype_name(t) +
                    "') to dtype('int64') according to the rule 'safe'");
}

NDArray index_offsets(std::span<const NDArray> indices, std::span<const IndexedAxis> axes,
                      ClipMode mode) {
  NDArray err = zeros(Shape{1}, DType::Int32);
  std::vector<Operand> args = index_args(indices, axes, indices[0].shape(), err);
  NDArray off = kernel::run_elementwise(indexed_def(indices.size(), mode, Kind::Offsets), args)[0];
  check_flag(err, indices, axes, mode);
  return off;
}

void gather(const NDArray& rest, std::span<const NDArray> indices,
            std::span<const IndexedAxis> axes, ClipMode mode, NDArray& out) {
  if (out.size() == 0) {
    if (indices[0].size() > 0) index_offsets(indices, axes, mode);  // bounds still checked
    return;
  }
  NDArray err = zeros(Shape{1}, DType::Int32);
  std::vector<Operand> args = index_args(indices, axes, out.shape(), err);
  args.push_back(rest);
  bool rows = rest.ndim() > 0;
  if (rows) args.push_back(Scalar::typed_int(DType::Int64, rest.size()));
  args.push_back(out);
  kernel::run_elementwise(indexed_def(indices.size(), mode, rows ? Kind::GatherRows : Kind::Gather),
                          args);
  check_flag(err, indices, axes, mode);
}

void scatter(NDArray& rest, const NDArray& offsets, const NDArray& values) {
  if (values.size() == 0) return;
  static const kernel::ElementwiseDefinition def(
      {.in_params = "T v, int64 off, int64 rsize",
       .out_params = "raw T dst",
       .operation = "*(T*)((char*)&dst[i % rsize] + off) = v",
       .name = "ndgpu_scatter"});
  std::vector<Operand> args{values, padded(offsets, values.shape()),
                            Scalar::typed_int(DType::Int64, rest.size()), rest};
  kernel::run_elementwise(def, args);
}

void scatter_combine(NDArray& rest, const NDArray& offsets, const NDArray& values, ScatterOp op) {
  if (values.size() == 0) return;
  auto def_for = [](const char* fn) {
    return kernel::ElementwiseCode{
        .in_params = "T v, int64 off, int64 rsize",
        .out_params = "raw T dst",
        .operation = std::string("ndgpu::") + fn + "((T*)((char*)&dst[i % rsize] + off), v)",
        .name = std::string("ndgpu_") + fn,
        .preamble = "#include \"ndgpu/scatter_ops.cuh\"\n"};
  };
  static const kernel::ElementwiseDefinition add(def_for("scatter_add")),
      max(def_for("scatter_max")), min(def_for("scatter_min"));
  const auto& def = op == ScatterOp::Add ? add : op == ScatterOp::Max ? max : min;
  std::vector<Operand> args{values, padded(offsets, values.shape()),
                            Scalar::typed_int(DType::Int64, rest.size()), rest};
  kernel::run_elementwise(def, args);
}

}  // namespace ndgpu::ops
