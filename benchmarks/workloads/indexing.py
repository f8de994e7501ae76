"""Advanced indexing and joining: gather x[idx], a boolean mask x[x > 0.5] and concatenate,
the same code in every library (issue #14's targets)."""
import numpy as np

from benchmarks.libs import rand
from benchmarks.timing import gbps, median_ms
from benchmarks.workloads.base import Workload

F32 = 4


def gather(lib, cfg):
    """2^26 int64 indices into 2^28 float32; Gelem/s of the result."""
    x = rand(lib, cfg.n)
    m = cfg.n >> 2
    h = (np.random.default_rng(7).integers(0, cfg.n, m)).astype(np.int64)
    idx = lib.from_host(h)
    lib.sync()
    return m / (median_ms(lib, lambda: x[idx], cfg) * 1e-3) / 1e9


def boolean_mask(lib, cfg):
    """x[x > 0.5] on 2^28 float32: bytes of x read once plus the selected bytes written."""
    x = rand(lib, cfg.n)
    kept = int(lib.to_host((x > 0.5).sum()))
    return gbps((cfg.n + kept) * F32, median_ms(lib, lambda: x[x > 0.5], cfg))


def concatenate(lib, cfg):
    """Two 2^27 float32 arrays joined: both read, the result written."""
    half = cfg.n >> 1
    x, y = rand(lib, half, seed=1), rand(lib, half, seed=2)
    fn = (lambda: lib.xp.cat((x, y))) if lib.name == "torch" else (
        lambda: lib.xp.concatenate((x, y)))
    return gbps(2 * cfg.n * F32, median_ms(lib, fn, cfg))


WORKLOADS = [
    Workload("gather", "gather x[idx], 2^26 int64 into 2^28 f32", "Gelem/s", gather, (">=", 35)),
    Workload("bool_mask", "x[x > 0.5] on 2^28 f32", "GB/s", boolean_mask, (">=", 1500)),
    Workload("concatenate", "concatenate two 2^27 f32", "GB/s", concatenate, (">=", 4000)),
]
