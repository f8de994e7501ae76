"""Sorting, searching and statistics (issue 15): sort and argsort of float32 2^26 (keys per
second), cumsum of float32 2^28 (bytes read + written), unique of 2^26 int32 with 2^16
distinct values and searchsorted of 2^24 needles in 2^26 sorted keys (keys per second),
median of 16384² along axis 1 and histogram of float32 2^28 into 256 bins (bytes read), and
on the CPU backend sort and argsort of float32 2^24 beside NumPy in the same process (run with
NDGPU_DEVICE=cpu).
"""
import os
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


def _unique(lib, cfg):
    n = cfg.n >> 2
    x = lib.from_host(np.random.default_rng(0).integers(0, 1 << 16, n).astype(np.int32))
    return n / (median_ms(lib, lambda: lib.xp.unique(x), cfg) * 1e-3) / 1e9


def _searchsorted(lib, cfg):
    n, m = cfg.n >> 2, cfg.n >> 4
    rng = np.random.default_rng(0)
    keys = lib.from_host(np.sort(rng.random(n, dtype=np.float32)))
    needles = lib.from_host(rng.random(m, dtype=np.float32))
    return m / (median_ms(lib, lambda: lib.xp.searchsorted(keys, needles), cfg) * 1e-3) / 1e9


def _median(lib, cfg):
    side = cfg.side
    x = lib.from_host(np.random.default_rng(0).random((side, side), dtype=np.float32))
    fn = (lambda: lib.xp.median(x, 1)) if lib.name == "torch" else (
        lambda: lib.xp.median(x, axis=1))
    return 4 * side * side / (median_ms(lib, fn, cfg) * 1e-3) / 1e9


def _histogram(lib, cfg):
    x = _keys(lib, cfg.n)
    if lib.name == "torch":
        fn = lambda: lib.xp.histc(x, bins=256, min=0.0, max=1.0)  # noqa: E731
    else:
        fn = lambda: lib.xp.histogram(x, bins=256, range=(0.0, 1.0))  # noqa: E731
    return 4 * cfg.n / (median_ms(lib, fn, cfg) * 1e-3) / 1e9


def _cpu_sort(arg):
    def run(lib, cfg):
        if lib.name != "ndgpu" or lib.xp._core.backend_name() != "cpu":
            raise NotApplicable("the CPU backend's row: run with NDGPU_DEVICE=cpu")
        n = 1 << (20 if cfg.quick else 24)
        host = np.random.default_rng(0).random(n, dtype=np.float32)
        x = lib.xp.asarray(host)
        ours_fn = lambda: (lib.xp.argsort if arg else lib.xp.sort)(x)  # noqa: E731
        theirs_fn = lambda: (np.argsort if arg else np.sort)(host)  # noqa: E731
        # NumPy and ndgpu alternate, so both see the same load on a shared machine; medians.
        times = ([], [])
        for _ in range(cfg.reps):
            for fn, ts in zip((ours_fn, theirs_fn), times):
                t = time.perf_counter()
                fn()
                ts.append(time.perf_counter() - t)
        ours, theirs = (n / sorted(ts)[len(ts) // 2] / 1e9 for ts in times)
        return ours, {"numpy_gkeys": round(theirs, 3), "ratio": round(ours / theirs, 2),
                      "load": round(os.getloadavg()[0], 1)}
    return run


WORKLOADS = [
    Workload("sort_f32", "sort f32 2^26", "Gkeys/s", _sort(False), (">=", 37)),
    Workload("argsort_f32", "argsort f32 2^26", "Gkeys/s", _sort(True), (">=", 22)),
    Workload("cumsum_f32", "cumsum f32 2^28", "GB/s", _cumsum, (">=", 3500)),
    Workload("unique_i32", "unique i32 2^26, 2^16 distinct", "Gkeys/s", _unique, (">=", "best")),
    Workload("searchsorted_f32", "searchsorted 2^24 in 2^26 f32", "Gkeys/s", _searchsorted,
             (">=", "best")),
    Workload("median_axis1", "median 16384² f32, axis 1", "GB/s", _median, (">=", "best")),
    Workload("histogram_f32", "histogram f32 2^28, 256 bins", "GB/s", _histogram,
             (">=", "best")),
    Workload("sort_cpu", "CPU backend: sort f32 2^24 (NumPy in info)", "Gkeys/s",
             _cpu_sort(False), None, peers=()),
    Workload("argsort_cpu", "CPU backend: argsort f32 2^24 (NumPy in info)", "Gkeys/s",
             _cpu_sort(True), None, peers=()),
]
