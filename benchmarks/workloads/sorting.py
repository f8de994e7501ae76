"""Sorting and scans (issue 15): sort and argsort of float32 2^26 (keys per second), cumsum of
float32 2^28 (bytes read + written), and on the CPU backend sort of float32 2^24 beside NumPy
in the same process (run with NDGPU_DEVICE=cpu).
"""
import time

import numpy as np

from benchmarks.timing import median_ms
from benchmarks.workloads.base import NotApplicable, Workload


def _keys(lib, n):
    return lib.from_host(np.random.default_rng(0).random(n, dtype=np.float32))


def _sort(arg):
    def run(lib, cfg):
        n = cfg.n >> 2  # 2^26
        x = _keys(lib, n)
        if lib.name == "torch":
            fn = (lambda: lib.xp.argsort(x, stable=True)) if arg else (lambda: lib.xp.sort(x))
        else:
            fn = (lambda: lib.xp.argsort(x)) if arg else (lambda: lib.xp.sort(x))
        return n / (median_ms(lib, fn, cfg) * 1e-3) / 1e9
    return run


def _cumsum(lib, cfg):
    x = _keys(lib, cfg.n)
    fn = (lambda: lib.xp.cumsum(x, 0)) if lib.name == "torch" else (lambda: lib.xp.cumsum(x))
    return 2 * 4 * cfg.n / (median_ms(lib, fn, cfg) * 1e-3) / 1e9


def _cpu_sort(lib, cfg):
    if lib.name != "ndgpu" or lib.xp.backend_name() != "cpu":
        raise NotApplicable("the CPU backend's row: run with NDGPU_DEVICE=cpu")
    n = 1 << (20 if cfg.quick else 24)
    host = np.random.default_rng(0).random(n, dtype=np.float32)
    x = lib.xp.asarray(host)

    def best(fn):
        times = []
        for _ in range(cfg.reps):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return n / min(times) / 1e9
    ours = best(lambda: lib.xp.sort(x))
    theirs = best(lambda: np.sort(host))
    return ours, {"numpy_gkeys": round(theirs, 3), "ratio": round(ours / theirs, 2)}


WORKLOADS = [
    Workload("sort_f32", "sort f32 2^26", "Gkeys/s", _sort(False), (">=", 37)),
    Workload("argsort_f32", "argsort f32 2^26", "Gkeys/s", _sort(True), (">=", 22)),
    Workload("cumsum_f32", "cumsum f32 2^28", "GB/s", _cumsum, (">=", 3500)),
    Workload("sort_cpu", "CPU backend: sort f32 2^24 (NumPy in info)", "Gkeys/s", _cpu_sort,
             None, peers=()),
]
