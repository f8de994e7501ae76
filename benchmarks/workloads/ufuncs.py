"""Issue #13's ufunc rows: the named expressions beside CuPy and PyTorch, and sweeps of every
float32 ufunc (and the float64 transcendentals) against add's bandwidth per byte moved."""
import sys

import numpy as np

from benchmarks.libs import rand
from benchmarks.timing import gbps, median_ms
from benchmarks.workloads.base import NotApplicable, Workload

F32 = 4


def _unary(expr, torch_expr=None):
    def run(lib, cfg):
        x = rand(lib, cfg.n)
        f = torch_expr if lib.name == "torch" and torch_expr else expr
        return gbps(2 * cfg.n * F32, median_ms(lib, lambda: f(lib.xp, x), cfg))
    return run


def _binary(expr, torch_expr=None):
    def run(lib, cfg):
        x, y = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2)
        y += 0.5  # no zero divisors for x % y
        f = torch_expr if lib.name == "torch" and torch_expr else expr
        return gbps(3 * cfg.n * F32, median_ms(lib, lambda: f(lib.xp, x, y), cfg))
    return run


def _loops(lib, char, nin):
    """ndgpu's ufuncs with a one-output loop of `char` (f or d) and nin inputs."""
    names = []
    for name in lib.xp._core._ufunc_names():
        u = getattr(lib.xp._core, name)
        if u.nin == nin and u.nout == 1 and (char * nin + "->" + char) in u.types:
            names.append(name)
    return names


_TRANSCENDENTAL = {"sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
                   "arcsinh", "arccosh", "arctanh", "exp", "exp2", "expm1", "log", "log2",
                   "log10", "log1p", "cbrt", "power", "arctan2", "hypot", "logaddexp",
                   "logaddexp2", "float_power"}


def _sweep(dtype, char, only=None):
    """Every ufunc's bandwidth (out= given) as a percentage of add's; the row is the worst."""
    def run(lib, cfg):
        if lib.name != "ndgpu":
            raise NotApplicable("ndgpu's own sweep")
        xp = lib.xp
        x = (rand(lib, cfg.n, seed=1) * 0.8 + 0.1).astype(dtype)
        y = (rand(lib, cfg.n, seed=2) * 0.8 + 0.1).astype(dtype)
        out = xp.empty_like(x)
        size = np.dtype(dtype).itemsize

        def add_gbps():
            return gbps(3 * cfg.n * size, median_ms(lib, lambda: xp.add(x, y, out=out), cfg))
        add_before = add_gbps()
        results = {}
        for nin in (1, 2):
            for name in _loops(lib, char, nin):
                if only is not None and name not in only:
                    continue
                u = getattr(xp._core, name)
                args = (x,) if nin == 1 else (x, y)
                ms = median_ms(lib, lambda: u(*args, out=out), cfg)
                results[name] = gbps((nin + 1) * cfg.n * size, ms)
        # add again at the end: the baseline is the mean, so a clock drift during the sweep
        # shows as the gap between the two rather than as a bias of every percentage.
        add_after = add_gbps()
        add = (add_before + add_after) / 2
        results = {k: round(100 * v / add, 1) for k, v in results.items()}
        worst = min(results, key=results.get)
        slow = ", ".join("%s %.0f%%" % (k, v) for k, v in sorted(results.items(),
                                                              key=lambda kv: kv[1]) if v < 95)
        print("  %s sweep: add %.0f GB/s; below 95%% of it: %s" % (dtype, add, slow or "none"),
              file=sys.stderr)
        return results[worst], {"worst": worst, "add_gbps": round(add),
                                "add_gbps_before_after": [round(add_before), round(add_after)],
                                "percent_of_add": results}
    return run


WORKLOADS = [
    Workload("pow2", "x ** 2, 2^28 f32", "GB/s", _unary(lambda xp, x: x ** 2), (">=", "best")),
    Workload("power_2_5", "power(x, 2.5), 2^28 f32", "GB/s",
             _unary(lambda xp, x: xp.power(x, 2.5), lambda xp, x: xp.pow(x, 2.5)),
             (">=", "best")),
    Workload("sin", "sin(x), 2^28 f32", "GB/s", _unary(lambda xp, x: xp.sin(x)), (">=", "best")),
    Workload("arctan2", "arctan2(x, y), 2^28 f32", "GB/s",
             _binary(lambda xp, x, y: xp.arctan2(x, y), lambda xp, x, y: xp.atan2(x, y)),
             (">=", "best")),
    Workload("mod", "x % y, 2^28 f32", "GB/s", _binary(lambda xp, x, y: x % y), (">=", "best")),
    Workload("clip", "clip(x, 0.2, 0.8), 2^28 f32", "GB/s",
             _unary(lambda xp, x: xp.clip(x, 0.2, 0.8), lambda xp, x: xp.clamp(x, 0.2, 0.8)),
             (">=", "best")),
    Workload("ufunc_sweep_f32", "every f32 ufunc, worst % of add", "% of add",
             _sweep(np.float32, "f"), (">=", 95), peers=()),
    Workload("ufunc_sweep_f64", "f64 transcendentals, worst % of add", "% of add",
             _sweep(np.float64, "d", _TRANSCENDENTAL), None, peers=()),
]
