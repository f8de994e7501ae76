"""Dense linear algebra: numpy.linalg on cuSOLVER (ms, lower is better) and einsum (TFLOP/s)."""
import numpy as np

from benchmarks.libs import host_random, rand
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


def _square(lib, cfg, n, dtype, symmetric=False):
    n = min(n, 256) if cfg.quick else n
    a = host_random(n * n, dtype, seed=5).reshape(n, n)
    if symmetric:
        a = (a + a.T) / 2
    da = lib.from_host(a)
    lib.sync()
    return da


def _svd(n, dtype):
    def run(lib, cfg):
        """svd(a) of one n² matrix, U, S and Vh (full_matrices, NumPy's default)."""
        a = _square(lib, cfg, n, dtype)
        return median_ms(lib, lambda: lib.xp.linalg.svd(a), cfg)
    return run


def _eigh(n, dtype):
    def run(lib, cfg):
        """eigh(a) of one symmetric n² matrix: eigenvalues and eigenvectors."""
        a = _square(lib, cfg, n, dtype, symmetric=True)
        return median_ms(lib, lambda: lib.xp.linalg.eigh(a), cfg)
    return run


def _stack(lib, cfg, n, dtype, spd=False):
    batch = 64 if cfg.quick else 4096
    a = host_random(batch * n * n, dtype, seed=6).reshape(batch, n, n)
    a = a @ np.swapaxes(a, -1, -2) + n * np.eye(n, dtype=dtype) if spd else a + n * np.eye(n)
    da = lib.from_host(a.astype(dtype))
    lib.sync()
    return da


def inv_batched(lib, cfg):
    """inv of a stack of 4096 well-conditioned 32² float32 matrices (batched LU on CUDA)."""
    a = _stack(lib, cfg, 32, np.float32)
    return median_ms(lib, lambda: lib.xp.linalg.inv(a), cfg)


def eigh_batched(lib, cfg):
    """eigh of a stack of 4096 symmetric 16² float32 matrices (batched Jacobi on CUDA)."""
    a = _stack(lib, cfg, 16, np.float32, spd=True)
    return median_ms(lib, lambda: lib.xp.linalg.eigh(a), cfg)


def einsum_batched(lib, cfg):
    """einsum('bij,bjk->bik') over 1024 x 64^3 float32: the batched matmul row's work."""
    batch = 64 if cfg.quick else 1024
    a = rand(lib, (batch, 64, 64), np.float32, seed=1)
    b = rand(lib, (batch, 64, 64), np.float32, seed=2)
    ms = median_ms(lib, lambda: lib.xp.einsum("bij,bjk->bik", a, b), cfg)
    return 2.0 * batch * 64 ** 3 / (ms * 1e-3) / 1e12


WORKLOADS = [
    Workload("solve_f64", "linalg.solve f64 4096", "ms", solve_f64, ("<=", 21.5)),
    Workload("svd_f32", "linalg.svd f32 1024", "ms", _svd(1024, np.float32), ("<=", 110)),
    Workload("svd_f64", "linalg.svd f64 1024", "ms", _svd(1024, np.float64), ("<=", "cupy")),
    Workload("eigh_f32", "linalg.eigh f32 2048", "ms", _eigh(2048, np.float32), ("<=", 28.9)),
    Workload("eigh_f64", "linalg.eigh f64 1024", "ms", _eigh(1024, np.float64), ("<=", "cupy")),
    Workload("inv_batched", "linalg.inv f32 4096x32^2", "ms", inv_batched, ("<=", "cupy")),
    Workload("eigh_batched", "linalg.eigh f32 4096x16^2", "ms", eigh_batched, ("<=", "cupy")),
    Workload("einsum_batched", "einsum bij,bjk->bik 1024x64^3 f32", "TFLOP/s", einsum_batched,
             (">=", 20)),
]
