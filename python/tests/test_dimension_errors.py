"""Dimension-like integer arguments (issue #20): negative or huge lengths, sizes that do not
fit, counts and axes out of range raise NumPy's exception class (ValueError, MemoryError,
numpy.exceptions.AxisError, OverflowError), never a wrapped size, SystemError or a C++ name.
One row per call; each runs on NumPy first and ndgpu must match its class, or its shape when
NumPy accepts the call."""
import numpy as np
import pytest

import ndgpu as cp

HUGE = 2**70
BIG = 2**62


def arr(m, *shape):
    """Six float64 values of module m, shaped (6,) or `shape`."""
    return m.arange(6.0).reshape(shape or (6,))


CREATION = {
    "zeros(-1)": lambda m: m.zeros(-1),
    "zeros((2, -1))": lambda m: m.zeros((2, -1)),
    "ones((-1, 0))": lambda m: m.ones((-1, 0)),
    "empty(-5)": lambda m: m.empty(-5),
    "full(-1)": lambda m: m.full(-1, 1.0),
    "empty((2**62, 2**62))": lambda m: m.empty((BIG, BIG)),
    "empty(2**63 - 1)": lambda m: m.empty(2**63 - 1),
    "zeros(2**70)": lambda m: m.zeros(HUGE),
    "zeros((2, 2**70))": lambda m: m.zeros((2, HUGE)),
    "zeros(-2**70)": lambda m: m.zeros(-HUGE),
    "zeros(65 dims)": lambda m: m.zeros((1,) * 65),
    "zeros_like(shape=-1)": lambda m: m.zeros_like(arr(m), shape=-1),
    "empty_like(shape=(2, -3))": lambda m: m.empty_like(arr(m), shape=(2, -3)),
    "full_like(shape=2**70)": lambda m: m.full_like(arr(m), 1, shape=HUGE),
    "eye(-1)": lambda m: m.eye(-1),
    "eye(2, -1)": lambda m: m.eye(2, -1),
    "eye(2**70)": lambda m: m.eye(HUGE),
    "identity(-1)": lambda m: m.identity(-1),
    "tri(-1)": lambda m: m.tri(-1),
    "tri(2**70)": lambda m: m.tri(HUGE),
    "arange(5, 0)": lambda m: m.arange(5, 0),
    "linspace(num=-1)": lambda m: m.linspace(0, 1, -1),
    "linspace(num=2**70)": lambda m: m.linspace(0, 1, HUGE),
    "logspace(num=-1)": lambda m: m.logspace(0, 1, -1),
    "indices((-1, 2))": lambda m: m.indices((-1, 2)),
    "vander(N=-1)": lambda m: m.vander(arr(m), -1),
    "vander(N=2**70)": lambda m: m.vander(arr(m), HUGE),
    "ndarray((-1,))": lambda m: m.ndarray((-1,)),
    "ndarray((2**62, 2**62))": lambda m: m.ndarray((BIG, BIG)),
    "random.rand(-1)": lambda m: m.random.rand(-1),
    "random.random((2, -1))": lambda m: m.random.random((2, -1)),
    "random.normal(size=-1)": lambda m: m.random.normal(size=-1),
    "randint(0, 2**70)": lambda m: m.random.RandomState(0).randint(0, HUGE),
}

RESHAPE = {
    "reshape(-1, -1)": lambda m: arr(m).reshape(-1, -1),
    "reshape(4)": lambda m: arr(m).reshape(4),
    "reshape(-2)": lambda m: arr(m).reshape(-2),
    "reshape(-2, -3)": lambda m: arr(m).reshape(-2, -3),
    "reshape(-1, 4)": lambda m: arr(m).reshape(-1, 4),
    "reshape(0, -1)": lambda m: arr(m).reshape(0, -1),
    "reshape(2, -3)": lambda m: arr(m).reshape(2, -3),
    "reshape(2**62, 2**62)": lambda m: arr(m).reshape(BIG, BIG),
    "reshape(2**70)": lambda m: arr(m).reshape(HUGE),
    "reshape(65 dims)": lambda m: arr(m)[:1].reshape((1,) * 65),
    "empty.reshape(0, -1)": lambda m: m.zeros(0).reshape(0, -1),
    "empty.reshape(-1, 0)": lambda m: m.zeros(0).reshape(-1, 0),
    "reshape(a, -3)": lambda m: m.reshape(arr(m), -3),
    "resize(-1)": lambda m: m.resize(arr(m), -1),
}

BROADCAST = {
    "broadcast_to((-1,))": lambda m: m.broadcast_to(arr(m), (-1,)),
    "broadcast_to((2, -6))": lambda m: m.broadcast_to(arr(m), (2, -6)),
    "broadcast_to((-1, 6))": lambda m: m.broadcast_to(arr(m), (-1, 6)),
    "broadcast_to((2**62, 2**62, 6))": lambda m: m.broadcast_to(arr(m), (BIG, BIG, 6)),
    "broadcast_to((4,))": lambda m: m.broadcast_to(arr(m), (4,)),
    "broadcast_to((2**70, 6))": lambda m: m.broadcast_to(arr(m), (HUGE, 6)),
    "broadcast_to(65 dims)": lambda m: m.broadcast_to(arr(m), (1,) * 64 + (6,)),
}

COUNTS = {
    "tile(-1)": lambda m: m.tile(arr(m), -1),
    "tile((2, -1))": lambda m: m.tile(arr(m), (2, -1)),
    "tile(2**62)": lambda m: m.tile(arr(m), BIG),
    "tile(2**70)": lambda m: m.tile(arr(m), HUGE),
    "repeat(-1)": lambda m: m.repeat(arr(m), -1),
    "repeat([..., -1])": lambda m: m.repeat(arr(m), [1, 1, 1, 1, 1, -1]),
    "repeat(2**62)": lambda m: m.repeat(arr(m), BIG),
    "repeat(2**70)": lambda m: m.repeat(arr(m), HUGE),
    "repeat(counts of wrong length)": lambda m: m.repeat(arr(m), [1, 2]),
    "diff(n=-1)": lambda m: m.diff(arr(m, 2, 3), n=-1),
    "array_split(-1)": lambda m: m.array_split(arr(m), -1),
    "split(4) uneven": lambda m: m.split(arr(m), 4),
    "bincount(minlength=-1)": lambda m: m.bincount(m.asarray([1]), minlength=-1),
    "histogram(bins=-1)": lambda m: m.histogram(arr(m), bins=-1),
    "histogram(bins=0)": lambda m: m.histogram(arr(m), bins=0),
    "pad(-1)": lambda m: m.pad(arr(m), -1),
    "partition(kth=7)": lambda m: m.partition(arr(m), 7),
    "fft(n=-1)": lambda m: m.fft.fft(arr(m), n=-1),
    "fft(n=0)": lambda m: m.fft.fft(arr(m), n=0),
    "unravel_index(dims=(2**70,))": lambda m: m.unravel_index(3, (HUGE,)),
    "diag(v, 2**70)": lambda m: m.diag(arr(m), HUGE),
    "diag(x, 2**70)": lambda m: m.diag(arr(m, 2, 3), HUGE),
    "tri(3, k=2**70)": lambda m: m.tri(3, k=HUGE),
}

AXES = {
    "sum(axis=2)": lambda m: arr(m).sum(axis=2),
    "sum(axis=-3)": lambda m: arr(m, 2, 3).sum(axis=-3),
    "sum(axis=(0, 0))": lambda m: arr(m, 2, 3).sum(axis=(0, 0)),
    "sum(axis=2**70)": lambda m: arr(m).sum(axis=HUGE),
    "mean(axis=5)": lambda m: arr(m, 2, 3).mean(axis=5),
    "any(axis=2)": lambda m: m.any(arr(m, 2, 3), axis=2),
    "nansum(axis=2)": lambda m: m.nansum(arr(m, 2, 3), axis=2),
    "count_nonzero(axis=2)": lambda m: m.count_nonzero(arr(m, 2, 3), axis=2),
    "argmax(axis=1)": lambda m: arr(m).argmax(axis=1),
    "argmin(axis=-2)": lambda m: arr(m).argmin(axis=-2),
    "cumsum(axis=1)": lambda m: arr(m).cumsum(axis=1),
    "sort(axis=1)": lambda m: m.sort(arr(m), axis=1),
    "argsort(axis=-2)": lambda m: m.argsort(arr(m), axis=-2),
    "partition(axis=1)": lambda m: m.partition(arr(m), 1, axis=1),
    "median(axis=2)": lambda m: m.median(arr(m, 2, 3), axis=2),
    "percentile(axis=2)": lambda m: m.percentile(arr(m, 2, 3), 50, axis=2),
    "unique(axis=2)": lambda m: m.unique(arr(m, 2, 3), axis=2),
    "gradient(axis=2)": lambda m: m.gradient(arr(m, 2, 3), axis=2),
    "linalg.norm(axis=2)": lambda m: m.linalg.norm(arr(m, 2, 3), axis=2),
    "repeat(axis=1)": lambda m: m.repeat(arr(m), 2, axis=1),
    "repeat(axis=-2)": lambda m: m.repeat(arr(m), 2, axis=-2),
    "concatenate(axis=1)": lambda m: m.concatenate([arr(m), arr(m)], axis=1),
    "stack(axis=3)": lambda m: m.stack([arr(m), arr(m)], axis=3),
    "stack(axis=-3)": lambda m: m.stack([arr(m), arr(m)], axis=-3),
    "expand_dims(axis=3)": lambda m: m.expand_dims(arr(m), 3),
    "expand_dims(axis=(0, 0))": lambda m: m.expand_dims(arr(m), (0, 0)),
    "squeeze(axis=1)": lambda m: m.squeeze(arr(m, 2, 3), axis=1),
    "squeeze(axis=3)": lambda m: m.squeeze(arr(m, 2, 3), axis=3),
    "moveaxis(2, 0)": lambda m: m.moveaxis(arr(m, 2, 3), 2, 0),
    "moveaxis((0, 0), (0, 1))": lambda m: m.moveaxis(arr(m, 2, 3), (0, 0), (0, 1)),
    "swapaxes(0, 2)": lambda m: m.swapaxes(arr(m, 2, 3), 0, 2),
    "rollaxis(3)": lambda m: m.rollaxis(arr(m, 2, 3), 3),
    "rollaxis(0, 4)": lambda m: m.rollaxis(arr(m, 2, 3), 0, 4),
    "transpose((0, 2))": lambda m: arr(m, 2, 3).transpose((0, 2)),
    "transpose((0, 0))": lambda m: arr(m, 2, 3).transpose((0, 0)),
    "transpose((0,))": lambda m: arr(m, 2, 3).transpose((0,)),
    "flip(axis=2)": lambda m: m.flip(arr(m, 2, 3), axis=2),
    "flip(axis=(0, 0))": lambda m: m.flip(arr(m, 2, 3), axis=(0, 0)),
    "roll(axis=2)": lambda m: m.roll(arr(m, 2, 3), 1, axis=2),
    "roll(axis=(0, 5))": lambda m: m.roll(arr(m, 2, 3), (1, 1), axis=(0, 5)),
    "take(axis=2)": lambda m: m.take(arr(m, 2, 3), m.asarray([0]), axis=2),
    "ndarray.take(axis=-3)": lambda m: arr(m, 2, 3).take(m.asarray([0]), axis=-3),
    "diff(axis=2)": lambda m: m.diff(arr(m, 2, 3), axis=2),
    "split(axis=2)": lambda m: m.split(arr(m, 2, 3), 2, axis=2),
    "diagonal(axis2=2)": lambda m: m.diagonal(arr(m, 2, 3), 0, 0, 2),
    "diagonal(0, 0)": lambda m: m.diagonal(arr(m, 2, 3), 0, 0, 0),
    "trace(axis1=5)": lambda m: m.trace(arr(m, 2, 3), 0, 5),
    "cross(axis=5)": lambda m: m.cross(m.ones((2, 3)), m.ones((2, 3)), axis=5),
    "cross(axis=2**70)": lambda m: m.cross(m.ones((2, 3)), m.ones((2, 3)), axis=HUGE),
    "fft(axis=2)": lambda m: m.fft.fft(arr(m, 2, 3), axis=2),
    "rot90(axes=(0, 0))": lambda m: m.rot90(arr(m, 2, 3), 1, (0, 0)),
    "rot90(axes=(0, 2))": lambda m: m.rot90(arr(m, 2, 3), 1, (0, 2)),
    "tensordot(axes=3)": lambda m: m.tensordot(arr(m, 2, 3), arr(m, 2, 3), axes=3),
}

TABLE = {**CREATION, **RESHAPE, **BROADCAST, **COUNTS, **AXES}

# NumPy raises a bare IndexError ("tuple index out of range") from Python code that indexes a
# shape tuple; an AxisError (an IndexError too) is the better answer and is accepted there.
SUBCLASS_OK = {"split(axis=2)", "fft(axis=2)", "tensordot(axes=3)"}


def outcome(call, m):
    try:
        r = call(m)
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return e
    return r


@pytest.mark.parametrize("name", list(TABLE))
def test_numpys_exception_class(name):
    call = TABLE[name]
    expected = outcome(call, np)
    got = outcome(call, cp)
    if not isinstance(expected, Exception):
        assert not isinstance(got, Exception), f"NumPy accepts it; ndgpu raised {got!r}"
        shape = lambda r: [x.shape for x in r] if isinstance(r, (tuple, list)) else r.shape
        assert shape(got) == shape(expected)
        return
    assert isinstance(got, Exception), f"NumPy raises {expected!r}; ndgpu returned"
    assert not isinstance(got, (SystemError, RuntimeError)), got
    if name in SUBCLASS_OK:
        assert isinstance(got, type(expected)), (got, expected)
    else:
        assert type(got) is type(expected), (got, expected)
