"""Copies that change layout or type: the transpose copy, where and astype, the same code in
every library (issue #14's targets)."""
import numpy as np

from benchmarks.libs import rand
from benchmarks.timing import gbps, median_ms
from benchmarks.workloads.base import Workload

F32 = 4


def transpose_copy(lib, cfg):
    """x.T made C-contiguous, x 16384^2 float32: read once, written once."""
    x = rand(lib, (cfg.side, cfg.side))
    fn = (lambda: x.T.contiguous()) if lib.name == "torch" else (
        lambda: lib.xp.ascontiguousarray(x.T))
    return gbps(2 * cfg.side * cfg.side * F32, median_ms(lib, fn, cfg))


def where(lib, cfg):
    """where(x > 0.5, x, y) on 2^28 float32: two arrays read, one written."""
    x, y = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2)
    return gbps(3 * cfg.n * F32, median_ms(lib, lambda: lib.xp.where(x > 0.5, x, y), cfg))


def astype_f16(lib, cfg):
    """float32 -> float16 on 2^28 elements: 4 bytes read and 2 written per element."""
    x = rand(lib, cfg.n)
    fn = (lambda: x.to(lib.xp.float16)) if lib.name == "torch" else (
        lambda: x.astype(np.float16))
    return gbps(6 * cfg.n, median_ms(lib, fn, cfg))


WORKLOADS = [
    Workload("transpose", "transpose copy, 16384² f32", "GB/s", transpose_copy, (">=", 3500)),
    Workload("where", "where(x > 0.5, x, y), 2^28 f32", "GB/s", where, (">=", 4000)),
    Workload("astype_f16", "astype f32→f16, 2^28", "GB/s", astype_f16, (">=", 4000)),
]
