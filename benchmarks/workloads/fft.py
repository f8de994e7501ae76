"""FFTs (ms, lower is better): fft complex64 2^24, rfft2 of 8192² float32, a batch of
4096 × 1024 complex64 (cuFFT through each library), and the CPU backend's fft of 2^20
complex128 beside NumPy's in the same process."""
import time

import numpy as np

from benchmarks.libs import NotApplicable, host_random
from benchmarks.timing import median_ms
from benchmarks.workloads.base import Workload


def _complex(n, dtype, seed):
    re = host_random(n, np.float32, seed=seed)
    im = host_random(n, np.float32, seed=seed + 1)
    return (re + 1j * im).astype(dtype)


def _fft_module(lib):
    return lib.xp.fft


def fft_c64(lib, cfg):
    n = 1 << (16 if cfg.quick else 24)
    x = lib.from_host(_complex(n, np.complex64, 5))
    f = _fft_module(lib).fft
    return median_ms(lib, lambda: f(x), cfg)


def rfft2_f32(lib, cfg):
    n = 512 if cfg.quick else 8192
    x = lib.from_host(host_random(n * n, np.float32, seed=6).reshape(n, n))
    f = _fft_module(lib).rfft2
    return median_ms(lib, lambda: f(x), cfg)


def fft_batch(lib, cfg):
    rows = 64 if cfg.quick else 4096
    x = lib.from_host(_complex(rows * 1024, np.complex64, 7).reshape(rows, 1024))
    f = _fft_module(lib).fft
    return median_ms(lib, lambda: f(x), cfg)


def fft_cpu_c128(lib, cfg):
    """Meant for NDGPU_DEVICE=cpu: ndgpu's time, with NumPy's and the ratio beside it."""
    if lib.name != "ndgpu" or lib.xp._core.backend_name() != "cpu":
        raise NotApplicable("the CPU backend's row: run with NDGPU_DEVICE=cpu")
    n = 1 << (14 if cfg.quick else 20)
    h = _complex(n, np.complex128, 8)
    x = lib.from_host(h)
    ms = median_ms(lib, lambda: lib.xp.fft.fft(x), cfg)
    times = []
    for _ in range(10):
        t = time.perf_counter()
        np.fft.fft(h)
        times.append((time.perf_counter() - t) * 1e3)
    numpy_ms = float(np.median(times))
    return ms, {"numpy_ms": numpy_ms, "ratio_vs_numpy": numpy_ms / ms}


WORKLOADS = [
    Workload("fft_c64", "fft complex64 2^24", "ms", fft_c64, ("<=", 0.30)),
    Workload("rfft2_f32", "rfft2 float32 8192²", "ms", rfft2_f32, ("<=", "cupy")),
    Workload("fft_batch", "fft 4096 × 1024 complex64", "ms", fft_batch, ("<=", "cupy")),
    Workload("fft_cpu_c128", "CPU backend fft complex128 2^20 (vs NumPy)", "ms", fft_cpu_c128,
             peers=()),
]
