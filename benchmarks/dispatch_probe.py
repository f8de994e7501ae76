"""Where the dispatch rows' time goes, on a GPU machine: host time per call and GPU time per
kernel of the small ops in benchmarks/workloads/overhead.py, for ndgpu and the peers present.

    python benchmarks/dispatch_probe.py [--rounds R] [--iters N]

GPU time per kernel: a spin kernel keeps the GPU busy while N calls are queued behind it;
events before and after the N calls then time the kernels alone, back to back. A dispatch
row is host-bound when its host time per call exceeds this. Rounds interleave the cases so
that drift of the host hits each alike.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))

SPIN_CYCLES = 200_000_000  # ~0.1 s at the H200's clock: longer than queuing the calls takes
SPIN_SRC = r'''
extern "C" __global__ void spin(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {}
}
'''


def per_call_us(fn, sync, iters):
    fn()
    sync()
    t0 = time.perf_counter()
    for _ in range(iters):
        fn()
    sync()
    return (time.perf_counter() - t0) * 1e6 / iters


def gpu_per_kernel_us(xp, spin, fn, iters):
    """Kernels of `iters` calls of fn queued behind a spin kernel: GPU µs per call."""
    start, end = xp.cuda.Event(), xp.cuda.Event()
    spin((1,), (1,), (xp.int64(SPIN_CYCLES),))
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    end.synchronize()
    return xp.cuda.get_elapsed_time(start, end) * 1e3 / iters


def cases(xp):
    import numpy as np
    a = xp.asarray(np.random.default_rng(1).random(1000, dtype=np.float32))
    b = xp.asarray(np.random.default_rng(2).random(1000, dtype=np.float32))
    out = xp.empty_like(a)
    return {
        "a + b": lambda: a + b,
        "add(a, b)": lambda: xp.add(a, b),
        "add(out=)": lambda: xp.add(a, b, out=out),
        "a.sum()": lambda: a.sum(),
        "empty 4 KB": lambda: xp.empty(1000, dtype=np.float32),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--iters", type=int, default=2000)
    args = ap.parse_args()
    libs = {}
    import ndgpu
    libs["ndgpu"] = ndgpu
    try:
        import cupy
        libs["cupy"] = cupy
    except ImportError:
        pass
    rows = {}
    for name, xp in libs.items():
        spin = xp.RawKernel(SPIN_SRC, "spin")
        sync = xp.cuda.Device().synchronize
        for case, fn in cases(xp).items():
            rows[(name, case)] = (xp, spin, fn, sync, [], [])
    for _ in range(args.rounds):
        for (name, case), (xp, spin, fn, sync, host, gpu) in rows.items():
            host.append(per_call_us(fn, sync, args.iters))
            if case != "empty 4 KB":
                gpu.append(gpu_per_kernel_us(xp, spin, fn, args.iters))
                sync()
    print(f"{'library':8} {'case':12} {'host µs/call (median, min-max)':34} {'GPU µs/kernel':>14}")
    for (name, case), (_, _, _, _, host, gpu) in rows.items():
        h = f"{statistics.median(host):6.2f} ({min(host):.2f}-{max(host):.2f})"
        g = f"{statistics.median(gpu):8.2f}" if gpu else "       —"
        print(f"{name:8} {case:12} {h:34} {g:>14}")


if __name__ == "__main__":
    main()
