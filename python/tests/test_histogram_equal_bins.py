"""histogram with equal bins (one pass, NumPy's index arithmetic) vs NumPy, exactly: values
on every edge and one step either side of it, ranges given or from the data, every path."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def _on_and_around_edges(edges, dtype):
    """Each edge and its neighbours one step down and up, as `dtype`, inside the outer edges."""
    e = edges.astype(dtype)
    values = np.concatenate([e, np.nextafter(e, dtype(-np.inf)), np.nextafter(e, dtype(np.inf))])
    return values[(values >= e[0]) & (values <= e[-1])]


def _check(x, **kw):
    h, e = cp.histogram(cp.asarray(x), **kw)
    nh, ne = np.histogram(x, **kw)
    assert_same(h, nh)
    assert_same(e, ne)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("bins,range_", [(7, None), (256, (0.0, 1.0)), (10, (0.1, 0.7)),
                                         (33, (-3.3, 1e3)), (1000, None), (20000, (-1.0, 1.0))])
def test_values_on_edges(dtype, bins, range_):
    rng = np.random.default_rng(bins)
    base = rng.uniform(-1, 1.2, 3000).astype(dtype)
    edges = np.histogram_bin_edges(base, bins=bins, range=range_)
    x = np.concatenate([base, _on_and_around_edges(edges, dtype)])
    rng.shuffle(x)
    _check(x, bins=bins, range=range_)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64, np.uint64])
def test_integers_on_edges(dtype):
    x = np.arange(100).astype(dtype)
    _check(x, bins=33)  # edges at multiples of 3: a third of the values sit on one
    _check(x, bins=20, range=(10, 50))
    _check(x, bins=7, range=(-0.5, 99.5))
    _check(np.full(9, 5, dtype), bins=4)  # one value: the range widens by 0.5 each way


def test_narrow_range_far_from_zero():
    # Bins four float32 steps wide: every value takes NumPy's exact arithmetic.
    steps = [np.float32(1000)]
    for _ in range(40):
        steps.append(np.nextafter(steps[-1], np.float32(np.inf)))
    x = np.array(steps, np.float32)
    _check(x, bins=4, range=(1000.0, float(x[16])))
    _check(x, bins=5)


@pytest.mark.parametrize("n", [(1 << 20) + 3, 5000])
def test_large_offset_and_strided_inputs(n):
    rng = np.random.default_rng(n)
    x = rng.random(n, dtype=np.float32)
    x[::97] = np.float32(0.25)  # on an edge of 256 bins over [0, 1]
    _check(x[1:], bins=256, range=(0.0, 1.0))  # starts off a 16-byte boundary
    _check(x[::3], bins=256, range=(0.0, 1.0))
    _check(x.astype(np.float64)[1:], bins=100)
    _check(x, bins=256, range=(0.2, 0.8), density=True)


def test_out_of_range_and_nan_values_are_dropped():
    x = np.array([-np.inf, -1.0, 0.0, 0.5, np.nan, 1.0, 2.0, np.inf], np.float32)
    _check(x, bins=4, range=(0.0, 1.0))
    _check(x.astype(np.float64), bins=3, range=(-1.0, 1.0))
    _check(np.array([], np.float32), bins=5)
