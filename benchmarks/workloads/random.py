"""Random number generation, float32 2^28: normal and uniform through the legacy API and
through ``default_rng``'s Generator; PyTorch's randn/rand beside the legacy rows.

Rate = numbers made per second (each number is also 4 bytes written).
"""
import numpy as np

from benchmarks.timing import median_ms
from benchmarks.workloads.base import NotApplicable, Workload


def gnums(n, ms):
    return n / (ms * 1e-3) / 1e9


def _legacy(kind):
    def run(lib, cfg):
        n = cfg.n
        if lib.name == "torch":
            make = lib.xp.randn if kind == "normal" else lib.xp.rand
            fn = lambda: make(n, device=lib.device)  # noqa: E731
        else:
            r = lib.xp.random
            make = r.standard_normal if kind == "normal" else r.random_sample
            fn = lambda: make(n, dtype=np.float32)  # noqa: E731
        return gnums(n, median_ms(lib, fn, cfg))
    return run


def _generator(kind):
    def run(lib, cfg):
        if lib.name == "torch":
            raise NotApplicable("no Generator API in PyTorch")
        n = cfg.n
        rng = lib.xp.random.default_rng(0)
        make = rng.standard_normal if kind == "normal" else rng.random
        return gnums(n, median_ms(lib, lambda: make(n, dtype=np.float32), cfg))
    return run


WORKLOADS = [
    Workload("random_normal", "normal f32 2^28, legacy", "Gnum/s", _legacy("normal"),
             (">=", 700)),
    Workload("random_normal_rng", "normal f32 2^28, Generator", "Gnum/s", _generator("normal"),
             (">=", 700), peers=("cupy",)),
    Workload("random_uniform", "uniform f32 2^28, legacy", "Gnum/s", _legacy("uniform"),
             (">=", 1000)),
    Workload("random_uniform_rng", "uniform f32 2^28, Generator", "Gnum/s",
             _generator("uniform"), (">=", 1000), peers=("cupy",)),
]
