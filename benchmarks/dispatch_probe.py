"""Where the dispatch rows' time goes, on a GPU machine: host time per call and GPU time per
kernel of the small ops in benchmarks/workloads/overhead.py, for ndgpu and the peers present.

    python benchmarks/dispatch_probe.py [--rounds R] [--iters N]

Host time queued: the same loop's wall time while the GPU spins (the host's part alone).
One call, events: the benchmarks' timing of a single call on an idle GPU (median of 20).
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
    """Kernels of `iters` calls of fn queued behind a spin kernel: (host µs per call spent
    queuing them, with nothing to wait for; GPU µs per call)."""
    start, end = xp.cuda.Event(), xp.cuda.Event()
    spin((1,), (1,), (xp.int64(SPIN_CYCLES),))
    start.record()
    t0 = time.perf_counter()
    for _ in range(iters):
        fn()
    queued = (time.perf_counter() - t0) * 1e6 / iters
    end.record()
    end.synchronize()
    return queued, xp.cuda.get_elapsed_time(start, end) * 1e3 / iters


def single_call_us(xp, fn, reps=20):
    """The benchmarks' event timing: events around one call on an idle GPU (median, µs)."""
    start, end = xp.cuda.Event(), xp.cuda.Event()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(xp.cuda.get_elapsed_time(start, end) * 1e3)
    return statistics.median(times)


def cases(xp):
    import numpy as np
    a = xp.asarray(np.random.default_rng(1).random(1000, dtype=np.float32))
    b = xp.asarray(np.random.default_rng(2).random(1000, dtype=np.float32))
    out = xp.empty_like(a)
    x = xp.asarray(np.random.default_rng(3).random((1024, 64, 64), dtype=np.float32))
    y = xp.asarray(np.random.default_rng(4).random((1024, 64, 64), dtype=np.float32))
    return {
        "matmul 1024x64^3": lambda: xp.matmul(x, y),
        "einsum bij,bjk": lambda: xp.einsum("bij,bjk->bik", x, y),
        "a + b": lambda: a + b,
        "add(a, b)": lambda: xp.add(a, b),
        "add(out=)": lambda: xp.add(a, b, out=out),
        "sin(a)": lambda: xp.sin(a),
        "sqrt(a)": lambda: xp.sqrt(a),
        "-a": lambda: -a,
        "float(a[3])": lambda: float(a[3]),
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
            rows[(name, case)] = (xp, spin, fn, sync, [], [], [])
    for _ in range(args.rounds):
        for (name, case), (xp, spin, fn, sync, host, gpu, single) in rows.items():
            host.append(per_call_us(fn, sync, args.iters))
            if case not in ("empty 4 KB", "float(a[3])"):
                gpu.append(gpu_per_kernel_us(xp, spin, fn, args.iters))
                sync()
                single.append(single_call_us(xp, fn))
    print(f"{'library':8} {'case':18} {'µs/call, loop (median, min-max)':34} "
          f"{'host µs, queued':>16} {'GPU µs/kernel':>14} {'one call, events':>17}")
    for (name, case), (_, _, _, _, host, gpu, single) in rows.items():
        h = f"{statistics.median(host):6.2f} ({min(host):.2f}-{max(host):.2f})"
        q = f"{statistics.median(v[0] for v in gpu):8.2f}" if gpu else "       —"
        g = f"{statistics.median(v[1] for v in gpu):8.2f}" if gpu else "       —"
        o = f"{statistics.median(single):8.2f}" if single else "       —"
        print(f"{name:8} {case:18} {h:34} {q:>16} {g:>14} {o:>17}")


if __name__ == "__main__":
    main()
