"""The CPU backend beside NumPy (BENCHMARKS.md: at least as fast on every ufunc and
reduction): 2^24 float32 (4096² for the axis rows), same process, same values. Each cell is
ndgpu-CPU's GB/s; NumPy's GB/s and the ratio (> 1: ndgpu faster) are in its info.
Run with NDGPU_DEVICE=cpu; on a GPU the rows are n/a.
"""
import time

import numpy as np

from benchmarks.libs import host_random
from benchmarks.workloads.base import NotApplicable, Workload

F32 = 4


def _medians(ours, theirs, reps, warmup=2):
    """Median seconds of ours() and theirs(), interleaved so that both see the same load."""
    for _ in range(warmup):
        ours()
        theirs()
    times = ([], [])
    for _ in range(reps):
        for fn, t in zip((ours, theirs), times):
            start = time.perf_counter()
            fn()
            t.append(time.perf_counter() - start)
    return float(np.median(times[0])), float(np.median(times[1]))


def _row(operands, moved, call, square=False):
    """A cell: call(xp, *arrays) timed for ndgpu-CPU and NumPy on the same host data.

    ``operands`` is the number of float32 inputs, ``moved`` the bytes per element read plus
    written (each operand once); ``square`` gives 4096x4096 inputs instead of 2^24 elements.
    """
    def run(lib, cfg):
        if lib.name != "ndgpu" or lib.xp._core.backend_name() != "cpu":
            raise NotApplicable("the CPU backend's row: run with NDGPU_DEVICE=cpu")
        n = 1 << (20 if cfg.quick else 24)
        side = 1 << (10 if cfg.quick else 12)
        shape = (side, side) if square else (n,)
        host = [host_random(n, np.float32, seed=k + 1).reshape(shape) for k in range(operands)]
        dev = [lib.xp.asarray(h) for h in host]
        ours, theirs = _medians(lambda: call(lib.xp, *dev), lambda: call(np, *host), cfg.reps)
        gb = moved * n / 1e9
        return gb / ours, {"numpy_gbps": round(gb / theirs, 2), "ratio": round(theirs / ours, 2)}
    return run


def _unary(fn):
    return lambda xp, x: getattr(xp, fn)(x)


def _reduce(method, axis=None):
    return lambda xp, x: getattr(x, method)(axis=axis)


# name, function, inputs, bytes moved per element (each operand once), square
_ROWS = [
    ("add_out", lambda xp, x, y: xp.add(x, y, out=x), 2, 3 * F32),
    ("add_new", lambda xp, x, y: x + y, 2, 3 * F32),
    ("multiply", lambda xp, x, y: x * y, 2, 3 * F32),
    ("mul_add", lambda xp, x, y, w: x * y + w, 3, 4 * F32),
    ("exp", _unary("exp"), 1, 2 * F32), ("log", _unary("log"), 1, 2 * F32),
    ("sin", _unary("sin"), 1, 2 * F32), ("sqrt", _unary("sqrt"), 1, 2 * F32),
    ("power", lambda xp, x, y: xp.power(x, y), 2, 3 * F32),
    ("less", lambda xp, x, y: x < y, 2, 2 * F32 + 1),
    ("sum", _reduce("sum"), 1, F32), ("max", _reduce("max"), 1, F32),
    ("mean", _reduce("mean"), 1, F32),
] + [("%s_axis%d" % (m, a), _reduce(m, a), 1, F32, True)
     for m in ("sum", "max", "mean") for a in (0, 1)]

def _matmul(lib, cfg):
    """CPU backend: matmul f32 2048^3 (BLAS on both sides) in GFLOP/s, NumPy's in the info."""
    if lib.name != "ndgpu" or lib.xp._core.backend_name() != "cpu":
        raise NotApplicable("the CPU backend's row: run with NDGPU_DEVICE=cpu")
    n = 512 if cfg.quick else 2048
    a, b = host_random(n * n, np.float32, seed=1), host_random(n * n, np.float32, seed=2)
    a, b = a.reshape(n, n), b.reshape(n, n)
    da, db = lib.xp.asarray(a), lib.xp.asarray(b)
    ours, theirs = _medians(lambda: da @ db, lambda: a @ b, max(3, cfg.reps // 4), warmup=1)
    flop = 2.0 * n ** 3 / 1e9
    return flop / ours, {"numpy_gflops": round(flop / theirs, 1), "ratio": round(theirs / ours, 2)}


WORKLOADS = [
    Workload("cpu_" + row[0], "CPU backend: %s f32 2^24 (NumPy in info)" % row[0], "GB/s",
             _row(*row[2:4], row[1], *row[4:]), None, peers=())
    for row in _ROWS
] + [Workload("cpu_matmul", "CPU backend: matmul f32 2048^3 (NumPy in info)", "GFLOP/s", _matmul,
              None, peers=())]
