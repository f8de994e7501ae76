"""Unary loops' bandwidth as a share of add's, per library, on a GPU machine: 2^28 float32,
out= given, median of 7 rounds of 20 calls. Chose the elementwise block size
(src/kernel/launch.hpp). Run: PYTHONPATH=python python3 benchmarks/unary_ratio.py ndgpu torch cupy
"""
import sys

N = 1 << 28


def _median_ms(fn, event, reps=20):
    fn()
    times = []
    for _ in range(7):
        start, end = event(), event()
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / reps)
    return sorted(times)[3]


def _torch_ops():
    import torch as t
    x = t.rand(N, device="cuda") * 0.8 + 0.1
    y = t.rand(N, device="cuda") * 0.8 + 0.1
    o = t.empty_like(x)
    ops = {"add": lambda: t.add(x, y, out=o), "neg": lambda: t.neg(x, out=o),
           "sqrt": lambda: t.sqrt(x, out=o), "reciprocal": lambda: t.reciprocal(x, out=o),
           "sin": lambda: t.sin(x, out=o), "clip": lambda: t.clamp(x, 0.2, 0.8, out=o),
           "copy": lambda: o.copy_(x)}
    return ops, lambda: t.cuda.Event(enable_timing=True)


def _xp_ops(name):
    xp = __import__(name)
    x = xp.random.rand(N).astype(xp.float32) * 0.8 + 0.1
    y = xp.random.rand(N).astype(xp.float32) * 0.8 + 0.1
    o = xp.empty_like(x)

    class Event:  # torch.cuda.Event's two members over xp.cuda.Event
        def __init__(self):
            self.e = xp.cuda.Event()

        def record(self):
            self.e.record()

        def synchronize(self):
            self.e.synchronize()

        def elapsed_time(self, end):
            return xp.cuda.get_elapsed_time(self.e, end.e)

    ops = {"add": lambda: xp.add(x, y, out=o), "neg": lambda: xp.negative(x, out=o),
           "sqrt": lambda: xp.sqrt(x, out=o), "reciprocal": lambda: xp.reciprocal(x, out=o),
           "sin": lambda: xp.sin(x, out=o), "clip": lambda: xp.clip(x, 0.2, 0.8, out=o),
           "copy": lambda: xp.copyto(o, x)}
    return ops, Event


def main(libs):
    for lib in libs:
        ops, event = _torch_ops() if lib == "torch" else _xp_ops(lib)
        gbps = {k: (3 if k == "add" else 2) * N * 4 / _median_ms(f, event) / 1e6
                for k, f in ops.items()}
        add = gbps.pop("add")
        print(f"{lib:7s} add {add:5.0f} GB/s | " +
              " ".join(f"{k} {v:5.0f} ({100 * v / add:4.1f}%)" for k, v in gbps.items()),
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["ndgpu"])
