"""Host-side costs: Python dispatch of tiny ops, pool-hit allocation."""
import numpy as np

from benchmarks.libs import rand
from benchmarks.timing import per_call_us
from benchmarks.workloads.base import Workload

SMALL = 1000


def dispatch_add(lib, cfg):
    a, b = rand(lib, SMALL, seed=1), rand(lib, SMALL, seed=2)
    return per_call_us(lib, lambda: a + b, cfg.dispatch_iters, cfg.dispatch_rounds)


def dispatch_sin(lib, cfg):
    """A unary ufunc call; issue #13 asks for a + b's time plus at most 0.5 µs."""
    a = rand(lib, SMALL, seed=1)
    sin = lib.xp.sin
    return per_call_us(lib, lambda: sin(a), cfg.dispatch_iters, cfg.dispatch_rounds)


def dispatch_sum(lib, cfg):
    a = rand(lib, SMALL, seed=1)
    return per_call_us(lib, lambda: a.sum(), cfg.dispatch_iters, cfg.dispatch_rounds)


def _view_row(make):
    """Issue #14's Python costs of indexing: fn built from a 1000-element float32 array."""
    def run(lib, cfg):
        a = rand(lib, SMALL, seed=1)
        return per_call_us(lib, make(lib, a), cfg.dispatch_iters, cfg.dispatch_rounds)
    return run


def _small_gather(lib, a):
    idx = lib.from_host(np.arange(10))
    return lambda: a[idx]


def empty_1mib(lib, cfg):
    n = (1 << 20) // 4
    if lib.name == "torch":
        torch, dev = lib.xp, lib.device
        fn = lambda: torch.empty(n, dtype=torch.float32, device=dev)  # noqa: E731
    else:
        xp = lib.xp
        fn = lambda: xp.empty(n, dtype=np.float32)  # noqa: E731
    return per_call_us(lib, fn, cfg.dispatch_iters * 5, cfg.dispatch_rounds)


WORKLOADS = [
    Workload("dispatch_add", "dispatch a + b, 1000 f32", "µs", dispatch_add, ("<=", 4)),
    Workload("dispatch_sin", "dispatch sin(a), 1000 f32", "µs", dispatch_sin, ("<=", 4.5)),
    Workload("dispatch_sum", "dispatch a.sum(), 1000 f32", "µs", dispatch_sum, ("<=", 5)),
    Workload("slice_view", "slice view a[10:500]", "µs",
             _view_row(lambda lib, a: lambda: a[10:500]), ("<=", 1)),
    Workload("reshape_view", "reshape view a.reshape(10, 100)", "µs",
             _view_row(lambda lib, a: lambda: a.reshape(10, 100)), ("<=", 0.5)),
    Workload("small_gather", "a[arange(10)] on the device", "µs", _view_row(_small_gather),
             ("<=", 10)),
    Workload("item_float", "float(a[3])", "µs", _view_row(lambda lib, a: lambda: float(a[3])),
             ("<=", 8)),
    Workload("empty", "empty 1 MiB (pool hit)", "µs", empty_1mib, ("<=", 1),
             peers=("cupy",), extra_peers=("torch",)),
]
