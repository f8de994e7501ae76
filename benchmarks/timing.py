"""Timers: GPU events (median of repetitions), wall clock loops, fresh subprocesses."""
import json
import statistics
import subprocess
import sys
import time


class Config:
    """Sizes and repetition counts; --quick shrinks everything for a smoke test."""

    def __init__(self, quick=False, all_peers=False):
        self.quick = quick
        self.all_peers = all_peers
        self.n = 1 << 20 if quick else 1 << 28            # 1 GiB of float32
        self.side = 1024 if quick else 16384              # side*side = n
        self.matmul_n = 512 if quick else 8192
        self.transfer_bytes = (16 if quick else 256) << 20
        self.warmup = 2 if quick else 3
        self.reps = 10 if quick else 20                   # median of >= 10 always
        self.dispatch_iters = 200 if quick else 2000
        self.dispatch_rounds = 10
        self.fresh_reps = 1 if quick else 3               # fresh-process probes per cell
        self.import_reps = 2 if quick else 5


def median_ms(lib, fn, cfg, reps=None, warmup=None):
    """Median time of fn() in ms, with GPU events when the library has them.

    Each repetition is bracketed by its own start/end event pair on the current stream;
    without events, by wall clock with a device synchronize before and after.
    """
    def one_event_timed():
        ev = lib.events()
        if ev is None:
            return _wall_timed(lib, fn)
        start, end, elapsed = ev
        start.record()
        fn()
        end.record()
        end.synchronize()
        return float(elapsed(start, end))
    return _median(lib, fn, one_event_timed, cfg, reps, warmup)


def median_wall_ms(lib, fn, cfg, reps=None, warmup=None):
    """Median wall-clock time of fn() + device synchronize, in ms (host-involved work)."""
    return _median(lib, fn, lambda: _wall_timed(lib, fn), cfg, reps, warmup)


def _wall_timed(lib, fn):
    t0 = time.perf_counter()
    fn()
    lib.sync()
    return (time.perf_counter() - t0) * 1e3


def _median(lib, fn, timed, cfg, reps, warmup):
    """Warm-up calls of fn, a device synchronize, then the median of `reps` timed() calls."""
    for _ in range(cfg.warmup if warmup is None else warmup):
        fn()
    lib.sync()
    return statistics.median(timed() for _ in range(reps or cfg.reps))


def per_call_us(lib, fn, iters, rounds, warmup=50):
    """Per-call cost in µs of fn() back to back: median over rounds of (loop + sync) / iters."""
    for _ in range(warmup):
        fn()
    lib.sync()
    per = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        lib.sync()
        per.append((time.perf_counter() - t0) * 1e6 / iters)
    return statistics.median(per)


def gbps(nbytes, ms):
    return nbytes / (ms * 1e-3) / 1e9


MISSING_FEATURE_NAMES = ("AttributeError", "NotImplementedError", "ImportError",
                         "ModuleNotFoundError")


def probe_error(text):
    """The exception for a probe's error text: a missing feature stays a missing feature."""
    if text.split(":", 1)[0] in MISSING_FEATURE_NAMES:
        return NotImplementedError(text)
    return RuntimeError(text)


def run_probe(args, env, timeout=300):
    """Run ``python3 benchmarks/probe.py ARGS`` in a fresh process; return its RESULT dict."""
    import os
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe.py")
    p = subprocess.run([sys.executable, script] + list(args), env=env, capture_output=True,
                       text=True, timeout=timeout)
    for line in reversed(p.stdout.splitlines()):
        if line.startswith("RESULT "):
            res = json.loads(line[len("RESULT "):])
            if "error" in res:
                raise probe_error(res["error"])
            return res
    tail = (p.stderr or p.stdout or "").strip().splitlines()[-5:]
    raise RuntimeError("probe %s exited %d: %s" % (" ".join(args), p.returncode,
                                                     " | ".join(tail)))
