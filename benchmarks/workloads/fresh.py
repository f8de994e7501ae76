"""Costs paid once per process: kernel compiles with an empty cache, first ops, import."""
import shutil
import statistics
import tempfile

from benchmarks.libs import subprocess_env
from benchmarks.timing import probe_error, run_probe
from benchmarks.workloads.base import NotApplicable, Workload


def _fresh(lib, what, extra_env=None):
    """Run probe WHAT for lib in a fresh process with an empty, private kernel cache."""
    tmp = tempfile.mkdtemp(prefix="ndgpu-bench-cache-")
    try:
        env = subprocess_env(dict({"NDGPU_CACHE_DIR": tmp + "/ndgpu",
                                   "CUPY_CACHE_DIR": tmp + "/cupy"}, **(extra_env or {})))
        return run_probe([lib.name, what], env)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _compile(what, extra_env=None):
    def run(lib, cfg):
        if lib.name == "torch":
            raise NotApplicable("CuPy kernel API")
        times = [_fresh(lib, what, extra_env)["ms"] for _ in range(cfg.fresh_reps)]
        return statistics.median(times), {"samples_ms": times}
    return run


_FIRST = {}


def _first_ops(lib, cfg):
    if lib.name not in _FIRST:
        _FIRST[lib.name] = [_fresh(lib, "first_ops") for _ in range(cfg.fresh_reps)]
    return _FIRST[lib.name]


def _first(key):
    def run(lib, cfg):
        results = _first_ops(lib, cfg)
        for r in results:
            if key + "_error" in r:
                raise probe_error(r[key + "_error"])
        t = [r[key + "_ms"] for r in results]
        return statistics.median(t), {"samples_ms": t}
    return run


first_add, first_sum = _first("add"), _first("sum")


def import_time(lib, cfg):
    _fresh(lib, "import")  # warm the file cache
    t = [_fresh(lib, "import")["s"] for _ in range(cfg.import_reps)]
    return min(t), {"samples_s": t}


WORKLOADS = [
    Workload("compile_ewk", "ElementwiseKernel 1st call, cold", "ms", _compile("compile_ewk"),
             ("<=", 40), peers=("cupy",)),
    # The same with ndgpu's quick tier off (docs/quick_tier.md): NVRTC on the caller's thread.
    Workload("compile_ewk_nvrtc", "  same, quick tier off (NVRTC)", "ms",
             _compile("compile_ewk", {"NDGPU_QUICK_TIER": "0"}), None, peers=()),
    Workload("compile_rk", "ReductionKernel 1st call, cold", "ms", _compile("compile_rk"),
             ("<=", 60), peers=("cupy",)),
    Workload("compile_rk_nvrtc", "  same, quick tier off (NVRTC)", "ms",
             _compile("compile_rk", {"NDGPU_QUICK_TIER": "0"}), None, peers=()),
    Workload("compile_raw", "RawKernel 1st call, cold", "ms", _compile("compile_raw"),
             ("<=", 40), peers=("cupy",)),
    Workload("first_add", "first a + b, fresh process", "ms", first_add, ("<=", 5),
             peers=("cupy",), extra_peers=("torch",)),
    Workload("first_sum", "first a.sum(), fresh process", "ms", first_sum, ("<=", 5),
             peers=("cupy",), extra_peers=("torch",)),
    Workload("import", "import time (warm file cache)", "s", import_time, ("<=", 0.15),
             peers=("cupy",), extra_peers=("torch",)),
]
