"""Memory-bound workloads on 1 GiB operands: copy, add, x*y + w, fuse, sums, norm.

Bandwidth counts each operand once: bytes read plus bytes written, whatever the library
does internally (so two-op x*y + w is charged 4 operands, not 6).
"""
from benchmarks.libs import rand
from benchmarks.timing import gbps, median_ms
from benchmarks.workloads.base import NotApplicable, Workload

F32 = 4


def device_copy(lib, cfg):
    x = rand(lib, cfg.n)
    fn = (lambda: x.clone()) if lib.name == "torch" else (lambda: x.copy())
    return gbps(2 * cfg.n * F32, median_ms(lib, fn, cfg))


def add_out(lib, cfg):
    x, y = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2)
    z = lib.xp.empty_like(x)  # same spelling in all three libraries
    return gbps(3 * cfg.n * F32, median_ms(lib, lambda: lib.xp.add(x, y, out=z), cfg))


def mul_add_two_ops(lib, cfg):
    x, y, w = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2), rand(lib, cfg.n, seed=3)
    return gbps(4 * cfg.n * F32, median_ms(lib, lambda: x * y + w, cfg))


_FUSED = {}


def mul_add_fused(lib, cfg):
    if lib.name == "torch":
        raise NotApplicable("no fuse in PyTorch eager")
    fuse = lib.xp.fuse  # AttributeError -> n/a
    f = _FUSED.get(lib.name)
    if f is None:
        @fuse()
        def f(x, y, w):
            return x * y + w
        _FUSED[lib.name] = f
    x, y, w = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2), rand(lib, cfg.n, seed=3)
    return gbps(4 * cfg.n * F32, median_ms(lib, lambda: f(x, y, w), cfg))


def total_sum(lib, cfg):
    x = rand(lib, cfg.n)
    return gbps(cfg.n * F32 + F32, median_ms(lib, lambda: x.sum(), cfg))


def _axis_sum(axis):
    def run(lib, cfg):
        s = cfg.side
        x = rand(lib, (s, s))
        if lib.name == "torch":
            fn = lambda: x.sum(dim=axis)  # noqa: E731
        else:
            fn = lambda: x.sum(axis=axis)  # noqa: E731
        return gbps(s * s * F32 + s * F32, median_ms(lib, fn, cfg))
    return run


def norm(lib, cfg):
    x = rand(lib, cfg.n)
    if lib.name == "torch":
        fn = lambda: lib.xp.linalg.vector_norm(x)  # noqa: E731
    else:
        fn = lambda: lib.xp.linalg.norm(x)  # noqa: E731
    return gbps(cfg.n * F32 + F32, median_ms(lib, fn, cfg))


WORKLOADS = [
    Workload("copy", "device copy f32 2^28 (ceiling)", "GB/s", device_copy, None,
             peers=("cupy",), extra_peers=("torch",)),
    Workload("add", "add f32 2^28, out=", "GB/s", add_out, (">=", 4300)),
    Workload("mul_add", "x*y + w, two ops", "GB/s", mul_add_two_ops, (">=", 2900)),
    Workload("fuse", "fused x*y + w", "GB/s", mul_add_fused, (">=", 4300), peers=("cupy",)),
    Workload("sum", "sum f32 2^28", "GB/s", total_sum, (">=", 4000)),
    Workload("sum_axis0", "sum(axis=0) 16384^2", "GB/s", _axis_sum(0), (">=", 4000)),
    Workload("sum_axis1", "sum(axis=1) 16384^2", "GB/s", _axis_sum(1), (">=", 3950)),
    Workload("norm", "linalg.norm f32 2^28", "GB/s", norm, (">=", 4000),
             peers=("cupy",), extra_peers=("torch",)),
]
