#include "catalogue.hpp"

#include <functional>
#include <vector>

#include "kernel/quick/tier.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/indexing.hpp"
#include "ndgpu/manipulation.hpp"
#include "ndgpu/ops.hpp"
#include "ndgpu/random.hpp"
#include "ndgpu/reductions.hpp"
#include "ndgpu/sorting.hpp"
#include "ops/ufunc_table.hpp"

namespace ndgpu::aot {
namespace {

// float32/float64 first: they are what most first calls use. Complex only for ufuncs.
constexpr DType kReal[] = {DType::Float32, DType::Float64, DType::Int32, DType::Int64, DType::Bool};
constexpr DType kComplex[] = {DType::Complex64, DType::Complex128};
// 1000 elements: 32-bit indexing, as for every array under ~2 GiB. On CUDA, arrays of
// 4 MiB and more take the vector path (another kernel): kLarge elements reach it.
constexpr int64_t kN = 1000, kLarge = int64_t(1) << 22;

struct Runner {
  Device device;
  std::vector<std::string>* skipped;

  // NumPy refuses some (ufunc, dtype) pairs; those are not kernels to build.
  void run(const std::function<void()>& call) {
    try {
      call();
    } catch (const TypeError& e) {
      if (skipped) skipped->push_back(e.what());
    } catch (const NotImplementedError& e) {
      if (skipped) skipped->push_back(e.what());
    }
  }
  NDArray array(const Shape& shape, DType t) { return NDArray::empty_on(device, shape, t); }
};

void ufuncs(Runner& r, DType t, int64_t n = kN) {
  NDArray a = r.array({n}, t);
  for (const auto& u : ops::ufunc_table()) {
    // cupyx.scipy.special's loops are large (series, fractions): floats only.
    if (u.scipy_special && t != DType::Float32 && t != DType::Float64) continue;
    std::vector<Operand> same(size_t(u.nin), Operand(a));
    r.run([&] { call_ufunc(u.name, same); });
    if (u.nin != 2 || t == DType::Bool) continue;
    // `a * 2`, `a + 0.5`: a weak Python scalar takes the array's type.
    Scalar s = is_integer(t) ? Scalar::py_int(2) : Scalar::py_float(0.5);
    std::vector<Operand> with_scalar{Operand(a), Operand(s)};
    r.run([&] { call_ufunc(u.name, with_scalar); });
  }
}

void reductions(Runner& r, DType t) {
  // Full and row (axis=-1) reductions of contiguous arrays share a kernel; a column
  // reduction (axis=0) has its own. A long reduced range also compiles the final pass
  // (split ranges), so float32/float64/int64 get long cases too. Over 4096 outputs the
  // final pass differs: not built.
  struct Case {
    Shape shape;
    Axes axis;
    bool long_range;
  };
  const Case cases[] = {{{kN}, std::nullopt, false},
                        {{64, kN}, std::vector<int64_t>{-1}, false},
                        {{64, kN}, std::vector<int64_t>{0}, false},
                        {{int64_t(1) << 22}, std::nullopt, true},
                        {{4096, 64}, std::vector<int64_t>{0}, true}};
  const bool common = t == DType::Float32 || t == DType::Float64 || t == DType::Int64;
  for (const Case& c : cases) {
    if (c.long_range && !common) continue;
    NDArray a = r.array(c.shape, t);
    std::optional<int64_t> one_axis;
    if (c.axis) one_axis = (*c.axis)[0];
    r.run([&] { sum(a, c.axis); });
    r.run([&] { prod(a, c.axis); });
    r.run([&] { amax(a, c.axis); });
    r.run([&] { amin(a, c.axis); });
    r.run([&] { argmax(a, one_axis); });
    r.run([&] { argmin(a, one_axis); });
    r.run([&] { any(a, c.axis); });
    r.run([&] { all(a, c.axis); });
    r.run([&] { mean(a, c.axis); });
  }
}

void creation_and_casts(Runner& r, DType t) {
  NDArray a = r.array({kN}, t);
  r.run([&] { fill(a, Scalar::py_int(0)); });
  if (t != DType::Bool)
    r.run([&] { arange(Scalar::py_int(0), Scalar::py_int(kN), Scalar::py_int(1), t); });
  for (DType to : kReal)
    if (to != t) r.run([&] { a.astype(to); });
}

// Common first calls beyond single-shape ufuncs and reductions: sorting, indexing as Python's
// x[i], x[mask] and their assignments, where, clip, scans, moments, strided and broadcast
// operands. On the CPU pack only (the capture device runs no sort). Not nonzero: its kernel
// runs only for a count read back from the device (zero here).
void common_calls(Runner& r) {
  Shape m_shape{64, 100};
  NDArray idx = r.array({100}, DType::Int64), mask = r.array({kN}, DType::Bool);
  for (DType t : {DType::Float64, DType::Float32, DType::Int64, DType::Int32}) {
    NDArray a = r.array({kN}, t), m = r.array(m_shape, t);
    Scalar zero = is_integer(t) ? Scalar::py_int(0) : Scalar::py_float(0.0);
    Scalar one = is_integer(t) ? Scalar::py_int(1) : Scalar::py_float(1.0);
    std::vector<Index> by_idx{idx}, by_mask{mask};
    r.run([&] { sort(a); });
    r.run([&] { argsort(a); });
    r.run([&] { cumsum(a); });
    r.run([&] { getitem(a, by_idx); });
    r.run([&] { getitem(a, by_mask); });
    r.run([&] { setitem(a, by_idx, Operand(one)); });
    r.run([&] { setitem(a, by_mask, Operand(zero)); });
    r.run([&] { where(Operand(mask), Operand(a), Operand(a)); });
    r.run([&] { where(Operand(mask), Operand(a), Operand(zero)); });
    r.run([&] { clip(Operand(a), Operand(zero), Operand(one)); });
    Scalar int_one = Scalar::py_int(1);  // x.clip(0, 1) of floats too
    if (!is_integer(t))
      r.run([&] { clip(Operand(a), Operand(Scalar::py_int(0)), Operand(int_one)); });
    r.run([&] { ascontiguousarray(m.T()); });
    std::vector<IndexItem> every_other{Slice{std::nullopt, std::nullopt, 2}};
    r.run([&] { a.index(every_other).copy(); });
    std::vector<IndexItem> first_row{int64_t(0)};
    std::vector<Operand> with_row{Operand(m), Operand(m.index(first_row))};
    r.run([&] { call_ufunc("add", with_row); });
    r.run([&] { call_ufunc("multiply", with_row); });
    r.run([&] { var(a); });
    r.run([&] { stddev(a); });
  }
}

// where(a OP b, a, y) of large float arrays, each comparison fused into the where
// (ops/fuse/deferred.hpp): with the mask kept (written too) and dropped, b a number or an
// array, y an array or (mask dropped) a number.
void fused_where_calls(Runner& r) {
  for (DType t : {DType::Float32, DType::Float64}) {
    NDArray a = r.array({kLarge}, t), b = r.array({kLarge}, t);
    for (const char* op :
         {"greater", "greater_equal", "less", "less_equal", "equal", "not_equal"}) {
      for (bool array_rhs : {false, true}) {
        std::vector<Operand> ins{Operand(a),
                                 array_rhs ? Operand(b) : Operand(Scalar::py_float(0.5))};
        r.run([&] {
          NDArray kept = call_ufunc(op, ins)[0];
          where(Operand(kept), Operand(a), Operand(b));
          run_deferred_work();
        });
        r.run([&] {
          where(Operand(call_ufunc(op, ins)[0]), Operand(a), Operand(b));
          run_deferred_work();
        });
        r.run([&] {
          where(Operand(call_ufunc(op, ins)[0]), Operand(a), Operand(Scalar::py_float(0.0)));
          run_deferred_work();
        });
      }
    }
  }
}

// Random numbers with number parameters, and with array ones (each element its own, as
// normal(mu, sigma) or poisson(image)) for the samplers programs call so most. generate()
// gives every kernel 1-D views, so these serve every output shape. The parameters come from
// the host: the capture device runs no kernel, and NumPy's checks read them.
void random_calls(Runner& r) {
  auto rs = random::get_random_state();
  const std::vector<double> halves(size_t(kN), 0.5);
  const NDArray half = from_host(halves.data(), {kN}, DType::Float64);
  for (DType t : {DType::Float64, DType::Float32}) {
    r.run([&] { rs->random_sample({kN}, t); });
    r.run([&] { rs->standard_normal({kN}, t); });
    r.run([&] { rs->uniform(0.0, 1.0, {kN}, t); });
    r.run([&] { rs->normal(half, half, std::nullopt, t); });
    r.run([&] { rs->uniform(0.0, half, std::nullopt, t); });
    r.run([&] { rs->exponential(half, std::nullopt, t); });
  }
  r.run([&] { rs->randint(0, 10, {kN}); });
  r.run([&] { rs->poisson(half, std::nullopt); });
  r.run([&] { rs->binomial(10, half, std::nullopt); });
}

}  // namespace

void run_catalogue(Device device, std::vector<std::string>* skipped) {
  DeviceGuard guard(device);
  Runner r{device, skipped};
  for (DType t : kReal) {
    ufuncs(r, t);
    creation_and_casts(r, t);
  }
  for (DType t : kReal) reductions(r, t);
  for (DType t : kComplex) ufuncs(r, t);
  // Large arrays of the commonest types: ufuncs and fills (zeros, ones) on the vector path.
  for (DType t : {DType::Float32, DType::Float64, DType::Int64}) {
    ufuncs(r, t, kLarge);
    NDArray a = r.array({kLarge}, t);
    r.run([&] { fill(a, Scalar::py_int(0)); });
  }
  if (device.type == DeviceType::CPU) common_calls(r);
  random_calls(r);
  fused_where_calls(r);
  run_deferred_work();  // a comparison of the large ufuncs may still wait
  // The quick tier's interpreters: new kernels' first calls run on them.
  kernel::get_kernel(device, kernel::interpreter_source());
  kernel::get_kernel(device, kernel::rows_interpreter_source(false));
  kernel::get_kernel(device, kernel::rows_interpreter_source(true));
}

}  // namespace ndgpu::aot
