"""Compute-bound matmul (TFLOP/s) and host<->device copies of pageable NumPy arrays (GB/s)."""
import numpy as np

from benchmarks.libs import host_random, rand
from benchmarks.timing import gbps, median_ms, median_wall_ms
from benchmarks.workloads.base import Workload


def _matmul(dtype):
    def run(lib, cfg):
        n = cfg.matmul_n
        a, b = rand(lib, (n, n), dtype, seed=1), rand(lib, (n, n), dtype, seed=2)
        ms = median_ms(lib, lambda: lib.xp.matmul(a, b), cfg)  # same name in all three
        return 2.0 * n ** 3 / (ms * 1e-3) / 1e12
    return run


def matmul_batched(lib, cfg):
    """A stack of small products (1024 x 64^3 float32): one strided batched GEMM."""
    batch = 64 if cfg.quick else 1024
    a, b = rand(lib, (batch, 64, 64), np.float32, seed=1), rand(lib, (batch, 64, 64), np.float32, seed=2)
    ms = median_ms(lib, lambda: lib.xp.matmul(a, b), cfg)
    return 2.0 * batch * 64 ** 3 / (ms * 1e-3) / 1e12


def h2d(lib, cfg):
    h = host_random(cfg.transfer_bytes // 4, seed=7)
    return gbps(h.nbytes, median_wall_ms(lib, lambda: lib.from_host(h), cfg))


def d2h(lib, cfg):
    d = rand(lib, cfg.transfer_bytes // 4, seed=7)
    return gbps(cfg.transfer_bytes, median_wall_ms(lib, lambda: lib.to_host(d), cfg))


WORKLOADS = [
    Workload("matmul_f32", "matmul f32 8192^3", "TFLOP/s", _matmul(np.float32), (">=", 50)),
    Workload("matmul_f16", "matmul f16 8192^3", "TFLOP/s", _matmul(np.float16), (">=", 740),
             peers=("cupy",), extra_peers=("torch",)),
    Workload("matmul_batched", "batched matmul 1024x64^3 f32", "TFLOP/s", matmul_batched,
             (">=", 20)),
    Workload("h2d", "host->device 256 MiB pageable", "GB/s", h2d, (">=", 20),
             peers=("cupy",), extra_peers=("torch",)),
    Workload("d2h", "device->host 256 MiB, new array", "GB/s", d2h, (">=", 20),
             peers=("cupy",), extra_peers=("torch",)),
]
