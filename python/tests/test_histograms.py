"""digitize, bincount, histogram and histogram_bin_edges vs NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def test_digitize_both_directions_and_right():
    x = np.array([-1.0, 0.0, 0.5, 1.0, 2.5, 4.0, np.nan])
    bins = np.array([0.0, 1.0, 2.5, 4.0])
    for b in (bins, bins[::-1]):
        for right in (False, True):
            assert_same(cp.digitize(cp.asarray(x), cp.asarray(b), right=right),
                        np.digitize(x, b, right=right))
    with pytest.raises(ValueError):
        cp.digitize(cp.asarray(x), cp.asarray(np.array([0.0, 2.0, 1.0])))


def test_bincount_weights_minlength_and_errors():
    x = np.random.default_rng(7).integers(0, 40, 1 << 16)
    w = np.random.default_rng(8).random(1 << 16)
    assert_same(cp.bincount(cp.asarray(x)), np.bincount(x))
    assert_same(cp.bincount(cp.asarray(x), minlength=60), np.bincount(x, minlength=60))
    assert_same(cp.bincount(cp.asarray(x), weights=cp.asarray(w)), np.bincount(x, weights=w),
                rtol=1e-9)
    empty = np.array([], np.int64)
    assert_same(cp.bincount(cp.asarray(empty)), np.bincount(empty))
    assert_same(cp.bincount(cp.asarray(np.array([3, 1, 3], np.uint8))),
                np.bincount(np.array([3, 1, 3], np.uint8)))
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.bincount(lib.asarray(np.array([1, -1])))
        with pytest.raises(ValueError):
            lib.bincount(lib.asarray(np.array([1, 2])), minlength=-1)
        with pytest.raises(TypeError):
            lib.bincount(lib.asarray(np.array([1.0, 2.0])))


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
def test_histogram_bins_range_density_weights(dtype):
    a = sample((50, 40), dtype)
    w = sample((50, 40), np.float64, seed=3)
    for kw in ({}, {"bins": 7}, {"bins": 5, "range": (-20, 10)}, {"bins": 9, "density": True}):
        h, e = cp.histogram(cp.asarray(a), **kw)
        nh, ne = np.histogram(a, **kw)
        assert_same(h, nh, rtol=1e-12 if nh.dtype.kind == "f" else None)
        assert_same(e, ne)
        assert_same(cp.histogram_bin_edges(cp.asarray(a), **kw if "density" not in kw else {}),
                    np.histogram_bin_edges(a, **kw if "density" not in kw else {}))
    h, e = cp.histogram(cp.asarray(a), bins=6, weights=cp.asarray(w))
    nh, ne = np.histogram(a, bins=6, weights=w)
    assert_same(h, nh, rtol=1e-9)
    edges = np.array([-30, -5, 0, 2, 40], dtype=np.float64)
    h, e = cp.histogram(cp.asarray(a), bins=cp.asarray(edges))
    nh, ne = np.histogram(a, bins=edges)
    assert_same(h, nh)


def test_histogram_edge_cases():
    big = np.random.default_rng(9).standard_normal(1 << 20).astype(np.float32)
    h, e = cp.histogram(cp.asarray(big), bins=256)
    nh, ne = np.histogram(big, bins=256)
    assert_same(h, nh)
    assert_same(e, ne)
    one = np.full(5, 3.0)
    assert_same(cp.histogram(cp.asarray(one))[0], np.histogram(one)[0])
    nan = np.array([1.0, np.nan, 2.0])
    assert_same(cp.histogram(cp.asarray(nan), range=(0, 3))[0], np.histogram(nan, range=(0, 3))[0])
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.histogram(lib.asarray(nan))
        with pytest.raises(ValueError):
            lib.histogram(lib.asarray(one), bins=lib.asarray(np.array([2.0, 1.0])))
