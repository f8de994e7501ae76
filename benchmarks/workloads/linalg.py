"""Dense linear algebra: numpy.linalg's solve on cuSOLVER (ms, lower is better)."""
import numpy as np

from benchmarks.libs import host_random
from benchmarks.timing import median_ms
from benchmarks.workloads.base import Workload


def solve_f64(lib, cfg):
    """solve(a, b) for one well-conditioned float64 4096² system with one right-hand side."""
    n = 512 if cfg.quick else 4096
    a = host_random(n * n, np.float64, seed=3).reshape(n, n) + n * np.eye(n)
    b = host_random(n, np.float64, seed=4)
    da, db = lib.from_host(a), lib.from_host(b)
    lib.sync()
    return median_ms(lib, lambda: lib.xp.linalg.solve(da, db), cfg)


WORKLOADS = [
    Workload("solve_f64", "linalg.solve f64 4096", "ms", solve_f64, ("<=", 21.5)),
]
