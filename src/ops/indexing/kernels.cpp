// Indexing kernels on the elementwise engine. Offsets are bytes, so one gather kernel serves
// every layout. An out-of-bounds index is written to the device's bounds record and reads
// offset 0: a gather raises after its one pass, a scatter computes offsets first and raises
// before writing.
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
#include "ops/indexing/bounds_record.hpp"

namespace ndgpu::ops {
namespace {

// `checked`: the index is not known to be in range, so Raise tests it and reports a bad one.
std::string clamp_code(const std::string& j, ClipMode mode, bool checked) {
  std::string i = "i" + j, v = "v" + j, n = "n" + j;
  if (mode == ClipMode::Raise && !checked) mode = ClipMode::Clip;  // in range: clip is a no-op
  switch (mode) {
    case ClipMode::Raise:
      return "long long " + v + " = " + i + " < 0 ? " + i + " + " + n + " : " + i + "; if (" + v +
             " < 0 || " + v + " >= " + n + ") { " + bounds_report_code(i, n, "a" + j) + " " + v +
             " = 0; }\n";
    case ClipMode::Wrap:
      return "long long " + v + " = " + i + " % " + n + "; if (" + v + " < 0) " + v + " += " + n +
             ";\n";
    case ClipMode::Clip:
      return "long long " + v + " = " + i + " < 0 ? 0 : (" + i + " >= " + n + " ? " + n +
             " - 1 : " + i + ");\n";
  }
  return {};
}

// Definitions made on first use, one per (index count, mode, kind, indices checked).
enum class Kind { Offsets, Gather, GatherRows };

// Bit j: index j is checked (ClipMode::Raise and not known in range).
uint64_t checked_bits(std::span<const IndexedAxis> axes, ClipMode mode) {
  uint64_t bits = 0;
  if (mode == ClipMode::Raise)
    for (size_t j = 0; j < axes.size(); ++j)
      if (!axes[j].in_range) bits |= uint64_t(1) << j;
  return bits;
}

const kernel::ElementwiseDefinition& indexed_def(size_t k, ClipMode mode, Kind kind,
                                                 uint64_t checked) {
  static std::mutex mu;
  static std::map<std::tuple<size_t, ClipMode, Kind, uint64_t>,
                  std::unique_ptr<kernel::ElementwiseDefinition>>
      defs;
  std::lock_guard lock(mu);
  auto& d = defs[{k, mode, kind, checked}];
  if (!d) {
    std::string in, body, sum = "long long pos = 0";
    for (size_t j = 0; j < k; ++j) {
      std::string s = std::to_string(j);
      in += "int64 i" + s + ", int64 n" + s + ", int64 s" + s + ", ";
      if (mode == ClipMode::Raise) in += "int64 a" + s + ", ";  // the axis an error names
      body += clamp_code(s, mode, checked >> j & 1);
      sum += " + v" + s + " * s" + s;
    }
    body += sum + ";\n";
    kernel::ElementwiseCode code{.in_params = in + "raw int64 err", .out_params = "int64 off"};
    if (checked) code.preamble = kBoundsReportPreamble;
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
                                ClipMode mode, const Shape& shape) {
  std::vector<Operand> args;
  for (size_t j = 0; j < indices.size(); ++j) {
    if (indices[j].ndim() == int(shape.size())) {  // no axes left to append
      args.push_back(indices[j]);
    } else {
      Shape s = indices[j].shape();  // size-1 axes appended for the axes not indexed
      while (s.size() < shape.size()) s.push_back(1);
      args.push_back(indices[j].reshape(s));
    }
    args.push_back(Scalar::typed_int(DType::Int64, axes[j].length));
    args.push_back(Scalar::typed_int(DType::Int64, axes[j].stride));
    if (mode == ClipMode::Raise) args.push_back(Scalar::typed_int(DType::Int64, axes[j].axis));
  }
  args.push_back(bounds_record(indices[0].device()));
  return args;
}

// A broadcast view of `a` in `shape` with size-1 axes appended for the trailing dims.
NDArray padded(const NDArray& a, const Shape& shape) {
  Shape s = a.shape();
  while (s.size() < shape.size()) s.push_back(1);
  return a.reshape(s);
}

}  // namespace

void require_integer_indices(DType t) {
  if (!is_integer(t))
    throw TypeError(std::string("Cannot cast array data from dtype('") + dtype_name(t) +
                    "') to dtype('int64') according to the rule 'safe'");
}

NDArray index_offsets(std::span<const NDArray> indices, std::span<const IndexedAxis> axes,
                      ClipMode mode) {
  std::vector<Operand> args = index_args(indices, axes, mode, indices[0].shape());
  uint64_t checked = checked_bits(axes, mode);
  NDArray off =
      kernel::run_elementwise(indexed_def(indices.size(), mode, Kind::Offsets, checked), args)[0];
  // Waited for: the offsets' users write memory.
  if (checked && indices[0].size() > 0) finish_bounds_check(indices[0].device(), false);
  return off;
}

void gather(const NDArray& rest, std::span<const NDArray> indices,
            std::span<const IndexedAxis> axes, ClipMode mode, NDArray& out) {
  if (out.size() == 0) {
    if (indices[0].size() > 0) index_offsets(indices, axes, mode);  // bounds still checked
    return;
  }
  std::vector<Operand> args = index_args(indices, axes, mode, out.shape());
  args.push_back(rest);
  bool rows = rest.ndim() > 0;
  if (rows) args.push_back(Scalar::typed_int(DType::Int64, rest.size()));
  args.push_back(out);
  uint64_t checked = checked_bits(axes, mode);
  kernel::run_elementwise(
      indexed_def(indices.size(), mode, rows ? Kind::GatherRows : Kind::Gather, checked), args);
  // A bad index only read offset 0: the error may wait for the next synchronization.
  if (checked) finish_bounds_check(out.device(), defer_bounds_errors(out.device()));
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
