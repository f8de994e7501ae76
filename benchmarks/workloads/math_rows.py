"""One row per float transcendental ufunc and dtype, CuPy and PyTorch beside ndgpu, in GB/s.

Each operand is 1 GiB (2^28 float32 or 2^27 float64); inputs lie in each function's domain.
ndgpu's cell also holds its Gelem/s and the rate of the same function evaluated in registers
(32 evaluations per element loaded, so memory costs nothing): `percent_of_compute` near 100
means the row runs at the H200's throughput for that function's math, not at the memory's.
"""
import numpy as np

from benchmarks.libs import rand
from benchmarks.timing import gbps, median_ms
from benchmarks.workloads.base import Workload

UNARY = ("sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
         "arccosh", "arctanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "cbrt")
BINARY = ("power", "arctan2", "hypot", "logaddexp", "logaddexp2", "float_power")
TORCH_NAMES = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
               "arccosh": "acosh", "arctanh": "atanh", "power": "pow", "arctan2": "atan2"}
# ndgpu's device function behind each loop, where it is not ndgpu::ufn::<name>.
DEVICE_NAMES = {"exp": "ndgpu::exp_", "log": "ndgpu::log_", "log1p": "ndgpu::log1p_",
                "float_power": "ndgpu::ufn::power"}
REPEATS = 32  # evaluations per element in the compute-only kernel


def _inputs(lib, name, n, dtype):
    """[0.1, 0.9) as the sweeps use ([1.1, 1.9) for arccosh), one or two operands."""
    xs = []
    for seed in (1, 2)[:2 if name in BINARY else 1]:
        x = rand(lib, n, dtype=dtype, seed=seed) * 0.8 + 0.1
        xs.append(x + 1.0 if name == "arccosh" else x)
    return xs


def _compute_only(lib, name, xs, cfg):
    """ndgpu's Gelem/s for the function alone: REPEATS evaluations per element in registers."""
    fn = DEVICE_NAMES.get(name, "ndgpu::ufn::" + name)
    args = "a" if len(xs) == 1 else "a, b"
    c = "double" if name == "float_power" else "T"  # the loop's own type
    body = ("%s a = x; %s b = %s; %s acc = 0; for (int k = 0; k < %d; ++k) { acc += %s(%s); "
            "a += %s(1e-7); } z = acc" % (c, c, "y" if len(xs) == 2 else "a", c, REPEATS, fn,
                                         args, c))
    params = "T x" if len(xs) == 1 else "T x, T y"
    k = lib.xp.ElementwiseKernel(params, "T z", body, "compute_only_" + name)
    out = lib.xp.empty_like(xs[0])
    ms = median_ms(lib, lambda: k(*xs, out), cfg, reps=5)
    return REPEATS * xs[0].size / (ms * 1e-3) / 1e9


def _row(name, dtype):
    def run(lib, cfg):
        size = np.dtype(dtype).itemsize
        n = cfg.n * 4 // size
        lib_name = TORCH_NAMES.get(name, name) if lib.name == "torch" else name
        fn = getattr(lib.xp, lib_name)  # AttributeError: n/a (PyTorch has no cbrt)
        xs = _inputs(lib, name, n, dtype)
        out = fn(*xs)
        out_size = np.dtype(str(out.dtype).replace("torch.", "")).itemsize
        ms = median_ms(lib, lambda: fn(*xs, out=out), cfg)
        value = gbps(n * (len(xs) * size + out_size), ms)
        if lib.name != "ndgpu" or lib.backend == "cpu":  # the CPU's loop would not vectorise
            return value
        gelem = n / (ms * 1e-3) / 1e9
        compute = _compute_only(lib, name, xs, cfg)
        return value, {"gelem_s": float("%.4g" % gelem),
                       "compute_gelem_s": float("%.4g" % compute),
                       "percent_of_compute": round(100 * gelem / compute, 1)}
    return run


def _workloads():
    rows = []
    for dtype, tag in ((np.float32, "f32"), (np.float64, "f64")):
        for name in UNARY + BINARY:
            args = "x, y" if name in BINARY else "x"
            rows.append(Workload("%s_%s" % (tag, name), "%s(%s), 1 GiB %s" % (name, args, tag),
                                 "GB/s", _row(name, dtype), None))
    return rows


WORKLOADS = _workloads()
