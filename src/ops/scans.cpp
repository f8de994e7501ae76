// cumsum, cumprod, their NaN-skipping forms, ufunc.accumulate and diff. A scan runs in three
// launches of one kernel over chunks of each row: chunk totals, an exclusive scan of the
// totals per row, then each chunk rescanned from its carry. Reads stay in row order.
#include <algorithm>
#include <cmath>
#include <memory>

#include "kernel/cache/lookup.hpp"
#include "kernel/launch.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/ufunc.hpp"
#include "ops/reduction_builtin.hpp"

namespace ndgpu {
namespace {

struct ScanOp {
  std::string name;
  std::string combine;  // of accumulators a and b
  std::string identity;
  bool skip_nan;
  std::string preamble = "";  // device code the combine calls
  bool associative = true;    // else each row scans in order, as one chunk
};

const char* kScanBody = R"(
extern "C" __global__ void NAME(const char* _in, char* _out, long long _rows, long long _len,
    long long _in_row, long long _in_step, long long _out_row, long long _out_step,
    long long _chunk, ACC* _carry, int _phase) {
  const long long _nchunks = (_len + _chunk - 1) / _chunk;
  const long long _n = _phase == 1 ? _rows : _rows * _nchunks;
  NDGPU_LOOP(long long, _t, _n) {
    if (_phase == 1) {  // exclusive scan of this row's chunk totals
      ACC _run = ACC(IDENTITY);
      for (long long _c = 0; _c < _nchunks; ++_c) {
        ACC a = _run, b = _carry[_t * _nchunks + _c];
        _carry[_t * _nchunks + _c] = _run;
        _run = _c == 0 ? b : COMBINE;
      }
      continue;
    }
    const long long _row = _t / _nchunks, _c = _t % _nchunks;
    const long long _b = _c * _chunk, _e = ndgpu::min_(_b + _chunk, _len);
    const char* _ip = _in + _row * _in_row;
    char* _op = _out + _row * _out_row;
    ACC a = (_phase == 2 && _carry) ? _carry[_t] : ACC(IDENTITY);
    for (long long _k = _b; _k < _e; ++_k) {
      const IN x = *(const IN*)(_ip + _k * _in_step);
      ACC b = MAP;
      a = _k == 0 ? b : COMBINE;  // NumPy starts from the first element, not the identity
      if (_phase == 2) *(OUT*)(_op + _k * _out_step) = ndgpu::cast<OUT>(a);
    }
    if (_phase == 0) _carry[_t] = a;
  }
}
)";

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size())
    s.replace(p, from.size(), to);
}

kernel::CompiledKernel scan_kernel(Device device, const ScanOp& op, DType in, DType out) {
  const std::string name = "ndgpu_" + op.name + "_" + dtype_name(in) + "_" + dtype_name(out);
  return kernel::named_kernel(device, name, [&] {
    // Accumulate in the output type, as NumPy's accumulate (float16 rounds at every step).
    std::string acc = ops::kernel_ctype(out);
    std::string map = "ndgpu::cast<" + acc + ">(x)";
    if (op.skip_nan && is_inexact(in))
      map = "ndgpu::isnan_(x) ? _acc_t(" + op.identity + ") : " + map;
    std::string body = kScanBody;
    replace_all(body, "NAME", name);
    replace_all(body, "ACC", "_acc_t");
    replace_all(body, "IDENTITY", op.identity);
    replace_all(body, "COMBINE", op.combine);
    replace_all(body, "MAP", map);
    replace_all(body, "OUT", "_out_t");
    replace_all(body, "IN", "_in_t");
    KernelSource src;
    src.source = std::string("#include \"ndgpu/reduce_ops.cuh\"\n") +
                 (op.preamble.empty() ? "" : "#include \"ndgpu/ufunc_math.cuh\"\n") +
                 "using ndgpu::complex;\ntypedef " + acc + " _acc_t;\ntypedef " +
                 ops::kernel_ctype(in) + " _in_t;\ntypedef " + ops::kernel_ctype(out) +
                 " _out_t;\n" + op.preamble + body;
    src.entries.push_back({name,
                           {"const char*", "char*", "long long", "long long", "long long",
                            "long long", "long long", "long long", "long long", "_acc_t*", "int"}});
    src.name_hint = name;
    return src;
  });
}

// A plain sum of one contiguous row in its own type goes to the backend's library scan
// (CUB's on CUDA) when it has one.
bool library_cumsum(const ScanOp& op, Device device, const NDArray& in, const NDArray& res) {
  if (op.name != "cumsum" || in.dtype() != res.dtype() || in.shape()[0] != 1) return false;
  const int64_t isz = int64_t(itemsize(in.dtype()));
  if (in.strides()[1] != isz || res.strides()[1] != isz) return false;
  ScanCall call;
  switch (in.dtype()) {
    case DType::Float32:
      call.type = ScanType::F32;
      break;
    case DType::Float64:
      call.type = ScanType::F64;
      break;
    case DType::Int32:
      call.type = ScanType::I32;
      break;
    case DType::Int64:
      call.type = ScanType::I64;
      break;
    case DType::UInt32:
      call.type = ScanType::U32;
      break;
    case DType::UInt64:
      call.type = ScanType::U64;
      break;
    default:
      return false;
  }
  call.n = in.shape()[1];
  call.in = in.data();
  call.out = res.data();
  call.stream = current_stream(device);
  return backend_for(device).inclusive_sum(device.index, call);
}

NDArray scan(const ScanOp& op, const NDArray& a_in, std::optional<int64_t> axis, DType ot,
             const OptArray& out) {
  check_device(a_in.device());
  Device device = current_device();
  NDArray a = a_in;
  int ax;
  if (!axis) {
    a = a_in.reshape(Shape{-1});
    ax = 0;
  } else {
    ax = normalize_axis(*axis, std::max(a.ndim(), 1));
    if (a.ndim() == 0) a = a.reshape(Shape{1});
  }
  // The scan axis last, everything else flattened into rows.
  std::vector<int64_t> perm;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != ax) perm.push_back(d);
  perm.push_back(ax);
  NDArray moved = a.transpose(perm);
  int64_t len = a.shape()[size_t(ax)];
  int64_t rows = len ? a.size() / len : 0;
  NDArray in2 = moved.reshape(Shape{rows, len});
  NDArray res2 = NDArray::empty_on(device, Shape{rows, len}, ot);
  if (rows > 0 && len > 0 && !library_cumsum(op, device, in2, res2)) {
    kernel::CompiledKernel k = scan_kernel(device, op, a.dtype(), ot);
    int64_t lanes =
        device.type == DeviceType::CPU
            ? int64_t(backend_for(device).resident_blocks(device.index, k.function, 1)) * 4
            : 65536;
    int64_t want = std::max<int64_t>(lanes / rows, 1);
    int64_t chunk = op.associative ? std::max<int64_t>((len + want - 1) / want, 4096) : len;
    int64_t nchunks = (len + chunk - 1) / chunk;
    NDArray carry;
    char* carry_ptr = nullptr;
    if (nchunks > 1) {
      carry = NDArray::empty_on(device, Shape{rows * nchunks}, ot);
      carry_ptr = static_cast<char*>(carry.data());
    }
    for (int phase = nchunks > 1 ? 0 : 2; phase < 3; ++phase) {
      kernel::ArgPack pack;
      pack.push(static_cast<const char*>(in2.data()));
      pack.push(static_cast<char*>(res2.data()));
      for (int64_t v : {rows, len, in2.strides()[0], in2.strides()[1], res2.strides()[0],
                        res2.strides()[1], chunk})
        pack.push(static_cast<long long>(v));
      pack.push(carry_ptr);
      pack.push(phase);
      kernel::launch_elementwise(device, k, phase == 1 ? rows : rows * nchunks, pack);
    }
  }
  // Back to the input's axis order.
  Shape moved_shape = moved.shape();
  NDArray res = res2.reshape(moved_shape);
  std::vector<int64_t> inv(perm.size());
  for (size_t k = 0; k < perm.size(); ++k) inv[size_t(perm[k])] = int64_t(k);
  res = res.transpose(inv);
  if (out) {
    NDArray o = *out;
    if (o.shape() != res.shape())
      throw ValueError("output array has shape " + shape_str(o.shape()) + " but the result is " +
                       shape_str(res.shape()));
    copy_into(o, res);
    return o;
  }
  return res;
}

const ScanOp kCumsum{"cumsum", "ndgpu::add_(a, b)", "0", false};
const ScanOp kCumprod{"cumprod", "ndgpu::mul_(a, b)", "1", false};
const ScanOp kNancumsum{"nancumsum", "ndgpu::add_(a, b)", "0", true};
const ScanOp kNancumprod{"nancumprod", "ndgpu::mul_(a, b)", "1", true};

// Any other binary ufunc whose loop keeps one dtype (logical_* in bool, as NumPy's): its loop
// body is the combine. Ufuncs with an identity scan rows in chunks; the others (subtract,
// power, arctan2, ...) in order.
NDArray generic_accumulate(const std::string& ufunc, const NDArray& a, int64_t axis, OptDType dtype,
                           const OptArray& out) {
  const DType t = ops::binary_fold_dtype(ufunc, "accumulate", a, dtype, out);
  const std::optional<Scalar> id = ufunc_identity(ufunc);
  const bool finite_id = id && std::isfinite(id->as_double());
  ScanOp op{"accumulate_" + ufunc, "_combine(a, b)",
            finite_id ? "(long long)" + std::to_string(id->as_int64()) : "0", false};
  op.preamble = "__device__ inline _acc_t _combine(_acc_t in0, _acc_t in1) { _acc_t out0; " +
                ufunc_loop_info(ufunc, t).body + "; return out0; }\n";
  op.associative = finite_id;
  return scan(op, a.astype(t, false), axis, t, out);
}

}  // namespace

NDArray cumsum(const NDArray& a, std::optional<int64_t> axis, OptDType dtype, const OptArray& out) {
  return scan(kCumsum, a, axis, ops::accumulate_dtype(a.dtype(), dtype, out), out);
}
NDArray cumprod(const NDArray& a, std::optional<int64_t> axis, OptDType dtype,
                const OptArray& out) {
  return scan(kCumprod, a, axis, ops::accumulate_dtype(a.dtype(), dtype, out), out);
}
NDArray nancumsum(const NDArray& a, std::optional<int64_t> axis, OptDType dtype,
                  const OptArray& out) {
  return scan(kNancumsum, a, axis, ops::accumulate_dtype(a.dtype(), dtype, out), out);
}
NDArray nancumprod(const NDArray& a, std::optional<int64_t> axis, OptDType dtype,
                   const OptArray& out) {
  return scan(kNancumprod, a, axis, ops::accumulate_dtype(a.dtype(), dtype, out), out);
}

NDArray ufunc_accumulate(const std::string& ufunc, const NDArray& a, int64_t axis, OptDType dtype,
                         const OptArray& out) {
  if (ufunc == "add") return cumsum(a, axis, dtype, out);
  if (ufunc == "multiply") return cumprod(a, axis, dtype, out);
  if (ufunc == "maximum" || ufunc == "minimum") {
    DType t = dtype.value_or(a.dtype());
    bool is_max = ufunc == "maximum";
    ScanOp op{is_max ? "cummax" : "cummin",
              is_max ? "ndgpu::maximum(a, b)" : "ndgpu::minimum(a, b)",
              is_max ? ops::lowest_expr(t) : ops::highest_expr(t), false};
    return scan(op, a, axis, t, out);
  }
  return generic_accumulate(ufunc, a, axis, dtype, out);
}

NDArray diff(const NDArray& a, int64_t n, int64_t axis) {
  if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  int ax = normalize_axis(axis, a.ndim());
  NDArray cur = a;
  for (int64_t k = 0; k < n; ++k) {
    int64_t len = cur.shape()[size_t(ax)];
    std::vector<IndexItem> hi(size_t(cur.ndim()), Slice{}), lo(size_t(cur.ndim()), Slice{});
    hi[size_t(ax)] = Slice{1, std::nullopt, std::nullopt};
    lo[size_t(ax)] = Slice{std::nullopt, std::max<int64_t>(len - 1, 0), std::nullopt};
    std::vector<Operand> args{cur.index(hi), cur.index(lo)};
    cur = call_ufunc(cur.dtype() == DType::Bool ? "not_equal" : "subtract", args)[0];
  }
  return cur;
}

}  // namespace ndgpu
